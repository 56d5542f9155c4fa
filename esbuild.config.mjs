// Builds the player page, the harness page, the host SDK and the harness server into dist/.
// Usage: node esbuild.config.mjs [--watch-free] [--no-report]
// --no-report (the browser tests' and the bench's builds) skips the size report.
import * as esbuild from 'esbuild';
import { readFile, writeFile, mkdir, rm, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { BROWSER_BUILD, eagerChunks, PLAYER_APP, PLAYER_LAZY_MODULES, PLAYER_PRELOAD, precompress, pruneCompressCache } from './scripts/build-options.mjs';
import { HLS_SRC, hlsOmitted } from './scripts/hls-omitted.mjs';
import { hlsPatched } from './scripts/hls-patches.mjs';
import { bundleStartApart } from './scripts/start-apart.mjs';

const root = path.dirname(new URL(import.meta.url).pathname);
// DIST_DIR lets parallel runs build side by side (e.g. DIST_DIR=.dist-ads).
const dist = path.resolve(root, process.env.DIST_DIR || 'dist');
const report = !process.argv.includes('--no-report');

/**
 * hls.js built from its TypeScript sources with only the features the player uses (its own
 * rollup build does the same for hls.light.js): alternate audio, subtitles, variable
 * substitution, MPEG-TS advanced codecs and media capabilities stay; DRM, CMCD, content
 * steering, interstitials and I-frame playlists go. AES-128 keys are core and stay.
 */
const hlsPackage = JSON.parse(await readFile(path.join(root, 'node_modules/hls.js/package.json'), 'utf8'));
const HLS_FEATURES = {
  __VERSION__: JSON.stringify(hlsPackage.version),
  __USE_ALT_AUDIO__: 'true',
  __USE_SUBTITLES__: 'true',
  __USE_VARIABLE_SUBSTITUTION__: 'true',
  // AC-3 in MPEG-TS: an AC3 track plays when the viewer prefers it (SPEC.md §9) where the browser
  // decodes AC-3 (Safari, Edge). HEVC in TS comes with it (Apple's authoring spec wants fMP4 for HEVC).
  __USE_M2TS_ADVANCED_CODECS__: 'true',
  __USE_MEDIA_CAPABILITIES__: 'true',
  __USE_EME_DRM__: 'false',
  __USE_CMCD__: 'false',
  __USE_CONTENT_STEERING__: 'false',
  __USE_INTERSTITIALS__: 'false',
  __USE_IFRAMES__: 'false',
};

/**
 * hls.js's transmuxer worker (issue 49), as its own build makes hls.worker.js: transmuxer-worker.ts
 * as one classic script with __IN_WORKER__ set, from the same sources, flags and stubs as the
 * engine chunk. The engine loads it (`workerPath`) only for a stream it must transmux (MPEG-TS,
 * AAC/MP3), so it is no initial file. Returns its address relative to the page, as index.html
 * names the other assets.
 */
async function buildHlsWorker() {
  const outdir = path.join(dist, 'player', 'assets');
  const result = await esbuild.build({
    ...BROWSER_BUILD,
    entryPoints: { 'hls-worker': path.join(HLS_SRC, 'demux/transmuxer-worker.ts') },
    splitting: false,
    format: 'iife',
    outdir,
    sourcemap: 'linked',
    define: { ...BROWSER_BUILD.define, ...HLS_FEATURES, __IN_WORKER__: 'true' },
    // None of the stubbed modules is in the worker's graph today; should an upgrade bring one in, it stays out.
    plugins: [hlsOmitted(undefined, { allUsed: false })],
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  const file = Object.keys(outputs).find((name) => outputs[name].entryPoint && name.endsWith('.js'));
  return { outputs, file, url: `./assets/${path.basename(file)}` };
}

const pages = [
  {
    name: 'player',
    entry: 'src/app/main.ts',
    html: 'src/app/index.html',
    preload: PLAYER_PRELOAD,
    lazyStyles: PLAYER_APP,
    inlineScript: 'src/start/early-inline.ts',
    // The start as one file, its lazy modules (the engine, the app) a build of their own (scripts/start-apart.mjs).
    startApart: PLAYER_LAZY_MODULES,
    alias: { 'hls.js': './node_modules/hls.js/src/exports-named.ts' },
    define: HLS_FEATURES,
    // hls.js modules the player never runs (live latency, 608 captions, ID3 track...), each
    // resolved to a stub; scripts/hls-omitted.mjs lists them with their reasons (issue 39).
    // hls.js's bugs the player meets, fixed where it bundles them (scripts/hls-patches.mjs).
    plugins: [hlsOmitted(), hlsPatched()],
  },
  { name: 'harness', entry: 'harness/app/main.tsx', html: 'harness/app/index.html' },
];

/**
 * Builds one browser page with code splitting and hashed names, then writes its index.html:
 * - one stylesheet: the entry's, after those of the lazy chunks `lazyStyles` names (the app imports
 *   its views' styles before the entry's), joined so the page pays one request for them, or none
 *   with `inlineStyles` (a `<style>` in the page: about 6 KiB compressed, against a connection);
 * - the entry's static imports modulepreloaded (not with `inlineScript`), then the entry, then the
 *   chunks `preload` names;
 * - `inlineScript`, bundled on its own, in the page where the template says `<!-- early -->`: it
 *   runs while the parser reads the page, a round trip before the entry could. The player's
 *   template puts it before the assets, at the end of the body: a stylesheet above it would hold
 *   it until the stylesheet loads, and over HTTP/1.1 (six connections to a host) its start-up
 *   calls must not queue behind the chunks;
 * - the templates name no icon to fetch (a data: URL), which would take one of those connections.
 */
async function buildPage({ name, entry, html, preload, lazyStyles, inlineScript, inlineStyles = false, startApart, alias = {}, define = {}, plugins = [] }) {
  const outdir = path.join(dist, name, 'assets');
  const options = { ...BROWSER_BUILD, sourcemap: 'linked', define: { ...BROWSER_BUILD.define, ...define }, alias, plugins: [...BROWSER_BUILD.plugins, ...plugins], logLevel: 'warning' };
  const { metafile, lazy = [] } = startApart
    ? await bundleStartApart({ root, entry, outdir, options, startPlugins: BROWSER_BUILD.plugins, lazyModulesFile: startApart })
    : await esbuild.build({ ...options, entryPoints: { main: path.join(root, entry) }, outdir });
  const outputs = metafile.outputs;
  const rel = (file) => path.relative(path.join(dist, name), path.join(root, file)).split(path.sep).join('/');
  // Every `import()` target is an entry point of the metafile too: the page's entry is the one built from `entry`.
  const entryJs = Object.keys(outputs).find((file) => outputs[file].entryPoint && path.resolve(outputs[file].entryPoint) === path.join(root, entry) && file.endsWith('.js'));
  const entryCss = outputs[entryJs]?.cssBundle;
  const template = await readFile(path.join(root, html), 'utf8');
  const statics = eagerChunks(outputs, entryJs, /(?!)/);
  const preloads = eagerChunks(outputs, entryJs, preload ?? /(?!)/).filter((file) => !statics.includes(file));
  const lazyCss = eagerChunks(outputs, entryJs, lazyStyles ?? /(?!)/).map((file) => outputs[file]?.cssBundle);
  const styles = [...new Set([...lazyCss, ...preloads.map((file) => outputs[file]?.cssBundle), entryCss])].filter(Boolean);
  const css = await joinStyles(styles);
  const stylesheet = !inlineStyles && css ? await writeStyles(name, css) : null;
  // The app's own chunks (not the page's), for the entry to ask for together at the app's turn,
  // instead of one round trip after another as each chunk's imports are found.
  const appChunks = lazyStyles ? eagerChunks(outputs, entryJs, lazyStyles).filter((file) => !statics.includes(file) && !preloads.includes(file)) : [];
  const tags = [
    inlineStyles && css ? `<style>${css}</style>` : stylesheet && `<link rel="stylesheet" href="./${rel(stylesheet)}">`,
    appChunks.length > 0 && `<meta name="app-chunks" content="${appChunks.map((file) => `./${rel(file)}`).join(' ')}">`,
    ...lazy.map((module) => `<meta name="lazy-module-${module.name}" content="./${rel(module.file)}">`),
    // With the inline script sending the start-up calls, the entry's own chunks are not on the way to the
    // first frame (the engine's is): found when the entry is parsed, they leave the connections to the calls.
    ...(inlineScript ? [] : statics).map((file) => `<link rel="modulepreload" href="./${rel(file)}">`),
    `<script type="module" src="./${rel(entryJs)}"></script>`,
    ...preloads.map((file) => `<link rel="modulepreload" href="./${rel(file)}">`),
  ].filter(Boolean).join('\n    ');
  const early = inlineScript ? `<script>${await inlineBundle(inlineScript, define)}</script>` : '';
  await writeFile(path.join(dist, name, 'index.html'), template.replace('<!-- assets -->', tags).replace('<!-- early -->', () => early));
  await writeFile(path.join(dist, name, 'metafile.json'), JSON.stringify(metafile));
  // What index.html makes the browser fetch at once: with their static imports, the page's initial files.
  // The app's chunks, fetched at its turn: with the initial files, all a started player runs.
  const app = eagerChunks(outputs, entryJs, lazyStyles ?? /(?!)/);
  return { name, outputs, entryJs, entryCss, referenced: [...statics, entryJs, ...preloads, ...(stylesheet ? [stylesheet] : [])], app };
}

/** `entry` as one classic script's text, for a `<script>` in the page (no modules: it runs while the page is parsed). */
async function inlineBundle(entry, define) {
  const result = await esbuild.build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    format: 'iife',
    target: BROWSER_BUILD.target,
    minify: true,
    write: false,
    define: { ...BROWSER_BUILD.define, ...define },
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].text.trim();
  if (/<\/script|<!--/i.test(code)) throw new Error(`${entry}: its bundle holds "</script" or "<!--", which would end the inline script early`);
  return code;
}

/** The stylesheets' text in order, as one. */
async function joinStyles(files) {
  return (await Promise.all(files.map((file) => readFile(path.join(root, file), 'utf8'))))
    // Each file's own source map comment would point the joined text at the wrong map.
    .map((text) => text.replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '').trim())
    .join('\n');
}

/** Writes `css` as `assets/styles-<hash>.css`; returns its path as the metafile names outputs. */
async function writeStyles(page, css) {
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8).toUpperCase();
  const file = path.join(dist, page, 'assets', `styles-${hash}.css`);
  await writeFile(file, css);
  return path.relative(root, file);
}

