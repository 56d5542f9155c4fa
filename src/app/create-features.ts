/**
 * The features built by a factory, given the other features' units they hear (ADR 0006). They are
 * built before the links (link-features.ts), in the order their modules were once imported: two
 * links on one event run in the order they were made, and each feature's links used to be made when
 * its module was imported, before the links of app/links/.
 */
import { $config, $content, $currentEpisode, $episodes, $seasons, $title, appStarted, episodeChosen, startAdopted } from '../features/session';
import {
  $currentSecond, $currentTime, $duration, $engine, $mobileLayout, $shareEnabled, controlsPinnedSet, escapePressed, mediaEnded, mediaPaused, mediaPlaying,
  mediaTimeUpdated, shareClicked,
} from '../features/playback';
import { $audioTracks, audioTrackChosen, qualityChosen, rateChosen, subtitleChosen } from '../features/tracks';
import { $breakPhase } from '../features/ads';
import { $creditsChapter } from '../features/chapters';
import { pageAddressReported } from '../features/embed';
import { createMenus } from '../features/menus';
import { createProgress } from '../features/progress';
import { createSeries } from '../features/series';
import { createShare } from '../features/share';

/** Builds the features that have a factory, once per player (a test, in a region it clears). */
export function createFeatures() {
  // The settings menu and the one-panel rule: Escape, the controls' pin, the tracks' choices.
  const menus = createMenus({ escapePressed, controlsPinnedSet, qualityChosen, rateChosen, subtitleChosen, audioTrackChosen, $audioTracks });
  // Progress saving and the resume prompt: the episode, the playhead, the media's facts, the page's start.
  const progress = createProgress({
    startAdopted, episodeChosen, $currentEpisode, $currentSecond, $engine, mediaPlaying, mediaPaused, mediaEnded, mediaTimeUpdated,
  });
  // Series and its end-of-episode card: the catalogue and the current episode, the saved positions
  // (progress), the playhead, the ad break, the credits chapter.
  const series = createSeries({
    $config, $content, $seasons, $episodes, $currentEpisode, episodeChosen, $savedProgress: progress.$savedProgress,
    $currentTime, $duration, $breakPhase, $creditsChapter,
  });
  // The share popup and sheet: the share button, the playhead, the title, the page's address.
  const share = createShare({ appStarted, shareClicked, $shareEnabled, $mobileLayout, $currentTime, $content, $currentEpisode, $title, pageAddressReported });
  return { menus, progress, series, share };
}

/** The features' models, as createFeatures returns them: what the links and the views are given. */
export type Features = ReturnType<typeof createFeatures>;
