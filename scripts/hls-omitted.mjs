// hls.js parts the player never runs, left out of the player page's bundle (issue 39: the engine
// chunk is fetched before the first frame). Each module below resolves to a stub under src/engine/,
// as hls.js's own build does with its empty.js for a feature it leaves out; the engine's config
// says the same at run time (src/engine/hls-engine.ts), so hls.js never reaches for them. An
// hls.js upgrade that moves or renames one fails the build instead of silently bundling it again.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** hls.js's TypeScript sources, which the player page bundles (esbuild.config.mjs). */
export const HLS_SRC = path.join(root, 'node_modules/hls.js/src');

/** `export default undefined`: an optional part hls.js does not make when its class is missing. */
const OMITTED = path.join(root, 'src/engine/hls-omitted.ts');

/**
 * Each module left out, by its path under hls.js/src (no extension), with the stub it resolves
 * to and why the player does not need it.
 */
export const HLS_STUBS = {
  // Caps the level when frames drop (capLevelOnFPSDrop), which the player leaves off; the frame-rate
  // drop event (SPEC.md §8) comes from the element's own counters (src/platform/playback-quality.ts).
  'controller/fps-controller': OMITTED,
  // Live latency and the live edge: the catalogue is films and series on demand (SPEC.md has no live stream).
  'controller/latency-controller': OMITTED,
  // ID3 and EXT-X-DATERANGE as a metadata text track: nothing reads it (ads are VAST, captions come
  // from subtitle renditions), and its cue changes would reach forwardCues (src/engine/hls-events.ts).
  'controller/id3-track-controller': OMITTED,
  // CEA-608 captions inside the video: the player shows the playlist's subtitle renditions, picked
  // in 'Субтитры' and off with 'Выкл.' (SPEC.md); 608's character set has no Cyrillic, and embedded
  // captions would show outside that menu. The three modules only the 608 path uses go together.
  'utils/cea-608-parser': OMITTED,
  'utils/output-filter': OMITTED,
  'utils/cues': OMITTED,
  // CMCD is off (__USE_CMCD__ false), but the controller's import kept @svta/cml-cmcd's module-level tables.
  'controller/cmcd-controller': OMITTED,
  // The transmuxer worker's entry, which inject-worker.ts imports to put the worker in a UMD bundle:
  // the page's bundle leaves it out (as hls.js's own ESM build does); the worker is a build of its
  // own (esbuild.config.mjs `buildHlsWorker`) that the engine loads by `workerPath`.
  'demux/transmuxer-worker': OMITTED,
  // vtt.js's VTTCue for browsers without one: every browser of BROWSER_BUILD's target has it.
  'utils/vttcue': path.join(root, 'src/engine/hls-vttcue.ts'),
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * esbuild plugin: resolves each module of `stubs`, imported from inside `hlsSrc`, to its stub.
 * Its setup throws when a module is not in the installed hls.js, and its end when the build
 * bundled hls.js but no file imported one of them (an upgrade moved the import), unless `allUsed`
 * is false (the transmuxer worker's build, whose graph holds none of them).
 */
export function hlsOmitted(stubs = HLS_STUBS, { hlsSrc = HLS_SRC, allUsed = true } = {}) {
  return {
    name: 'hls-omitted',
    setup(build) {
      const modules = Object.keys(stubs);
      const byFile = new Map(modules.map((module) => [path.join(hlsSrc, `${module}.ts`), module]));
      const missing = [...byFile].filter(([file]) => !existsSync(file)).map(([, module]) => module);
      if (missing.length > 0) {
        throw new Error(
          `hls-omitted: ${missing.join(', ')} not found under ${hlsSrc}. hls.js moved or removed ${missing.length === 1 ? 'it' : 'them'}: ` +
            'find where the part went and update HLS_STUBS in scripts/hls-omitted.mjs.',
        );
      }
      const inHls = (dir) => dir === hlsSrc || dir.startsWith(hlsSrc + path.sep);
      const matched = new Set();
      build.onStart(() => matched.clear());
      const names = [...new Set(modules.map((module) => path.basename(module)))].map(escape);
      build.onResolve({ filter: new RegExp(`(^|/)(${names.join('|')})(\\.ts)?$`) }, ({ path: specifier, resolveDir }) => {
        if (!inHls(resolveDir)) return undefined;
        const target = path.resolve(resolveDir, specifier);
        const module = byFile.get(target.endsWith('.ts') ? target : `${target}.ts`);
        if (module === undefined) return undefined;
        matched.add(module);
        return { path: stubs[module] };
      });
      build.onEnd((result) => {
        if (result.errors.length > 0 || !allUsed) return;
        const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
        const bundledHls = Object.keys(result.metafile?.inputs ?? {}).some((input) => inHls(path.dirname(path.resolve(cwd, input))));
        const unmatched = modules.filter((module) => !matched.has(module));
        if (bundledHls && unmatched.length > 0) {
          throw new Error(
            `hls-omitted: no hls.js module imports ${unmatched.join(', ')} any more, so its stub no longer replaces it. ` +
              'hls.js changed: check where the part went and update HLS_STUBS in scripts/hls-omitted.mjs.',
          );
        }
      });
    },
  };
}
