// esbuild options of the browser pages, shared by the build (esbuild.config.mjs) and the bench's
// own-code bundle (bench/src/sections/bundle.ts), so the bench measures what ships.

/** Code splitting, hashed names, minified, production React. */
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
};

/** The player's engine chunk is loaded lazily but wanted at once: it is modulepreloaded beside the entry. */
export const PLAYER_PRELOAD = /hls-engine/;
