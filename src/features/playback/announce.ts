/**
 * What a screen reader hears after the viewer changes something (a polite live region): seeks
 * by a step or to a tenth, volume steps, mute. Other features hand in their own lines through
 * `statusAnnounced` (tracks: quality, speed, subtitles). Only the viewer's actions are announced:
 * the slider's own value is read from its aria-valuetext, and automatic changes (ABR, a new
 * source's restored choices) are not the viewer's.
 */
import { createEvent, createStore, sample } from 'effector';
import { STRINGS } from '../../lib/strings';
import { $duration } from './status';
import { seekByRequested, seekToFractionRequested } from './seek';
import { $muted, muteToggled, volumeStepChosen } from './volume';

/** A line to announce. */
export const statusAnnounced = createEvent<string>();

interface Announcement {
  text: string;
  /** Counts up: the same line said twice is a new announcement. */
  id: number;
}

/** The last line announced; null before the first. */
export const $announcement = createStore<Announcement | null>(null).on(statusAnnounced, (last, text) => ({ text, id: (last?.id ?? 0) + 1 }));

const percent = (fraction: number) => Math.round(fraction * 100);

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
