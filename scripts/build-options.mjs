// esbuild options of the browser pages, shared by the build (esbuild.config.mjs) and the bench's
// own-code bundle (bench/src/sections/bundle.ts), so the bench measures what ships; and the
// build's precompression, which the server's test (harness/server/static.test.ts) runs too.
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { replayTimers } from './replay-timers.mjs';

/** Code splitting, hashed names, minified, production React; session replay without its timer frames. */
export const BROWSER_BUILD = {
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['chrome100', 'safari15', 'firefox100'],
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file' },
  minify: true,
  metafile: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [replayTimers],
};

/**
 * The player's engine chunk is imported by the entry at once: it is modulepreloaded beside the
 * entry (fetched and compiled with it).
 */
export const PLAYER_PRELOAD = /hls-engine/;
/**
 * The app chunk is evaluated after the first frame (start/app-turn.ts), and fetched then too: on a
 * mobile link, fetched with the page (even prefetched, at idle priority) it took the bandwidth
 * and, over HTTP/1.1, the connections the start-up calls and the first segments wait for. Its
 * stylesheet is the page's, linked up front, so the app renders styled the moment it runs.
 */
export const PLAYER_APP = /create-player/;
/** The player's start imports these lazily, built apart from it (scripts/start-apart.mjs, ADR 0007). */
export const PLAYER_LAZY_MODULES = 'src/start/lazy-modules.ts';

/**
 * The chunks an entry needs at once (esbuild metafile outputs): its static imports, found by the
 * browser only after parsing the entry unless modulepreloaded, and the lazy chunks `preload` names,
 * with theirs. The entry itself is not in the list.
 */
export function eagerChunks(outputs, entryJs, preload) {
  const wanted = new Set();
  const visit = (file) => {
    for (const imp of outputs[file]?.imports ?? []) {
      const eager = imp.kind === 'import-statement' || (imp.kind === 'dynamic-import' && preload.test(imp.path));
      // External packages (a build with `packages: 'external'`) are not chunks of this build.
      if (!eager || !outputs[imp.path] || wanted.has(imp.path) || imp.path === entryJs) continue;
      wanted.add(imp.path);
      visit(imp.path);
    }
  };
  visit(entryJs);
  return [...wanted];
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Text assets get `.br` (quality 11) and `.gz` (level 9) siblings, which the server (and a site's
 * CDN, docs/deploying.md) sends by Accept-Encoding. Source maps are skipped (about 9 MB: some 8 s
 * more per build for files only DevTools fetches), and so is metafile.json, which is never served.
 */
const PRECOMPRESSED = /\.(js|css|html|svg|json)$/;
/**
 * Brotli 11 of the pages costs about 3 s of CPU; the tests and the bench rebuild unchanged
 * files many times, so siblings are kept by the SHA-256 of their file (most recently used first).
 */
const COMPRESS_CACHE = fileURLToPath(new URL('../node_modules/.cache/precompress/', import.meta.url));
const COMPRESS_CACHE_FILES = 400;

/** The `.br` or `.gz` of `body`, from the cache when this content was built before. */
async function compressed(body, encoding) {
  const level = encoding === 'br' ? 11 : 9;
  const key = path.join(COMPRESS_CACHE, `${createHash('sha256').update(body).digest('hex')}.${encoding}${level}`);
  const hit = await readFile(key).catch(() => null);
  if (hit) {
    await utimes(key, new Date(), new Date()).catch(() => {});
    return hit;
  }
  const out = encoding === 'br' ? await brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: level } }) : await gzipAsync(body, { level });
  // Renamed into place, so parallel builds (DIST_DIR) never read half an entry; a cache that
  // cannot be written only costs time.
  const temp = `${key}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await mkdir(COMPRESS_CACHE, { recursive: true })
    .then(() => writeFile(temp, out))
    .then(() => rename(temp, key))
    .catch(() => rm(temp, { force: true }));
  return out;
}

/** Writes the `.br` and `.gz` siblings of every text asset under `dir`. */
export async function precompress(dir) {
  const files = (await readdir(dir, { recursive: true })).filter((file) => PRECOMPRESSED.test(file) && file !== 'metafile.json');
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const body = await readFile(full);
      await Promise.all(['br', 'gz'].map(async (encoding) => writeFile(`${full}.${encoding}`, await compressed(body, encoding))));
    }),
  );
}

/** Drops the least recently used cache entries beyond COMPRESS_CACHE_FILES. */
export async function pruneCompressCache() {
  const names = await readdir(COMPRESS_CACHE).catch(() => []);
  if (names.length <= COMPRESS_CACHE_FILES) return;
  const entries = await Promise.all(names.map(async (name) => ({ name, used: (await stat(path.join(COMPRESS_CACHE, name)).catch(() => ({ mtimeMs: 0 }))).mtimeMs })));
  entries.sort((a, b) => b.used - a.used);
  await Promise.all(entries.slice(COMPRESS_CACHE_FILES).map(({ name }) => rm(path.join(COMPRESS_CACHE, name), { force: true })));
}
