/**
 * What the player page's build puts in place of an hls.js module it leaves out (the list and each
 * reason: scripts/hls-omitted.mjs). hls.js takes each of them as an optional part: a controller
 * class of its config (`undefined`: not made), a caption parser it makes only while 608 captions
 * are on (src/engine/hls-engine.ts turns them off), the worker's entry (the worker is built on
 * its own, esbuild.config.mjs).
 * Only default imports reach it: a named one would fail the build.
 */
export default undefined;
