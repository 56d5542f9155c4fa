/**
 * The player page's build puts this in place of hls.js's utils/vttcue.ts (scripts/hls-omitted.mjs),
 * which returns the browser's VTTCue where there is one and vtt.js's copy elsewhere. Every browser
 * the build targets (BROWSER_BUILD.target, scripts/build-options.mjs) has VTTCue, and iOS Safari
 * plays through its own HLS, without hls.js.
 */
export default self.VTTCue;
