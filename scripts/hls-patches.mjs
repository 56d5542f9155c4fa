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
