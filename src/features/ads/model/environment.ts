/**
 * What decides whether an ad can be seen: native fullscreen and casting (fullscreen's stores, given
 * to the factory), and page visibility, which ads watches itself (platform/visibility.ts).
 */
import { createEffect, createEvent, createStore, sample, scopeBind, type Store } from 'effector';
import { isPageHidden, watchVisibility } from '../../../platform/visibility';

export interface AdsEnvironmentDeps {
  /** Only the content's <video> is on screen (its native fullscreen): the ad overlay cannot show. */
  $nativeFullscreen: Store<boolean>;
  /** Casting or AirPlay: no ads meanwhile. */
  $casting: Store<boolean>;
}

export function createAdsEnvironment({ $nativeFullscreen, $casting }: AdsEnvironmentDeps) {
  const pageVisibilityChanged = createEvent<boolean>();
  /** Starts watching page visibility; the app calls it once per scope. */
  const adsEnvironmentStarted = createEvent();
  const watchVisibilityFx = createEffect(() => {
    watchVisibility(scopeBind(pageVisibilityChanged, { safe: true }));
    return isPageHidden();
  });

  const $pageHidden = createStore(false)
    .on(pageVisibilityChanged, (_, hidden) => hidden)
    .on(watchVisibilityFx.doneData, (_, hidden) => hidden);
  /** Ads cannot be shown now. */
  const $adsBlocked = sample({
    source: { fullscreen: $nativeFullscreen, casting: $casting },
    fn: ({ fullscreen, casting }) => fullscreen || casting,
  });

  sample({ clock: adsEnvironmentStarted, target: watchVisibilityFx });
  return { pageVisibilityChanged, adsEnvironmentStarted, watchVisibilityFx, $pageHidden, $adsBlocked, $nativeFullscreen, $casting };
}

export type AdsEnvironment = ReturnType<typeof createAdsEnvironment>;