/** The player page's bundle budgets (issue 39), as bench/src/budgets.ts checks them: JS before the first frame; own code a started player runs. */
const INITIAL_JS_BUDGET_KIB = 210;
const OWN_CODE_BUDGET_KIB = 60;

/** The host SDK's gzip budget: a page pays for it before its player is even ready. */
const SDK_GZIP_BUDGET = 5 * 1024;

/**
 * The host SDK (sdk/, docs/embedding.md): one ESM file under a fixed name, dist/embed/film-player.js,
 * so host pages can import it by a stable address. It shares no code with the player. Returned in
 * the pages' shape, so the size report lists it as page `embed`, initial.
 */
async function buildSdk() {
  const outfile = path.join(dist, 'embed', 'film-player.js');
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'sdk/film-player.ts')],
    bundle: true,
    format: 'esm',
    target: BROWSER_BUILD.target,
    minify: true,
    metafile: true,
    sourcemap: 'linked',
    outfile,
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  const entryJs = Object.keys(outputs).find((file) => outputs[file].entryPoint && file.endsWith('.js'));
  const gzip = gzipSync(await readFile(outfile), { level: 9 }).length;
  if (gzip > SDK_GZIP_BUDGET) throw new Error(`dist/embed/film-player.js is ${gzip} bytes gzip, over its ${SDK_GZIP_BUDGET}-byte budget`);
  return { name: 'embed', outputs, entryJs };
}

