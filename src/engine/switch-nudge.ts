/**
 * A level switched at once (`hls.currentLevel`: the viewer's quality choice, the harness's) flushes
 * the whole buffer and loads the new rendition over the playhead. Chromium then goes on with the
 * sound and the clock while the picture stays on the last frame of the flushed rendition, until a
 * later keyframe or for good (hls.js issue 6355, unreleased fix in PR 7922; here: 15 s and more
 * on the fixture film, 2 of 2 loads, with the switch 1.7 s in).
 *
 * Once the new rendition is buffered at the playhead, the nudge watches the element's presented
 * frames (`getVideoPlaybackQuality`): when the clock moves on and no frame is presented, it seeks
 * a microsecond ahead, as hls.js does itself after a video hole, so the browser reads the new
 * rendition. Where frames move (Firefox, WebKit) it does nothing. The seek is the engine's, not the
 * viewer's: its `seeking` and `seeked` are withheld.
 */
import { Events } from 'hls.js';
import type Hls from 'hls.js';
import type { EngineFactName } from './types';

/** Media seconds that pass with no new frame before the picture counts as frozen. */
export const FROZEN_AFTER_S = 0.3;
/** The nudge's step, hls.js's own for a video hole: too small to hear or see. */
const NUDGE_S = 0.000001;

export interface SwitchNudge {
  /** Switches `instance` to `level` at once, and watches the picture until it moves. */
  switchNow(instance: Hls, level: number): void;
  /** True for a fact of the nudge's own seek. */
  withholds(fact: EngineFactName): boolean;
  stop(): void;
}

const framesShown = (video: HTMLVideoElement): number | null =>
  typeof video.getVideoPlaybackQuality === 'function' ? video.getVideoPlaybackQuality().totalVideoFrames : null;

/** The element holds media at its playhead (the video and the sound: `buffered` is both). */
function bufferedAtPlayhead(video: HTMLVideoElement): boolean {
  const { buffered, currentTime } = video;
  for (let i = 0; i < buffered.length; i++) if (buffered.start(i) <= currentTime && currentTime < buffered.end(i)) return true;
  return false;
}

export function createSwitchNudge(video: HTMLVideoElement): SwitchNudge {
  let stopWatch: (() => void) | null = null;
  /** Where the nudge's seek went, until its `seeked`. */
  let ownSeek: number | null = null;
  // The clock may move on a little before the events come; no viewer seeks a tenth of a second.
  const isOwnSeek = () => ownSeek !== null && Math.abs(video.currentTime - ownSeek) < 0.1;

  function watch(instance: Hls): () => void {
    let flushed = false;
    /** Frames shown and the media time when the new rendition was first at the playhead. */
    let mark: { frames: number | null; time: number } | null = null;
    const check = () => {
      if (!flushed || video.seeking) return;
      if (!mark) {
        if (bufferedAtPlayhead(video)) mark = { frames: framesShown(video), time: video.currentTime };
        return;
      }
      const frames = framesShown(video);
      if (frames !== null && frames !== mark.frames) return done();
      if (video.currentTime - mark.time < FROZEN_AFTER_S) return;
      done();
      ownSeek = video.currentTime + NUDGE_S;
      video.currentTime = ownSeek;
    };
    const onFlushed = () => (flushed = true);
    // Someone else's seek reloads the picture anyway.
    const onSeeking = () => !isOwnSeek() && done();
    instance.once(Events.BUFFER_FLUSHED, onFlushed);
    instance.on(Events.BUFFER_APPENDED, check);
    instance.once(Events.DESTROYING, done);
    video.addEventListener('timeupdate', check);
    video.addEventListener('seeking', onSeeking);
    function done(): void {
      instance.off(Events.BUFFER_FLUSHED, onFlushed);
      instance.off(Events.BUFFER_APPENDED, check);
      instance.off(Events.DESTROYING, done);
      video.removeEventListener('timeupdate', check);
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
    stop: () => stopWatch?.(),
  };
}
