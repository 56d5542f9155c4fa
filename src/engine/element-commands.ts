/**
 * The engine's commands to the content <video> itself: play, pause, seek, volume, mute, rate, and
 * the unlock played inside the viewer's gesture. hls.js plays no part in them.
 */
import type { EngineFactName, MediaEngine } from './types';
import { playOrMute } from './play-or-mute';

/** What the element says while it is unlocked: its mute and play, playing or waiting, timeupdate and pause. */
const UNLOCK_QUIET_FACTS: ReadonlySet<EngineFactName> = new Set(['volumeChanged', 'playing', 'paused', 'waiting', 'timeUpdated']);

/** The page is handling the viewer's gesture now; true where the browser cannot say (no User Activation API). */
function inGesture(): boolean {
  const activation = typeof navigator === 'undefined' ? undefined : (navigator as { userActivation?: { isActive: boolean } }).userActivation;
  return activation === undefined || activation.isActive;
}

/** iOS ignores volume writes: probe a detached element once. */
let volumeSettable: boolean | null = null;
export function canSetVolume(): boolean {
  if (volumeSettable === null) {
    try {
      const probe = document.createElement('video');
      probe.volume = 0.5;
      volumeSettable = Math.abs(probe.volume - 0.5) < 0.01;
    } catch {
      volumeSettable = true;
    }
  }
  return volumeSettable;
}

export type ElementCommands = Pick<MediaEngine, 'play' | 'unlock' | 'pause' | 'seek' | 'setVolume' | 'setMuted' | 'setPlaybackRate'>;

/**
 * The commands, and `withholds`: whether a fact of the element is no news now (it is being
 * unlocked, played and paused at once).
 */
export function createElementCommands(video: HTMLVideoElement): { commands: ElementCommands; withholds: (fact: EngineFactName) => boolean } {
  let unlocking = false;
  function unlock(): void {
    // Only inside the viewer's gesture: elsewhere a muted play would be allowed and would start
    // the content for nothing, under an ad that autoplays.
    if (!video.paused || unlocking || !inGesture()) return;
    // Muted meanwhile: an audible play, however short, would take the sound from an ad that
    // starts in the same click (WebKit suspends it).
    const muted = video.muted;
    unlocking = true;
    video.muted = true;
    video.play().catch(() => undefined);
    if (video.paused) {
      // Refused at once (no gesture): nothing started, nothing to take back but the mute.
      video.muted = muted;
      unlocking = false;
      return;
    }
    // After the facts' own listener: the pause that ends the unlock is withheld too.
    video.addEventListener('pause', () => (unlocking = false), { once: true });
    video.pause();
    video.muted = muted;
  }
  const commands: ElementCommands = {
    play: (options) => playOrMute({ play: () => video.play(), setMuted: (muted) => commands.setMuted(muted) }, options),
    unlock,
    pause: () => video.pause(),
    seek(seconds: number) {
      if (!Number.isFinite(seconds)) return;
      const end = Number.isFinite(video.duration) ? video.duration : Infinity;
      video.currentTime = Math.min(Math.max(0, seconds), end);
    },
    setVolume(volume: number) {
      if (Number.isFinite(volume)) video.volume = Math.min(1, Math.max(0, volume));
    },
    setMuted(muted: boolean) {
      video.muted = muted;
    },
    setPlaybackRate(rate: number) {
      if (Number.isFinite(rate) && rate > 0) video.playbackRate = rate;
    },
  };
  return { commands, withholds: (fact) => unlocking && UNLOCK_QUIET_FACTS.has(fact) };
}