async function buildServer() {
  await esbuild.build({
    entryPoints: [path.join(root, 'harness/server/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: path.join(dist, 'server/index.mjs'),
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}

/**
 * Gzip and brotli size of every JS and CSS output, with the initial files marked (what index.html
 * references and their static imports), and the player's initial JS and own code against budgets.
 * hls.js's worker is listed apart: fetched only for a stream that needs transmuxing, after the
 * engine has read its playlist, it is in neither figure.
 */
async function sizeReport(pagesBuilt, worker) {
  const rows = [];
  const totals = [];
  for (const page of pagesBuilt) {
    const referenced = page.referenced ?? [page.entryJs, page.entryCss].filter(Boolean);
    const initial = new Set([...referenced, ...referenced.flatMap((file) => eagerChunks(page.outputs, file, /(?!)/))]);
    const started = new Set([...initial, ...(page.app ?? [])]);
    let initialGzip = 0;
    let startedGzip = 0;
    let ownGzip = 0;
    for (const [file, meta] of Object.entries(page.outputs)) {
      if (!/\.(js|css)$/.test(file)) continue;
      const full = path.join(root, file);
      const gzip = (await stat(`${full}.gz`)).size;
      if (started.has(file) && file.endsWith('.js')) {
        const inputs = Object.entries(meta.inputs);
        const total = inputs.reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
        const own = inputs.filter(([name]) => !name.includes('node_modules/')).reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
        if (initial.has(file)) initialGzip += gzip;
        startedGzip += gzip;
        ownGzip += total > 0 ? (gzip * own) / total : 0;
      }
      rows.push({
        page: page.name,
        file: path.relative(dist, path.join(root, file)),
        initial: false,
        bytes: (await stat(full)).size,
        // The siblings precompress() wrote: gzip 9 and brotli 11, the bytes a server sends.
        gzip,
        brotli: (await stat(`${full}.br`)).size,
      });
    }
    for (const row of rows) if (row.page === page.name) row.initial = initial.has(path.relative(root, path.join(dist, row.file)));
    totals.push({ page: page.name, initial_js_gzip: initialGzip, started_js_gzip: startedGzip, own_code_gzip: Math.round(ownGzip) });
  }
  const workerFull = path.join(root, worker.file);
  const workerRow = {
    page: 'player',
    file: path.relative(dist, workerFull),
    initial: false,
    bytes: (await stat(workerFull)).size,
    gzip: (await stat(`${workerFull}.gz`)).size,
    brotli: (await stat(`${workerFull}.br`)).size,
  };
  await writeFile(path.join(dist, 'size-report.json'), JSON.stringify({ totals, files: rows, worker: workerRow }, null, 2));
  const kb = (n) => (n / 1024).toFixed(1).padStart(8);
  console.log('page     initial     raw KB  gzip KB  br KB  file');
  for (const r of rows) {
    console.log(`${r.page.padEnd(8)} ${String(r.initial).padEnd(8)} ${kb(r.bytes)} ${kb(r.gzip)} ${kb(r.brotli)}  ${r.file}`);
  }
  console.log(`worker   ${'false'.padEnd(8)} ${kb(workerRow.bytes)} ${kb(workerRow.gzip)} ${kb(workerRow.brotli)}  ${workerRow.file} (MPEG-TS and AAC/MP3 streams only)`);
  // The player's budgets (npm run bench checks them; own code there re-bundles without packages).
  const player = totals.find((total) => total.page === 'player');
  console.log(
    `player JS before the first frame ${kb(player.initial_js_gzip).trim()} KiB gzip (budget ${INITIAL_JS_BUDGET_KIB}); with the app ` +
      `${kb(player.started_js_gzip).trim()} KiB; own code in that ${kb(player.own_code_gzip).trim()} KiB (budget ${OWN_CODE_BUDGET_KIB})`,
  );
}

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
// The player's engine learns the worker's hashed name from the build: built first, it is a define of the page.
const worker = await buildHlsWorker();
const withWorker = (page) => (page.name === 'player' ? { ...page, define: { ...page.define, __HLS_WORKER__: JSON.stringify(worker.url) } } : page);
const building = [...pages.map(withWorker).map(buildPage), buildSdk()];
// Each page compresses as soon as it is built, while the others and the server still build.
const [built] = await Promise.all([Promise.all(building), ...building.map(async (page) => precompress(path.join(dist, (await page).name))), buildServer()]);
await pruneCompressCache();
if (report) await sizeReport(built, worker);
