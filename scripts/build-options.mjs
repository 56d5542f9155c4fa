// esbuild options of the browser pages, shared by the build (esbuild.config.mjs) and the bench's
// own-code bundle (bench/src/sections/bundle.ts), so the bench measures what ships.
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
 * The app chunk is evaluated after the first frame (start/app-turn.ts). Modulepreloaded, its fetch
 * and compilation would compete with the engine's on a slow CPU; prefetched, its bytes are in the
 * cache when its turn comes, at the network's idle priority.
 */
export const PLAYER_PREFETCH = /start-app/;

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
