/**
 * Cross-feature wiring: the composition root's model. Features stay unaware of each other;
 * this module connects session (what to play) to playback (how it plays).
 */
import { attach, sample } from 'effector';
import { $config, $phase, appStarted, episodeChosen } from '../features/session';
import { $engine, autoplaySet, engineAttached, sourceMissing } from '../features/playback';
import {
  adCreated,
  adsConfigured,
  adsEnvironmentStarted,
  castingChanged as adsCastingChanged,
  contentHoldRequested,
  contentPauseRequested,
  contentPlayRequested,
  contentResumeRequested,
  contentSeeked,
  contentTimeUpdated,
  nativeFullscreenChanged as adsNativeFullscreenChanged,
  adVolumeMatched,
} from '../features/ads';
import { loadStartupFx } from '../features/session';
import { $muted, $volume, mediaSeeked, mediaTimeUpdated, pauseFx, playDeferred, playHeld, playReleased, playRequested } from '../features/playback';
import { $casting, $mediaElement, $videoElementFullscreen } from '../features/fullscreen';

sample({ clock: appStarted, fn: (config) => config.autoPlay, target: autoplaySet });

// A page error ends the page: a stream the entry started (main.tsx) stops, and its element,
// which the entry put on the page before the app, leaves it.
const releaseMediaFx = attach({
  source: { engine: $engine, element: $mediaElement },
  effect: ({ engine, element }) => {
    engine?.destroy();
    element?.remove();
  },
});
sample({ clock: [$phase.updates, engineAttached], source: $phase, filter: (phase) => phase === 'error', target: releaseMediaFx });

// Where each episode starts (t, saved progress, resume prompt) is wired in series-model.ts.

sample({
  clock: episodeChosen,
  filter: (episode) => episode.m3u8MasterFilePath === null,
  fn: (episode) => `episode ${episode.id} has no m3u8MasterFilePath`,
  target: sourceMissing,
});

// Ads (issue 5): the pre-roll holds the content's first play; breaks pause and resume it.
sample({
  clock: loadStartupFx.doneData,
  source: $config,
  filter: (config, data) => config !== null && data.available,
  fn: (config, data) => ({ adList: data.adList, adListUrl: config!.adListUrl, advert: config!.advert, baseUrl: config!.baseUrl }),
  target: adsConfigured,
});
sample({ clock: appStarted, target: adsEnvironmentStarted });
sample({ clock: contentHoldRequested, target: playHeld });
sample({ clock: contentPauseRequested, target: [playHeld, pauseFx] });
sample({ clock: contentResumeRequested, target: playReleased });
sample({ clock: contentResumeRequested, filter: ({ resume }) => resume, target: playRequested });
sample({ clock: playDeferred, target: contentPlayRequested });
sample({ clock: mediaTimeUpdated, fn: ({ currentTime }) => currentTime, target: contentTimeUpdated });
sample({ clock: mediaSeeked, fn: ({ currentTime }) => currentTime, target: contentSeeked });
sample({ clock: $videoElementFullscreen, target: adsNativeFullscreenChanged });
sample({ clock: $casting, target: adsCastingChanged });
sample({ clock: adCreated, source: { volume: $volume, muted: $muted }, target: adVolumeMatched });
