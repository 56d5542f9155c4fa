/**
 * Tracks' links to the page (session): the audio choice follows the page's language order and
 * is remembered per content. And to playback's live region: the viewer's quality, speed and
 * subtitle choices are announced to screen readers (not ABR switches or a new source's restores).
 */
import { sample } from 'effector';
import { statusAnnounced } from '../playback';
import { $content, appStarted } from '../session';
import { audioContentSet, audioLanguagesSet } from './audio';
import { $levels, qualityChosen, rateChosen } from './model';
import { qualityAnnouncement, rateAnnouncement, subtitleAnnouncement } from './rules';
import { $subtitleTracks, subtitleAsked } from './subtitles';
import { connector } from '../../lib/connector';

/** Connects tracks to the features it hears; once (app/connect-features.ts). */
export const connectTracks = connector(() => {
  sample({ clock: appStarted, fn: (config) => config.languages, target: audioLanguagesSet });
  sample({ clock: $content.updates, fn: (content) => content?.id ?? null, target: audioContentSet });

  const line = (text: string | null) => text ?? undefined;
  sample({ clock: sample({ clock: qualityChosen, source: $levels, fn: qualityAnnouncement }).filterMap(line), target: statusAnnounced });
  sample({ clock: rateChosen, filter: (rate) => Number.isFinite(rate) && rate > 0, fn: rateAnnouncement, target: statusAnnounced });
  sample({ clock: sample({ clock: subtitleAsked, source: $subtitleTracks, fn: subtitleAnnouncement }).filterMap(line), target: statusAnnounced });
});
