/**
 * A level switched at once (`hls.currentLevel`: the viewer's quality choice, the harness's) flushes
 * the whole buffer, and hls.js then loads the new rendition from where its loading was, not from
 * the playhead: the segment under the playhead can be skipped. Chromium meanwhile goes on with the
 * sound (an alternate audio rendition is not flushed) and the clock while the picture stays on the
 * flushed rendition's last frame: until the next segment's keyframe (1.3-2.1 s on the fixture
 * film), or for good when the new data lands ahead of the playhead first (hls.js issue 6355;
 * 15 s and more here, 2 of 2 loads with the choice 1.7 s in).
 *
 * So once the flush is done, the engine seeks to the playhead, as hls.js 0.x did after its flush:
 * hls.js loads the segment there first, the element waits for it (the spinner, not a frozen
 * picture) and shows the new rendition from the same moment, in every browser. The seek is the
 * engine's, not the viewer's: its `seeking` and `seeked` are withheld.
 */
import { Events } from 'hls.js';
import type Hls from 'hls.js';
import type { EngineFactName } from './types';

export interface SwitchNudge {
  /** Switches `instance` to `level` at once, and seeks to the playhead once its buffer is flushed. */
  switchNow(instance: Hls, level: number): void;
  /** True for a fact of the nudge's own seek. */
  withholds(fact: EngineFactName): boolean;
}

export function createSwitchNudge(video: HTMLVideoElement): SwitchNudge {
  let stopWatch: (() => void) | null = null;
  /** Where the nudge's seek went, until its `seeked`. */
  let ownSeek: number | null = null;
  // No viewer seeks a tenth of a second.
  const isOwnSeek = () => ownSeek !== null && Math.abs(video.currentTime - ownSeek) < 0.1;

  function watch(instance: Hls): () => void {
    const onFlushed = () => {
      done();
      ownSeek = video.currentTime;
      video.currentTime = ownSeek;
    };
    // A seek of someone else's before the flush is done does the same.
    const onSeeking = () => !isOwnSeek() && done();
    instance.once(Events.BUFFER_FLUSHED, onFlushed);
    // The instance's end (a new source, the engine's destroy) ends the watch.
    instance.once(Events.DESTROYING, done);
    video.addEventListener('seeking', onSeeking);
    function done(): void {
      instance.off(Events.BUFFER_FLUSHED, onFlushed);
      instance.off(Events.DESTROYING, done);
      video.removeEventListener('seeking', onSeeking);
      if (stopWatch === done) stopWatch = null;
    }
    return done;
  }

  return {
    switchNow(instance, level) {
      stopWatch?.();
      instance.currentLevel = level;
      stopWatch = watch(instance);
    },
    withholds(fact) {
      if (fact !== 'seeking' && fact !== 'seeked') return false;
      const own = isOwnSeek();
      // Another seek meanwhile is the viewer's, and so is what follows it.
      if (!own || fact === 'seeked') ownSeek = null;
      return own;
    },
  };
}
