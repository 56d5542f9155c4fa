/**
 * The engine's rendition commands, to the live Hls instance: the level, the audio track, the
 * subtitle track. Without an instance (native HLS, or before a source) they do nothing.
 */
import type Hls from 'hls.js';
import { applySubtitleModes } from './subtitle-modes';
import type { SwitchNudge } from './switch-nudge';
import type { MediaEngine } from './types';

export type TrackCommands = Pick<MediaEngine, 'setLevel' | 'setAudioTrack' | 'setSubtitleTrack'>;

export function createTrackCommands(live: () => Hls | null, video: HTMLVideoElement, nudge: SwitchNudge): TrackCommands {
  return {
    setLevel(index: number) {
      const hls = live();
      if (hls) nudge.switchNow(hls, index);
    },
    setAudioTrack(id: number) {
      const hls = live();
      if (hls) hls.audioTrack = id;
    },
    setSubtitleTrack(id: number) {
      const hls = live();
      if (!hls) return;
      hls.subtitleDisplay = false;
      hls.subtitleTrack = id;
      // Firefox draws or drops cues by each track's own mode: the chosen one 'hidden' (its cues load,
      // the app draws them), every other one 'disabled'.
      applySubtitleModes(video.textTracks, hls.subtitleTracks[hls.subtitleTrack]);
    },
  };
}
