/**
 * The pre-roll made ready, and played for the viewer, before the app. Its VAST document is asked
 * for as soon as the ad list says a pre-roll comes first; once it has come, the ads loader's own
 * code resolves it (wrappers, the media file this browser plays) and the ad's element loads its
 * media. Without autoplay the app's turn waits for that media (`ready`, app-turn.ts): on a phone's
 * link the app's code beside it would hold the ad back, and a tap before the app plays the ad on
 * the page (with autoplay the app comes at once and plays it). The
 * ads model adopts both when it comes: its loader takes the resolved ad, its ad video the element,
 * playing or not (its facts replayed, engine/ad-video.ts), and it sends the ad's impression and
 * tracking from there.
 */
import type { VolumeState } from '../features/playback/volume-rules';
import { createAdElement } from '../engine/ad-element';
import { adElementHeld, holdAdElement, holdEarlyAd, prefetchSettled, prefetchVast, prefetchedUntaken } from '../platform/vast-prefetch';
import { importVastLoad } from './lazy-modules';

export interface EarlyPreroll {
  /**
   * Settles when the ad's media can play through, or when there is nothing more to wait for (the
   * resolution or the media failed, the ads model took the ad first).
   */
  readonly ready: Promise<void>;
  /**
   * The viewer asked to play, at the volume they left: the ad plays on the page as soon as its
   * media allows, while the page's start still holds it. Called within the viewer's gesture: a
   * browser that wants one for sound (Safari's engine) would refuse a later play. Resolves true
   * once it plays; false when the browser refused it, or the ads model has it (the model plays it).
   */
  play(volume: VolumeState): Promise<boolean>;
}

export function prepareEarlyPreroll(vastUrl: string, onPlaying: () => void): EarlyPreroll {
  prefetchVast(vastUrl);
  const element = createAdElement();
  holdAdElement(element);
  const held = () => adElementHeld(element);
  let settle!: () => void;
  const ready = new Promise<void>((resolve) => (settle = resolve));
  element.addEventListener('canplaythrough', () => settle(), { once: true });
  element.addEventListener('error', () => settle(), { once: true });
  let mediaUrl: string | null = null;
  let wanted: { volume: VolumeState; played: (playing: boolean) => void } | null = null;
  // Nothing will play here: the app's ads model has the ad (or its failure) from now on.
  const giveUp = () => {
    settle();
    wanted?.played(false);
  };
  const playWhenWanted = () => {
    if (!held() || wanted === null || mediaUrl === null) return;
    const { volume, played } = wanted;
    element.volume = volume.volume;
    element.muted = volume.muted;
    // On the page until the ad overlay mounts it (the content's element waits there the same way).
    document.body.appendChild(element);
    element.addEventListener('playing', onPlaying, { once: true });
    element.play().then(
      () => played(true),
      // Refused: the ad is as it was before the tap, for the ads model to play when it comes.
      () => {
        if (held()) element.remove();
        played(false);
      },
    );
  };
  void Promise.all([prefetchSettled(vastUrl), importVastLoad()])
    .then(async ([, { resolveAd }]) => {
      // The app's loader took the answer first: the ad is its to resolve.
      if (!prefetchedUntaken(vastUrl)) return giveUp();
      const ad = resolveAd({ source: { url: vastUrl }, canPlayType: (type) => element.canPlayType(type) });
      holdEarlyAd(vastUrl, ad);
      mediaUrl = (await ad).mediaFile.url;
      if (!held()) return giveUp();
      element.preload = 'auto';
      element.src = mediaUrl;
      playWhenWanted();
    })
    // A failed resolution is the loader's to report.
    .catch(giveUp);
  return {
    ready,
    play(volume) {
      if (!held()) return Promise.resolve(false);
      if (wanted !== null) return Promise.resolve(true);
      return new Promise<boolean>((played) => {
        wanted = { volume, played };
        playWhenWanted();
      });
    },
  };
}
