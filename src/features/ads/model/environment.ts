/** What decides whether an ad can be seen: native fullscreen, casting, page visibility. */
import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { isPageHidden, watchVisibility } from '../../../platform/visibility';

/** The content video entered or left native fullscreen, where the ad overlay cannot show. */
export const adsNativeFullscreenChanged = createEvent<boolean>();
/** Casting or AirPlay started or stopped: no ads meanwhile. */
export const adsCastingChanged = createEvent<boolean>();
export const pageVisibilityChanged = createEvent<boolean>();
/** Starts watching page visibility; the app calls it once per scope. */
export const adsEnvironmentStarted = createEvent();

const $nativeFullscreen = createStore(false).on(adsNativeFullscreenChanged, (_, on) => on);
const $casting = createStore(false).on(adsCastingChanged, (_, on) => on);
export const watchVisibilityFx = createEffect(() => {
  watchVisibility(scopeBind(pageVisibilityChanged, { safe: true }));
  return isPageHidden();
});

export const $pageHidden = createStore(false)
  .on(pageVisibilityChanged, (_, hidden) => hidden)
  .on(watchVisibilityFx.doneData, (_, hidden) => hidden);
/** Ads cannot be shown now. */
export const $adsBlocked = sample({
  source: { fullscreen: $nativeFullscreen, casting: $casting },
  fn: ({ fullscreen, casting }) => fullscreen || casting,
});

sample({ clock: adsEnvironmentStarted, target: watchVisibilityFx });
