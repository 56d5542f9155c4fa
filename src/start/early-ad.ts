/**
 * The pre-roll made ready before the app. Its VAST document is asked for as soon as the ad list
 * says a pre-roll comes first; once it has come, the ads loader's own code resolves it (wrappers,
 * the media file this browser plays); once the app's chunks have come, the ad's element loads its
 * media while the app evaluates (sooner, the media would take the phone's link from the app's
 * code). The ads model adopts both: its loader takes the resolved ad, its ad video the element.
 * So the viewer's first tap starts an ad that is already buffered.
 */
import { adElementHeld, holdAdElement, holdEarlyAd, prefetchSettled, prefetchVast, prefetchedUntaken } from '../platform/vast-prefetch';

export function prepareEarlyPreroll(vastUrl: string, chunksArrived: Promise<void>): void {
  prefetchVast(vastUrl);
  const element = document.createElement('video');
  holdAdElement(element);
  void Promise.all([prefetchSettled(vastUrl), import('../platform/vast-load')])
    .then(async ([, { resolveAd }]) => {
      // The app's loader took the answer first: the ad is its to resolve.
      if (!prefetchedUntaken(vastUrl)) return;
      const ad = resolveAd({ source: { url: vastUrl }, canPlayType: (type) => element.canPlayType(type) });
      holdEarlyAd(vastUrl, ad);
      const [{ mediaFile }] = await Promise.all([ad, chunksArrived]);
      // Once the ads model has the element, it loads what the model asks of it.
      if (!adElementHeld(element)) return;
      element.preload = 'auto';
      element.src = mediaFile.url;
    })
    // A failed resolution is the loader's to report; a chunk that failed, the app's.
    .catch(() => undefined);
}
