/**
 * The ads model, built once per player by the composition root (app/create-features.ts): the ad
 * video's facts and commands (ad-media.ts), the break and its current ad (break.ts, queue.ts,
 * current-ad.ts), the sound, the media time-out, what keeps an ad from being seen
 * (environment.ts), the schedule, tracking, the ad unit's times and what the overlay shows.
 * Made in the order their modules once wired themselves on import, so that two reactions to one
 * event still run in the order they did.
 */
import type { AdVideo } from '../../../engine/ad-video';
import { createAdUnitTimes } from '../ad-unit';
import { createAdMedia } from './ad-media';
import { createBreak } from './break';
import { createAdSound } from './sound';
import { createMediaTimeout } from './media-timeout';
import { createAdsEnvironment, type AdsEnvironmentDeps } from './environment';
import { createSchedule } from './schedule';
import { createTracking } from './tracking';
import { createOverlay } from './overlay';

/** What ads is given: the ad's <video> from the media stack, and what fullscreen knows of the screen. */
export interface AdsDeps extends AdsEnvironmentDeps {
  /**
   * Makes the ad's <video> (engine/ad-video.ts; the composition root's, over the page's start's
   * element when it made one). Called once, when the first break is prepared.
   */
  createAdVideo: () => AdVideo;
}

export function createAds({ createAdVideo, $nativeFullscreen, $casting }: AdsDeps) {
  const media = createAdMedia(createAdVideo);
  const brk = createBreak(media);
  const sound = createAdSound(media);
  const timeout = createMediaTimeout(brk, media);
  const environment = createAdsEnvironment({ $nativeFullscreen, $casting });
  const schedule = createSchedule(brk, media, environment);
  const tracking = createTracking(brk, media);
  const unitTimes = createAdUnitTimes(brk.$currentAd, brk.$adTime);
  const overlay = createOverlay(brk);
  const { makeAdVideoFx: _make, $adMediaMade: _made, resolveAdFx: _resolve, loadAdMediaFx: _load, unloadAdMediaFx: _unload, ...commands } = media;
  const { pageVisibilityChanged, adsEnvironmentStarted, watchVisibilityFx } = environment;
  return {
    ...commands,
    ...brk,
    ...sound,
    ...timeout,
    pageVisibilityChanged,
    adsEnvironmentStarted,
    watchVisibilityFx,
    ...schedule,
    ...tracking,
    ...unitTimes,
    ...overlay,
  };
}

export type AdsModel = ReturnType<typeof createAds>;
