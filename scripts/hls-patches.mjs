// Fixes to hls.js's sources, applied where the player page bundles them (esbuild.config.mjs). Each
// replaces one exact passage; when an upgrade changes that passage the build fails, so the fix is
// checked against the new code (dropped if hls.js fixed it, rewritten if not) instead of silently lost.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HLS_SRC } from './hls-omitted.mjs';

/**
 * Each fix, by the hls.js module it changes: the passage as hls.js 1.7.4 has it, the passage that
 * replaces it, and why.
 */
export const HLS_PATCHES = [
  {
    module: 'controller/base-stream-controller',
    // A failed init segment aborted the stream's fragment loader even when the fragment it was
    // loaded for was no longer current. hls.js loads a level's init segment and first segment at
    // once: when the first segment is refused (HTTP 404) it turns to another level, whose init and
    // first segment start loading while the first level's init is still in flight; that init is
    // then aborted, and its failure aborted the new level's first segment. hls.js handles that abort
    // only once a segment has been parsed (handleFragLoadAborted), so before the film's first frame
    // the stream controller stayed in FRAG_LOADING with nothing loading: 5 of 8 starts of a film
    // whose 720p segments answered 404 showed the spinner until the start watchdog's error.
    // The failed init still reports its error on the fragment it was for.
    find: `        if ('data' in reason) {
          this.fragmentLoader.abort();
          this.handleFragLoadError(reason, mediaFrag);
        }`,
    replace: `        if ('data' in reason) {
          if (!this.fragContextChanged(mediaFrag)) this.fragmentLoader.abort();
          this.handleFragLoadError(reason, mediaFrag);
        }`,
  },
  {
    module: 'task-loop',
    // One timer task a period for every task loop of that period. hls.js polls from three loops
    // at 100 ms (the stream, the alternate audio, the gap watch), each on its own setInterval: 300
    // timer tasks per 10 s of playback, 320 with the subtitles' 500 ms, on a page that otherwise
    // runs about 200. Each task costs the browser its dispatch besides the loop's own work. On a
    // shared timer the loops tick in one task, in the order they started; a loop that stops during
    // a round is not ticked in it, one that starts waits for the next round, and one that throws
    // reports its error as an uncaught one (as its own timer did) without stopping the others.
    find: `export default class TaskLoop extends Logger {`,
    replace: `const sharedIntervals = new Map<number, { timer: number; ticks: Set<() => void> }>();

function joinSharedInterval(tick: () => void, millis: number): number {
  const period = Math.max(1, millis);
  let shared = sharedIntervals.get(period);
  if (!shared) {
    const ticks = new Set<() => void>();
    const round = () => {
      for (const each of Array.from(ticks)) {
        if (!ticks.has(each)) continue;
        try {
          each();
        } catch (error) {
          self.setTimeout(() => {
            throw error;
          }, 0);
        }
      }
    };
    shared = { timer: self.setInterval(round, period), ticks };
    sharedIntervals.set(period, shared);
  }
  shared.ticks.add(tick);
  return period;
}

function leaveSharedInterval(tick: () => void, period: number): void {
  const shared = sharedIntervals.get(period);
  if (!shared) return;
  shared.ticks.delete(tick);
  if (shared.ticks.size > 0) return;
  self.clearInterval(shared.timer);
  sharedIntervals.delete(period);
}

export default class TaskLoop extends Logger {`,
  },
  {
    module: 'task-loop',
    find: `      this._tickInterval = self.setInterval(this._boundTick, millis);`,
    replace: `      this._tickInterval = joinSharedInterval(this._boundTick, millis);`,
  },
  {
    module: 'task-loop',
    find: `      self.clearInterval(this._tickInterval);
      this._tickInterval = null;`,
    replace: `      leaveSharedInterval(this._boundTick, this._tickInterval);
      this._tickInterval = null;`,
  },
];

/** esbuild plugin: loads each patched module of hls.js with its passage replaced; throws when the passage is not there. */
export function hlsPatched(patches = HLS_PATCHES, { hlsSrc = HLS_SRC } = {}) {
  const byFile = new Map();
  for (const patch of patches) {
    const file = path.join(hlsSrc, `${patch.module}.ts`);
    byFile.set(file, [...(byFile.get(file) ?? []), patch]);
  }
  return {
    name: 'hls-patched',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
        const list = byFile.get(file);
        if (!list) return undefined;
        let text = await readFile(file, 'utf8');
        for (const { module, find, replace } of list) {
          const at = text.indexOf(find);
          if (at < 0 || text.indexOf(find, at + 1) >= 0) {
            throw new Error(
              `hls-patches: the passage to fix in hls.js's ${module} is ${at < 0 ? 'not there' : 'there more than once'}. ` +
                'hls.js changed: check whether it still has the bug, then update or drop the fix in scripts/hls-patches.mjs.',
            );
          }
          text = text.slice(0, at) + replace + text.slice(at + find.length);
        }
        return { contents: text, loader: 'ts' };
      });
    },
  };
}
