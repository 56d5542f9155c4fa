/**
 * Tracks' links to the page (session): the audio choice follows the page's language order and
 * is remembered per content. And to playback's live region: the viewer's quality, speed and
 * subtitle choices are announced to screen readers (not ABR switches or a new source's restores).
 */
import { sample } from 'effector';
import { qualityAnnouncement, rateAnnouncement, subtitleAnnouncement } from '../../features/tracks';
import type { Features } from '../create-features';

/** Links tracks to the features it hears; the player calls it once (app/link-features.ts). */
export function linkTracks(features: Features): void {
  const { statusAnnounced } = features.playback;
  const { $content, appStarted } = features.session;
  const { audioContentSet, audioLanguagesSet, $levels, qualityChosen, rateChosen, $subtitleTracks, subtitleAsked } = features.tracks;
  sample({ clock: appStarted, fn: (config) => config.languages, target: audioLanguagesSet });
  sample({ clock: $content.updates, fn: (content) => content?.id ?? null, target: audioContentSet });

  const line = (text: string | null) => text ?? undefined;
  sample({ clock: sample({ clock: qualityChosen, source: $levels, fn: qualityAnnouncement }).filterMap(line), target: statusAnnounced });
  sample({ clock: rateChosen, filter: (rate) => Number.isFinite(rate) && rate > 0, fn: rateAnnouncement, target: statusAnnounced });
  sample({ clock: sample({ clock: subtitleAsked, source: $subtitleTracks, fn: subtitleAnnouncement }).filterMap(line), target: statusAnnounced });
}
