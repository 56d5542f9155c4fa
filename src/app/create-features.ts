/**
 * The features built by a factory, given the other features' units they hear (ADR 0006). Two
 * links on one event run in the order they were made, and each of these features once made its
 * links when its module was imported, before the links of app/links/. So they are built before
 * the links (link-features.ts), in the order create-player's imports first loaded their modules:
 * session (every other feature hears it, and it hears none), analytics (its model hears only its
 * own facts, given by links/analytics.ts), fullscreen (its modes and devices), tracks, the Media
 * Session, chapters, embed, menus, progress, series (then its end-of-episode card), share,
 * previews. A model another factory needs (session's, tracks' choices and speed, chapters' entries
 * and credits, fullscreen's state, progress's saved positions) is passed on. Their units come after
 * those of the modules that still wire themselves on import (playback, ads).
 */
import { createSession } from '../features/session';
import {
  $currentSecond, $currentTime, $duration, $engine, $mobileLayout, $shareEnabled, $status, controlsPinnedSet, escapePressed, mediaEnded,
  mediaPaused, mediaPlaying, mediaSeeked, mediaTimeUpdated, pauseClicked, playClicked, seekByRequested, seekRequested, shareClicked,
  sourceReady, sourceRequested, $controlsVisible, $isPlaying, $startAwaited, seekFx, streamTicked, engineAttached,
  $streamError, mediaSeeking, $muted, $sliderVolume, playRequested, setMutedFx, volumeSet, pauseFx, engineConnected, sourceAdopted,
} from '../features/playback';
import { createMediaSession } from '../features/fullscreen';
import { fullscreenOnPlayback, tracksOnPlayback } from './playback-features';
import {
  $adStatus, $adUnitDuration, $adUnitRemainingTime, $break, $breakPhase, adMutedRequested, adPauseRequested, adPlayRequested, adStatusChanged, adVolumeRequested,
  skipRequested, stopRequested,
} from '../features/ads';
import { createChapters } from '../features/chapters';
import { createEmbed } from '../features/embed';
import { createMenus } from '../features/menus';
import { createProgress } from '../features/progress';
import { createSeries } from '../features/series';
import { createShare } from '../features/share';
import { createAnalytics } from '../features/analytics';
import { createPreviews } from '../features/previews';

/** Builds the features that have a factory, once per player (a test, in a region it clears). */
export function createFeatures() {
  // Session first: its module was the first feature create-player's imports loaded, so its own
  // links on its events (the start-up calls, the page error, the start episode) run before any
  // other feature's, as they always have; every feature below may hear it.
  const session = createSession();
  const { $config, $content, $currentEpisode, $episodes, $seasons, $title, appStarted, episodeChosen, startAdopted } = session;
  // Then analytics, as its module came before the others'. Its own units hear only its facts;
  // links/analytics.ts gives it them, at its place in the order of links.
  const analytics = createAnalytics();
  // Fullscreen, then tracks, on playback's units alone (playback-features.ts).
  const fullscreen = fullscreenOnPlayback();
  const tracks = tracksOnPlayback();
  const { $playbackRate, qualityChosen, rateChosen, subtitleChosen, audioTrackChosen, $audioTracks } = tracks;
  // The Media Session: the playhead, the status and the speed it shows, the commands its actions give.
  const mediaSession = createMediaSession({
    $currentTime, $duration, $status, mediaPlaying, mediaPaused, mediaSeeked, $playbackRate, playClicked, pauseClicked, seekByRequested, seekRequested,
  });
  // Chapters and their skip: the playhead, the start, the controls, the seeks, the ad break.
  const chapters = createChapters({
    $currentTime, $duration, $status, $startAwaited, $controlsVisible, $isPlaying, $engine, mediaSeeked, mediaTimeUpdated, streamTicked, seekFx,
    seekRequested, $breakPhase,
  });
  // The player.js receiver: the engine and the media's facts, the content's commands, the ad break,
  // the episodes, the chapter entered, fullscreen.
  const embed = createEmbed({
    $engine, engineAttached, sourceRequested, sourceReady, $streamError, mediaSeeking, mediaSeeked, mediaPlaying, mediaPaused, mediaEnded, $duration,
    $isPlaying, $muted, $sliderVolume, playClicked, pauseClicked, playRequested, seekRequested, setMutedFx, volumeSet, pauseFx, $breakPhase, $break,
    $adStatus, adStatusChanged, $adUnitDuration, $adUnitRemainingTime, adPlayRequested, adPauseRequested, adMutedRequested, adVolumeRequested,
    skipRequested, stopRequested, $episodes, $currentEpisode, episodeChosen, chapterEntered: chapters.chapterEntered, $fullscreen: fullscreen.$fullscreen,
  });
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
    $currentTime, $duration, $breakPhase, $creditsChapter: chapters.$creditsChapter,
  });
  // The share popup and sheet: the share button, the layout, the playhead, the title and episode.
  const share = createShare({ appStarted, shareClicked, $shareEnabled, $mobileLayout, $currentTime, $content, $currentEpisode, $title });
  // The seek previews: the engine that names the thumbnail track, and each source asked for. Last,
  // as its module and its links were (none of the features above hears it).
  const previews = createPreviews({ engineConnected, sourceAdopted, sourceRequested });
  return { session, analytics, fullscreen, tracks, mediaSession, chapters, embed, menus, progress, series, share, previews };
}

/** The features' models, as createFeatures returns them: what the links and the views are given. */
export type Features = ReturnType<typeof createFeatures>;
