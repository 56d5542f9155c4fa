/**
 * The features, each built by its factory and given the other features' units it hears (ADR
 * 0006), once per player. Two links on one event run in the order they were made, and each of
 * these features once made its links when its module was imported, before the links of
 * app/links/. So they are built before the links (link-features.ts), in the order create-player's
 * imports first loaded their modules: playback (its modules wired themselves on import, before
 * any factory ran; it hears no feature), session (every other feature hears it, and it hears none),
 * then fullscreen (built on playback alone) and ads (its modules wired themselves on import, before
 * every factory, so it is built as early as its deps allow: it hears fullscreen's native
 * fullscreen and casting), analytics (its model hears only its own facts, given by
 * links/analytics.ts), tracks, the Media Session, chapters, embed, menus, progress, series (then
 * its end-of-episode card), share, previews. A model another factory needs (session's,
 * fullscreen's screen, ads' break, tracks' choices and speed, chapters' entries and credits,
 * progress's saved positions) is passed on.
 */
import { createSession } from '../features/session';
import { createPlayback } from '../features/playback';
import { createMediaSession } from '../features/fullscreen';
import { fullscreenOnPlayback, tracksOnPlayback } from './playback-features';
import { createAds } from '../features/ads';
import type { AdVideo } from '../engine/ad-video';
import { createChapters } from '../features/chapters';
import { createEmbed } from '../features/embed';
import { createMenus } from '../features/menus';
import { createProgress } from '../features/progress';
import { createSeries } from '../features/series';
import { createShare } from '../features/share';
import { createAnalytics } from '../features/analytics';
import { createPreviews } from '../features/previews';

/** What the composition root gives the features from the media stack. */
export interface FeatureMedia {
  /** Makes the ad's <video> (engine/ad-video.ts), over the page's start's element when it made one. */
  createAdVideo: () => AdVideo;
}

/** Builds the features that have a factory, once per player (a test, in a region it clears). */
export function createFeatures({ createAdVideo }: FeatureMedia) {
  // Playback first: its modules once wired themselves on import, before every factory ran, so its
  // own reactions on its events (the media's facts, the commands, the start) run before those of
  // any feature or link that hears them, as they always have. It hears no other feature (links do).
  const playback = createPlayback();
  const {
    $currentSecond, $currentTime, $duration, $engineKey, $mobileLayout, $shareEnabled, $status, controlsPinnedSet, escapePressed, mediaEnded,
    mediaPaused, mediaPlaying, mediaSeeked, mediaTimeUpdated, pauseClicked, playClicked, seekByRequested, seekRequested, shareClicked,
    sourceReady, sourceRequested, $controlsVisible, $isPlaying, $startAwaited, seekFx, streamTicked, engineAttached,
    $streamError, mediaSeeking, $muted, $sliderVolume, playRequested, setMutedFx, volumeSet, pauseFx, engineConnected, sourceAdopted,
  } = playback;
  // Session next: its module was the first feature create-player's imports loaded after playback, so
  // its own links on its events (the start-up calls, the page error, the start episode) run before
  // any other feature's, as they always have; every feature below may hear it.
  const session = createSession();
  const { $config, $content, $currentEpisode, $episodes, $seasons, $title, appStarted, episodeChosen, startAdopted } = session;
  // Fullscreen, on playback's units alone (playback-features.ts): ads hears two of its stores.
  const fullscreen = fullscreenOnPlayback(playback);
  // Ads next, before every feature that hears its units, as its modules once wired themselves
  // before any of them: the ad video, and whether only the content's <video> is on screen or casts.
  const ads = createAds({ createAdVideo, $nativeFullscreen: fullscreen.$videoElementFullscreen, $casting: fullscreen.$casting });
  const { $adStatus, $adUnitDuration, $adUnitRemainingTime, $break, $breakPhase, adStatusChanged } = ads;
  const { adMutedRequested, adPauseRequested, adPlayRequested, adVolumeRequested, skipRequested, stopRequested } = ads;
  // Analytics: its own units hear only its facts; links/analytics.ts gives it them, at its place in
  // the order of links.
  const analytics = createAnalytics();
  // Tracks, on playback's units alone (playback-features.ts).
  const tracks = tracksOnPlayback(playback);
  const { $playbackRate, qualityChosen, rateChosen, subtitleChosen, audioTrackChosen, $audioTracks } = tracks;
  // The Media Session: the playhead, the status and the speed it shows, the commands its actions give.
  const mediaSession = createMediaSession({
    $currentTime, $duration, $status, mediaPlaying, mediaPaused, mediaSeeked, $playbackRate, playClicked, pauseClicked, seekByRequested, seekRequested,
  });
  // Chapters and their skip: the playhead, the start, the controls, the seeks, the ad break.
  const chapters = createChapters({
    $currentTime, $duration, $status, $startAwaited, $controlsVisible, $isPlaying, $engineKey, mediaSeeked, mediaTimeUpdated, streamTicked, seekFx,
    seekRequested, $breakPhase,
  });
  // The player.js receiver: the engine and the media's facts, the content's commands, the ad break,
  // the episodes, the chapter entered, fullscreen.
  const embed = createEmbed({
    $engineKey, engineAttached, sourceRequested, sourceReady, $streamError, mediaSeeking, mediaSeeked, mediaPlaying, mediaPaused, mediaEnded, $duration,
    $isPlaying, $muted, $sliderVolume, playClicked, pauseClicked, playRequested, seekRequested, setMutedFx, volumeSet, pauseFx, $breakPhase, $break,
    $adStatus, adStatusChanged, $adUnitDuration, $adUnitRemainingTime, adPlayRequested, adPauseRequested, adMutedRequested, adVolumeRequested,
    skipRequested, stopRequested, $episodes, $currentEpisode, episodeChosen, chapterEntered: chapters.chapterEntered, $fullscreen: fullscreen.$fullscreen,
  });
  // The settings menu and the one-panel rule: Escape, the controls' pin, the tracks' choices.
  const menus = createMenus({ escapePressed, controlsPinnedSet, qualityChosen, rateChosen, subtitleChosen, audioTrackChosen, $audioTracks });
  // Progress saving and the resume prompt: the episode, the playhead, the media's facts, the page's start.
  const progress = createProgress({
    startAdopted, episodeChosen, $currentEpisode, $currentSecond, $engineKey, mediaPlaying, mediaPaused, mediaEnded, mediaTimeUpdated,
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
  return { playback, session, fullscreen, ads, analytics, tracks, mediaSession, chapters, embed, menus, progress, series, share, previews };
}

/** The features' models, as createFeatures returns them: what the links and the views are given. */
export type Features = ReturnType<typeof createFeatures>;
