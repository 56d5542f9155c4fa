/**
 * Bundle sizes of the player page from the esbuild metafile of the bench's build:
 * - initial JS/CSS: what index.html makes the browser fetch before playing: the entry script,
 *   its stylesheets, the modulepreloaded engine and app chunks, and everything they import statically;
 * - each lazy chunk (every other JS output);
 * - own code without vendors, two ways: (a) re-bundling the same entry with every package
 *   external (same esbuild options and split as esbuild.config.mjs) and gzipping the outputs the page would
 *   load initially — the headline figure; (b) a cross-check: each initial output's gzip size times
 *   the share of its bytes (metafile bytesInOutput) that come from files outside node_modules.
 * gzip level 9 and brotli quality 11, like the size report of the build.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BROWSER_BUILD, eagerChunks, PLAYER_APP, PLAYER_LAZY_MODULES, PLAYER_PRELOAD } from '../../../scripts/build-options.mjs';
import { bundleStartApart } from '../../../scripts/start-apart.mjs';

interface MetaOutput {
  bytes: number;
  imports: Array<{ path: string; kind: string }>;
  inputs: Record<string, { bytesInOutput: number }>;
  entryPoint?: string;
  cssBundle?: string;
}
interface Metafile {
  outputs: Record<string, MetaOutput>;
}

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

export interface BundleResult {
  initialJs: FileSize[];
  /** The app's chunks, fetched at its turn (after the first frame), beyond the initial ones. */
  appJs: FileSize[];
  initialCss: FileSize[];
  lazyChunks: FileSize[];
  ownCodeGzip: number;
  ownCodeBrotli: number;
  ownCodeRaw: number;
  /** The same with the app's chunks: all the own code a started player runs. */
  ownCodeWithAppGzip: number;
  ownCodeGzipProportional: number;
  initialJsByPackage: Record<string, number>;
}

async function sizeOf(repo: string, file: string, shown: string): Promise<FileSize> {
  const body = await readFile(path.resolve(repo, file));
  return { file: shown, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length, brotli: brotliCompressSync(body).length };
}

/** The outputs reachable from `roots` through static imports. */
function staticClosure(meta: Metafile, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !meta.outputs[file]) continue;
    seen.add(file);
    for (const imp of meta.outputs[file]!.imports) if (imp.kind === 'import-statement') queue.push(imp.path);
  }
  return seen;
}

const packageOf = (input: string) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match ? match[1]! : '(own code)';
};

export async function measureBundle(repo: string, distDir: string): Promise<BundleResult> {
  const playerDir = path.resolve(repo, distDir, 'player');
  const meta = JSON.parse(await readFile(path.join(playerDir, 'metafile.json'), 'utf8')) as Metafile;
  const html = await readFile(path.join(playerDir, 'index.html'), 'utf8');
  const toKey = (href: string) => path.relative(repo, path.join(playerDir, href)).split(path.sep).join('/');
  const referenced = [...html.matchAll(/(?:href|src)="\.\/([^"]+\.(?:js|css))"/g)].map((m) => toKey(m[1]!));
  const initial = staticClosure(meta, referenced);
  const entry = Object.keys(meta.outputs).find((file) => meta.outputs[file]!.entryPoint === 'src/app/main.ts' && file.endsWith('.js'));
  const app = new Set(entry ? eagerChunks(meta.outputs, entry, PLAYER_APP) : []);
  const shown = (file: string) => path.relative(path.join(repo, distDir), path.resolve(repo, file)).split(path.sep).join('/');

  const initialJs: FileSize[] = [];
  const appJs: FileSize[] = [];
  // The page's stylesheets as index.html names them (joined by the build, so not all in the metafile).
  const initialCss: FileSize[] = await Promise.all(referenced.filter((file) => file.endsWith('.css')).map((file) => sizeOf(repo, file, shown(file))));
  const lazyChunks: FileSize[] = [];
  let proportional = 0;
  const byPackage: Record<string, number> = {};
  for (const [file, out] of Object.entries(meta.outputs)) {
    if (!/\.(js|css)$/.test(file)) continue;
    const size = await sizeOf(repo, file, shown(file));
    if (file.endsWith('.css')) continue;
    if (!initial.has(file) && !app.has(file)) {
      lazyChunks.push(size);
      continue;
    }
    (initial.has(file) ? initialJs : appJs).push(size);
    const inputs = Object.entries(out.inputs);
    const total = inputs.reduce((sum, [, v]) => sum + v.bytesInOutput, 0);
    const own = inputs.filter(([name]) => !name.includes('node_modules/')).reduce((sum, [, v]) => sum + v.bytesInOutput, 0);
    if (total > 0) proportional += (size.gzip * own) / total;
    for (const [name, v] of inputs) byPackage[packageOf(name)] = (byPackage[packageOf(name)] ?? 0) + v.bytesInOutput;
  }

  const own = await ownCode(repo);
  const initialJsByPackage = Object.fromEntries(Object.entries(byPackage).sort((a, b) => b[1] - a[1]));
  return { initialJs, appJs, initialCss, lazyChunks, ...own, ownCodeGzipProportional: Math.round(proportional), initialJsByPackage };
}

/**
 * Re-bundles the player entry with every package external; sums the initially loaded JS (what
 * index.html references: the entry and the modulepreloaded engine), and apart, that with the app
 * fetched at its turn (all a started player runs).
 */
async function ownCode(repo: string): Promise<{ ownCodeGzip: number; ownCodeBrotli: number; ownCodeRaw: number; ownCodeWithAppGzip: number }> {
  const outdir = await mkdtemp(path.join(os.tmpdir(), 'bench-own-'));
  try {
    // Split as the build splits it: the start one file, its lazy modules apart (scripts/start-apart.mjs).
    const { metafile } = await bundleStartApart({
      root: repo,
      entry: 'src/app/main.ts',
      outdir,
      options: { ...BROWSER_BUILD, packages: 'external', logLevel: 'silent' },
      startPlugins: BROWSER_BUILD.plugins,
      lazyModulesFile: PLAYER_LAZY_MODULES,
    });
    const meta = metafile as unknown as Metafile;
    // Every `import()` target is an entry point of the metafile too: the page's entry is main.ts's.
    const entry = Object.keys(meta.outputs).find((file) => meta.outputs[file]!.entryPoint === 'src/app/main.ts' && file.endsWith('.js'))!;
    const initial = new Set([entry, ...eagerChunks(meta.outputs, entry, PLAYER_PRELOAD)].filter((file) => file.endsWith('.js')));
    const started = [entry, ...eagerChunks(meta.outputs, entry, new RegExp(`${PLAYER_PRELOAD.source}|${PLAYER_APP.source}`))].filter((file) => file.endsWith('.js'));
    let gzip = 0;
    let brotli = 0;
    let raw = 0;
    let withApp = 0;
    for (const file of started) {
      const size = await sizeOf(repo, file, file);
      withApp += size.gzip;
      if (!initial.has(file)) continue;
      gzip += size.gzip;
      brotli += size.brotli;
      raw += size.bytes;
    }
    return { ownCodeGzip: gzip, ownCodeBrotli: brotli, ownCodeRaw: raw, ownCodeWithAppGzip: withApp };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
