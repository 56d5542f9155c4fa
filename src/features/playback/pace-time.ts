import type { EngineTime } from '../../engine/types';

/**
 * While the media plays on, the model takes one time fact per second of media: each fact runs the
 * whole model, and nothing it shows or sends needs finer (the controls read the time themselves,
 * every 100 ms, while they show it). Every fact passes otherwise (paused, stalled, before the first
 * frame), and the last one held back is delivered before the media stops or seeks (`flowChanged`,
 * `flush`), so the playhead is exact wherever it comes to rest.
 */
export function paceTimeFacts(deliver: (time: EngineTime) => void) {
  let playing = false;
  let lastSecond = Number.NaN;
  let heldBack: EngineTime | null = null;
  const flush = () => {
    lastSecond = Number.NaN;
    if (heldBack === null) return;
    const time = heldBack;
    heldBack = null;
    deliver(time);
  };
  return {
    flush,
    flowChanged(nowPlaying: boolean) {
      flush();
      playing = nowPlaying;
    },
    time(time: EngineTime) {
      const second = Math.floor(time.currentTime);
      if (playing && second === lastSecond) {
        heldBack = time;
        return;
      }
      heldBack = null;
      lastSecond = second;
      deliver(time);
    },
  };
}
