/**
 * The current ad: its media loaded once resolved, shown when due, its media's facts and the
 * commands through the status machine (status.ts), and its end, which moves the queue on.
 */
import { sample } from 'effector';
import { VastErrorCode, isAbortError } from '../../../vast';
import { AdStatus, isTerminal, nextAdStatus, type AdFact } from '../status';
import type { AdMedia } from './ad-media';
import type { AdFailure, AdStatusChange, BreakUnits } from './break';
import { advanceCursor } from './queue';

/** The current ad: its media loaded, shown when due, its facts and commands through the status machine, its end. */
export function wireCurrentAd(u: BreakUnits, media: AdMedia): void {
  const { adCreated, adEnded, adBreakEnded, adFact, adStatusChanged, $currentAd, $adStatus, $breakPhase } = u;
  $currentAd.on(adCreated, (_, ad) => ad).reset(adEnded, adBreakEnded);
  $adStatus.on(adCreated, () => AdStatus.Created).on(adStatusChanged, (_, { to }) => to).reset(adEnded, adBreakEnded);
  u.$adTime
    .on(media.adMediaTimeUpdated, (_, time) => time)
    .on(adCreated, () => ({ currentTime: 0, duration: Number.NaN }));
  sample({ clock: adCreated, fn: (ad) => ad.mediaFile.url, target: media.loadAdMediaFx });

  // A created ad shows at once in a running break, else when the break starts.
  sample({ clock: adCreated, source: $breakPhase, filter: (phase) => phase === 'running', fn: (_, ad) => ad, target: u.adStartDue });
  sample({
    clock: u.adBreakStarted,
    source: { ad: $currentAd, status: $adStatus },
    filter: ({ ad, status }) => ad !== null && (status === AdStatus.Created || status === AdStatus.Loaded),
    fn: ({ ad }) => ad!,
    target: u.adStartDue,
  });
  // Media facts and commands, through the status machine.
  sample({ clock: media.adMediaCanPlayThrough, fn: (): AdFact => ({ type: 'canplaythrough' }), target: adFact });
  sample({ clock: media.adMediaPlaying, fn: (): AdFact => ({ type: 'playing' }), target: adFact });
  sample({ clock: media.adMediaTimeUpdated, fn: (): AdFact => ({ type: 'timeupdate' }), target: adFact });
  sample({ clock: media.adMediaPaused, fn: ({ ended }): AdFact => ({ type: 'pause', ended }), target: adFact });
  sample({ clock: media.adMediaEnded, fn: (): AdFact => ({ type: 'ended' }), target: adFact });
  sample({ clock: u.skipRequested, source: u.$skippable, fn: (allowed): AdFact => ({ type: 'skip', allowed }), target: adFact });
  sample({ clock: u.stopRequested, fn: (): AdFact => ({ type: 'stop' }), target: adFact });
  sample({ clock: u.adFailed, fn: (): AdFact => ({ type: 'error' }), target: adFact });

  sample({
    clock: media.adMediaFailed,
    source: $currentAd,
    filter: Boolean,
    fn: (ad, { mediaErrorCode, message }): AdFailure => ({
      code: VastErrorCode.MediaFileDelivery,
      errorUrls: ad.errors,
      detail: `MediaError ${mediaErrorCode}: ${message}`,
    }),
    target: u.adFailed,
  });
  sample({
    clock: media.playAdFx.failData,
    source: $currentAd,
    filter: (ad, error) => ad !== null && !isAbortError(error),
    fn: (ad, error): AdFailure => ({ code: VastErrorCode.CannotPlay, errorUrls: ad!.errors, detail: String(error) }),
    target: u.adFailed,
  });
  wireStatus(u, media);
}

/** Facts to status changes; a terminal ad torn down, then the next candidate (after an error) or the next item. */
function wireStatus(u: BreakUnits, media: AdMedia): void {
  const { adEnded, adStatusChanged, $currentAd, $adStatus } = u;
  sample({
    clock: u.adFact,
    source: { ad: $currentAd, status: $adStatus },
    filter: ({ ad, status }) => ad !== null && status !== null,
    fn: ({ ad, status }, fact): AdStatusChange => ({ ad: ad!, from: status!, to: nextAdStatus(status!, fact) }),
    target: u.adTransition,
  });
  sample({ clock: u.adTransition, filter: ({ from, to }) => from !== to, target: adStatusChanged });
  sample({ clock: adStatusChanged, filter: ({ to }) => isTerminal(to), target: adEnded });

  sample({ clock: adEnded, target: media.unloadAdMediaFx });
  sample({
    clock: adEnded,
    source: u.$cursor,
    fn: (cursor, { to }) => advanceCursor(to === AdStatus.Error ? cursor : { ...cursor, candidates: [] }),
    target: u.cursorAdvanced,
  });

  const { adTogglePlayClicked, adPlayRequested, adPauseRequested } = u;
  sample({ clock: adTogglePlayClicked, source: $adStatus, filter: (status) => status === AdStatus.Paused, target: adPlayRequested });
  sample({ clock: adTogglePlayClicked, source: $adStatus, filter: (status) => status !== AdStatus.Paused, target: adPauseRequested });
  sample({ clock: adPlayRequested, source: $adStatus, filter: (status) => status === AdStatus.Paused, target: media.playAdFx });
  sample({
    clock: adPauseRequested,
    source: $adStatus,
    filter: (status) => status === AdStatus.Started || status === AdStatus.Playing,
    target: media.pauseAdFx,
  });
}

