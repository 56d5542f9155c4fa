/**
 * What a screen reader hears after the viewer changes something (a polite live region): seeks
 * by a step or to a tenth, volume steps, mute. Other features hand in their own lines through
 * `statusAnnounced` (tracks: quality, speed, subtitles). Only the viewer's actions are announced:
 * the slider's own value is read from its aria-valuetext, and automatic changes (ABR, a new
 * source's restored choices) are not the viewer's.
 */
import { createEvent, createStore, sample } from 'effector';
import { STRINGS } from '../../lib/strings';
import type { PlaybackStatusModel } from './status';
import type { PlaybackSeek } from './seek';
import type { PlaybackEngineModel } from './model';
import type { PlaybackVolume } from './volume';

interface Announcement {
  text: string;
  /** Counts up: the same line said twice is a new announcement. */
  id: number;
}

const percent = (fraction: number) => Math.round(fraction * 100);

/** The live region's line, from the viewer's seeks and volume changes and other features' lines. */
export function createAnnounce(
  { $duration }: PlaybackStatusModel,
  { seekByRequested, seekToFractionRequested }: PlaybackSeek,
  { $muted }: PlaybackEngineModel,
  { muteToggled, volumeStepChosen }: PlaybackVolume,
) {
  /** A line to announce. */
  const statusAnnounced = createEvent<string>();

  /** The last line announced; null before the first. */
  const $announcement = createStore<Announcement | null>(null).on(statusAnnounced, (last, text) => ({ text, id: (last?.id ?? 0) + 1 }));

  sample({
    clock: seekByRequested,
    filter: (delta) => Number.isFinite(delta) && Math.round(delta) !== 0,
    fn: (delta) => STRINGS.announceSeek(Math.round(delta)),
    target: statusAnnounced,
  });
  sample({
    clock: seekToFractionRequested,
    source: $duration,
    filter: (duration, fraction) => duration > 0 && Number.isFinite(fraction),
    fn: (_, fraction) => STRINGS.announcePosition(percent(Math.min(1, Math.max(0, fraction)))),
    target: statusAnnounced,
  });
  sample({ clock: volumeStepChosen, fn: (volume) => STRINGS.announceVolume(percent(volume)), target: statusAnnounced });
  sample({
    clock: muteToggled,
    source: $muted,
    fn: (muted) => (muted ? STRINGS.announceUnmuted : STRINGS.announceMuted),
    target: statusAnnounced,
  });
  return { statusAnnounced, $announcement };
}
