/**
 * Tracks' links to the page (session): the audio choice follows the page's language order and
 * is remembered per content. And to playback's live region: the viewer's quality, speed and
 * subtitle choices are announced to screen readers (not ABR switches or a new source's restores).
 */
import { sample } from 'effector';
import { statusAnnounced } from '../../features/playback';
import { $content, appStarted } from '../../features/session';
import {
  audioContentSet,
  audioLanguagesSet,
  $levels,
  qualityChosen,
  rateChosen,
  qualityAnnouncement,
  rateAnnouncement,
  subtitleAnnouncement,
  $subtitleTracks,
  subtitleAsked,
} from '../../features/tracks';

/** Links tracks to the features it hears; the player calls it once (app/link-features.ts). */
export function linkTracks(): void {
  sample({ clock: appStarted, fn: (config) => config.languages, target: audioLanguagesSet });
  sample({ clock: $content.updates, fn: (content) => content?.id ?? null, target: audioContentSet });

  const line = (text: string | null) => text ?? undefined;
  sample({ clock: sample({ clock: qualityChosen, source: $levels, fn: qualityAnnouncement }).filterMap(line), target: statusAnnounced });
  sample({ clock: rateChosen, filter: (rate) => Number.isFinite(rate) && rate > 0, fn: rateAnnouncement, target: statusAnnounced });
  sample({ clock: sample({ clock: subtitleAsked, source: $subtitleTracks, fn: subtitleAnnouncement }).filterMap(line), target: statusAnnounced });
}
