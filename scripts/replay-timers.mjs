// Session replay's recorder (rrweb, bundled in @sentry/replay) takes its timers from a throw-away
// <iframe> in case the page patched them (zone.js does). It does so even when they are native, and
// the bound timer it keeps holds that frame's whole window realm: about 440 KiB of heap for the
// page's life, from the first throttled event (a viewer's first mouse move). Sentry's own
// getNativeImplementation skips the frame when the page's timer is native; this build gives
// rrweb's two copies of getImplementation the same check.
import { readFile } from 'node:fs/promises';

/** The file esbuild loads for `@sentry/replay` (its ESM build). */
export const REPLAY_FILE = /[\\/]@sentry[\\/]replay[\\/]build[\\/]npm[\\/]esm[\\/]index\.js$/;

/** How many getImplementation copies the installed @sentry/replay has. */
export const REPLAY_SITES = 2;

const SITE = /(const cached = (cachedImplementations[\w$]*)\[name\];[^]*?const windowImpl = window\[name\]\.bind\(window\);)/g;

/** Sentry core's isNativeFunction: a bound or wrapped function's text does not match. */
const NATIVE = String.raw`/^function\s+\w+\(\)\s+\{\s+\[native code\]\s+\}$/`;

/** The replay module's text with the native check in each getImplementation; throws if they moved. */
export function patchReplayTimers(source) {
  let sites = 0;
  const patched = source.replace(SITE, (_, head, cache) => {
    sites += 1;
    return `${head}\n  if (${NATIVE}.test(String(window[name]))) return ${cache}[name] = windowImpl;`;
  });
  if (sites !== REPLAY_SITES) {
    throw new Error(
      `@sentry/replay: expected ${REPLAY_SITES} getImplementation functions to give the native-timer check, found ${sites}. ` +
        'The package changed: check whether it still takes timers from an <iframe>, then update scripts/replay-timers.mjs.',
    );
  }
  return patched;
}

/** esbuild plugin: patches @sentry/replay as it loads, and fails a build that bundles it unpatched. */
export const replayTimers = {
  name: 'replay-timers',
  setup(build) {
    let patched = false;
    build.onStart(() => {
      patched = false;
    });
    build.onLoad({ filter: REPLAY_FILE }, async ({ path }) => {
      const contents = patchReplayTimers(await readFile(path, 'utf8'));
      patched = true;
      return { contents, loader: 'js' };
    });
    build.onEnd((result) => {
      const inputs = Object.keys(result.metafile?.inputs ?? {});
      const replay = inputs.find((input) => /[\\/]@sentry[\\/]replay[\\/]/.test(input));
      if (replay && !patched) throw new Error(`replay-timers: ${replay} was bundled without the native-timer check (its path is not ${REPLAY_FILE})`);
    });
  },
};
