/**
 * The harness's Engine tab on the live Hls instance (src/platform/harness-probe.ts, under
 * `harness-client=` only); nothing reads it otherwise. Each answers null / false without one.
 */
import type Hls from 'hls.js';
import type { SwitchNudge } from './switch-nudge';
import type { EngineDebug } from './types';

export function createHlsDebug(live: () => Hls | null, video: HTMLVideoElement, nudge: SwitchNudge): EngineDebug {
  /** A harness command on the current hls.js instance; false without one. */
  const act = (command: (instance: Hls) => unknown): boolean => {
    const hls = live();
    return !!hls && (command(hls), true);
  };
  return {
    levels: () => {
      const hls = live();
      return (
        hls && {
          current: hls.currentLevel,
          next: hls.nextLevel,
          load: hls.loadLevel,
          auto: hls.autoLevelEnabled,
          cap: hls.autoLevelCapping,
          levels: hls.levels.map(({ width, height, bitrate }) => ({ width, height, bitrate })),
        }
      );
    },
    setLevel: (index, next) => act((instance) => (next ? (instance.nextLevel = index) : nudge.switchNow(instance, index))),
    setAutoCap: (index) => act((instance) => (instance.autoLevelCapping = index)),
    recover: () => act((instance) => instance.recoverMediaError()),
    stopLoad: () => act((instance) => instance.stopLoad()),
    // From the playhead, with no seek to it (the media stays where it is).
    startLoad: () => act((instance) => instance.startLoad(video.currentTime, true)),
    config: () => {
      const hls = live();
      return hls && hls.config;
    },
  };
}
