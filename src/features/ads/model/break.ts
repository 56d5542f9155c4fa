/**
 * The ad break: a queue of ad items, the current ad and its status machine, and the commands
 * sent to the ad's own <video>. Scheduling (when a break runs) and tracking live beside it.
 */
import { attach, combine, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import type { ParsedAd } from '../../../vast';
import { VastErrorCode, isAbortError, isVastError } from '../../../vast';
import type { AdVideo, AdVideoFacts } from '../../../engine/ad-video';
import { loadVastFx } from '../../../platform/vast-loader';
import { VOLUME_MAX } from '../../../lib/constants';
import { AdStatus, isRunning, isTerminal, nextAdStatus, type AdFact } from '../status';
import type { AdBreakKind, AdCandidate, AdItem } from '../sources';
import { silent, type AdVolume } from '../tracking-rules';

export interface AdBreak {
  kind: AdBreakKind;
  /** Content time when the break was prepared (ad history "position"). */
  contentTime: number;
}

export type AdBreakPhase = 'idle' | 'prepared' | 'running';

/** Which ad of a pod (a break of several ads) shows: 1-based, out of the ads planned. */
export interface AdPosition {
  index: number;
  count: number;
}

/** Why an ad failed: its VAST error code and the links to ping with it. */
export interface AdFailure {
  code: VastErrorCode;
  errorUrls: readonly string[];
  detail: string | null;
}

export interface AdStatusChange {
  ad: ParsedAd;
  from: AdStatus;
  to: AdStatus;
}

interface Cursor {
  items: AdItem[];
  /** The remaining candidates of the item being tried. */
  candidates: AdCandidate[];
}

/** The next candidate to try: the current item's next one, else the next item's first. */
function advanceCursor({ items, candidates }: Cursor): { cursor: Cursor; candidate: AdCandidate | null } {
  if (candidates.length > 0) return { cursor: { items, candidates: candidates.slice(1) }, candidate: candidates[0]! };
  const [item, ...rest] = items;
  if (!item) return { cursor: { items: [], candidates: [] }, candidate: null };
  return { cursor: { items: rest, candidates: item.candidates.slice(1) }, candidate: item.candidates[0] ?? null };
}

// Facts of the ad <video>.
export const adMediaCanPlayThrough = createEvent();
export const adMediaPlaying = createEvent();
export const adMediaPaused = createEvent<AdVideoFacts['paused']>();
export const adMediaEnded = createEvent();
export const adMediaTimeUpdated = createEvent<AdVideoFacts['timeUpdated']>();
export const adMediaVolumeChanged = createEvent<AdVolume>();
export const adMediaFailed = createEvent<AdVideoFacts['failed']>();
/** The browser paused the ad on finding its sound; the element plays on muted. */
export const adMediaSoundRefused = createEvent();

// Break lifecycle.
/** A break is due: its first ad starts loading at once (the pre-roll's while the content loads). */
export const adBreakPrepared = createEvent<AdBreak & { items: AdItem[] }>();
/** The prepared break takes the screen. */
export const adBreakStarted = createEvent();
/** The break is over, every ad played or failed: SPEC.md's ad-stopped event. */
export const adBreakEnded = createEvent<AdBreak>();

// Commands: from the overlay, the ad unit interface and the schedule.
export const adPlayRequested = createEvent();
export const adPauseRequested = createEvent();
export const skipRequested = createEvent();
export const stopRequested = createEvent();
export const adVolumeRequested = createEvent<number>();
export const adMutedRequested = createEvent<boolean>();
export const adTogglePlayClicked = createEvent();
/** The overlay's mute button. */
export const adMuteClicked = createEvent();
/** The overlay's volume slider moved. */
export const adVolumeSlid = createEvent<number>();
/** The ad unit's setAdVolume (VPAID: 0 is mute). */
export const adUnitVolumeSet = createEvent<number>();
/** The content's volume, for an ad to start at (a viewer who muted the film does not get a loud ad). */
export const adVolumeMatched = createEvent<AdVolume>();
/** The ad failed; the model pings its error links, logs it and moves on. */
export const adFailed = createEvent<AdFailure>();

/**
 * Makes the ad video when the first break is prepared. The media stack makes it (engine/ad-video.ts,
 * over the page's start's element when it made one): the composition root gives the handler
 * (app/create-player.tsx), and a test its own.
 */
export const createAdVideoFx = createEffect<void, AdVideo>();
export const $adVideo = createStore<AdVideo | null>(null, { serialize: 'ignore' }).on(createAdVideoFx.doneData, (_, video) => video);
export const $break = createStore<AdBreak | null>(null, { serialize: 'ignore' });
export const $breakPhase = createStore<AdBreakPhase>('idle');
const $cursor = createStore<Cursor>({ items: [], candidates: [] }, { serialize: 'ignore' });
export const $currentAd = createStore<ParsedAd | null>(null, { serialize: 'ignore' });
export const $adStatus = createStore<AdStatus | null>(null);
export const $adTime = createStore({ currentTime: 0, duration: Number.NaN });
export const $adVolume = createStore<AdVolume>({ volume: 1, muted: false }).on(adMediaVolumeChanged, (_, volume) => volume);
/** The viewer hears nothing: muted, or at volume 0. */
export const $adSilent = $adVolume.map(silent);
/** The volume as heard, 0 when muted: the overlay's slider and the ad unit's getAdVolume. */
export const $adHeardVolume = $adVolume.map(({ volume, muted }) => (muted ? 0 : volume));

/** Seconds until skipping is allowed (0 once it is); null for a non-skippable ad. */
export const $skipCountdown = combine($currentAd, $adTime, (ad, { currentTime }) =>
  ad?.skipOffset == null ? null : Math.max(0, Math.ceil(ad.skipOffset - currentTime - 1e-3)),
);
export const $skippable = combine($skipCountdown, $adStatus, (countdown, status) => countdown === 0 && status !== null && isRunning(status));

const connectAdVideoFx = createEffect((video: AdVideo) => {
  video.on('canPlayThrough', scopeBind(adMediaCanPlayThrough, { safe: true }));
  video.on('playing', scopeBind(adMediaPlaying, { safe: true }));
  video.on('paused', scopeBind(adMediaPaused, { safe: true }));
  video.on('ended', scopeBind(adMediaEnded, { safe: true }));
  video.on('timeUpdated', scopeBind(adMediaTimeUpdated, { safe: true }));
  video.on('volumeChanged', scopeBind(adMediaVolumeChanged, { safe: true }));
  video.on('failed', scopeBind(adMediaFailed, { safe: true }));
  video.on('soundRefused', scopeBind(adMediaSoundRefused, { safe: true }));
});

const resolveAdFx = attach({
  source: $adVideo,
  mapParams: (source: AdCandidate, video: AdVideo | null) => ({
    source,
    canPlayType: (type: string) => video?.canPlayType(type) ?? '',
  }),
  effect: loadVastFx,
});
const loadAdMediaFx = attach({ source: $adVideo, effect: (video, url: string) => video?.load(url) });
export const playAdFx = attach({ source: $adVideo, effect: async (video) => video?.play() });
export const pauseAdFx = attach({ source: $adVideo, effect: (video) => video?.pause() });
const unloadAdMediaFx = attach({ source: $adVideo, effect: (video) => video?.unload() });
const setAdVolumeFx = attach({ source: $adVideo, effect: (video, volume: number) => video?.setVolume(volume) });
const setAdMutedFx = attach({ source: $adVideo, effect: (video, muted: boolean) => video?.setMuted(muted) });

const cursorAdvanced = createEvent<ReturnType<typeof advanceCursor>>();
const candidateNeeded = createEvent();
/** A VAST resolved into an ad of the running or prepared break; its media starts loading. */
export const adCreated = createEvent<ParsedAd>();
const adFact = createEvent<AdFact>();
const adTransition = createEvent<AdStatusChange>();
/** A status change; terminal ones are followed by adEnded. */
export const adStatusChanged = createEvent<AdStatusChange>();
/** The ad reached a terminal status and its UI is torn down. */
export const adEnded = createEvent<AdStatusChange>();
/** The current ad is asked to show: it plays, or is stopped when ads cannot be seen now. */
export const adStartDue = createEvent<ParsedAd>();

sample({ clock: createAdVideoFx.doneData, target: connectAdVideoFx });
sample({ clock: adBreakPrepared, source: $adVideo, filter: (video) => video === null, target: createAdVideoFx });

$break.on(adBreakPrepared, (_, { kind, contentTime }) => ({ kind, contentTime })).reset(adBreakEnded);
$breakPhase
  .on(adBreakPrepared, () => 'prepared')
  .on(adBreakStarted, (phase) => (phase === 'prepared' ? 'running' : phase))
  .reset(adBreakEnded);
$cursor.on(adBreakPrepared, (_, { items }) => ({ items, candidates: [] })).on(cursorAdvanced, (_, { cursor }) => cursor);

/** How many ads the break planned; 0 between breaks. */
const $plannedAds = createStore(0)
  .on(adBreakPrepared, (_, { items }) => items.length)
  .reset(adBreakEnded);
/**
 * The pod position, null for a single-ad break. The count is the ads planned. An ad that fails
 * (all its candidates) or is skipped keeps its place: the next one shows its own number, so after
 * a failed first ad of two the viewer reads 'Реклама 2 из 2', one ad left. The items not yet
 * taken from the cursor are the ones after the current ad.
 */
export const $adPosition = combine($plannedAds, $cursor, (count, { items }): AdPosition | null =>
  count > 1 ? { index: Math.min(count, Math.max(1, count - items.length)), count } : null,
);

// The ad <video> must exist before canPlayType can choose a media file.
sample({
  clock: [adBreakPrepared, createAdVideoFx.doneData],
  source: { video: $adVideo, ad: $currentAd, phase: $breakPhase, resolving: resolveAdFx.pending },
  filter: ({ video, ad, phase, resolving }) => video !== null && ad === null && phase !== 'idle' && !resolving,
  target: candidateNeeded,
});
sample({ clock: candidateNeeded, source: $cursor, fn: advanceCursor, target: cursorAdvanced });
sample({
  clock: cursorAdvanced,
  filter: ({ candidate }) => candidate !== null,
  fn: ({ candidate }) => candidate!,
  target: resolveAdFx,
});
sample({ clock: cursorAdvanced, source: $break, filter: (brk, { candidate }) => brk !== null && candidate === null, fn: (brk) => brk!, target: adBreakEnded });

sample({ clock: resolveAdFx.doneData, source: $breakPhase, filter: (phase) => phase !== 'idle', fn: (_, ad) => ad, target: adCreated });
sample({
  clock: resolveAdFx.failData,
  filter: (error) => !isAbortError(error),
  fn: (error): AdFailure =>
    isVastError(error)
      ? { code: error.code, errorUrls: error.errorUrls, detail: error.detail }
      : { code: VastErrorCode.Undefined, errorUrls: [], detail: String(error) },
  target: adFailed,
});
sample({ clock: resolveAdFx.failData, target: candidateNeeded });

$currentAd.on(adCreated, (_, ad) => ad).reset(adEnded, adBreakEnded);
$adStatus.on(adCreated, () => AdStatus.Created).on(adStatusChanged, (_, { to }) => to).reset(adEnded, adBreakEnded);
$adTime
  .on(adMediaTimeUpdated, (_, time) => time)
  .on(adCreated, () => ({ currentTime: 0, duration: Number.NaN }));
sample({ clock: adCreated, fn: (ad) => ad.mediaFile.url, target: loadAdMediaFx });

// A created ad shows at once in a running break, else when the break starts.
sample({ clock: adCreated, source: $breakPhase, filter: (phase) => phase === 'running', fn: (_, ad) => ad, target: adStartDue });
sample({
  clock: adBreakStarted,
  source: { ad: $currentAd, status: $adStatus },
  filter: ({ ad, status }) => ad !== null && (status === AdStatus.Created || status === AdStatus.Loaded),
  fn: ({ ad }) => ad!,
  target: adStartDue,
});
// Media facts and commands, through the status machine.
sample({ clock: adMediaCanPlayThrough, fn: (): AdFact => ({ type: 'canplaythrough' }), target: adFact });
sample({ clock: adMediaPlaying, fn: (): AdFact => ({ type: 'playing' }), target: adFact });
sample({ clock: adMediaTimeUpdated, fn: (): AdFact => ({ type: 'timeupdate' }), target: adFact });
sample({ clock: adMediaPaused, fn: ({ ended }): AdFact => ({ type: 'pause', ended }), target: adFact });
sample({ clock: adMediaEnded, fn: (): AdFact => ({ type: 'ended' }), target: adFact });
sample({ clock: skipRequested, source: $skippable, fn: (allowed): AdFact => ({ type: 'skip', allowed }), target: adFact });
sample({ clock: stopRequested, fn: (): AdFact => ({ type: 'stop' }), target: adFact });
sample({ clock: adFailed, fn: (): AdFact => ({ type: 'error' }), target: adFact });

sample({
  clock: adMediaFailed,
  source: $currentAd,
  filter: Boolean,
  fn: (ad, { mediaErrorCode, message }): AdFailure => ({
    code: VastErrorCode.MediaFileDelivery,
    errorUrls: ad.errors,
    detail: `MediaError ${mediaErrorCode}: ${message}`,
  }),
  target: adFailed,
});
sample({
  clock: playAdFx.failData,
  source: $currentAd,
  filter: (ad, error) => ad !== null && !isAbortError(error),
  fn: (ad, error): AdFailure => ({ code: VastErrorCode.CannotPlay, errorUrls: ad!.errors, detail: String(error) }),
  target: adFailed,
});

sample({
  clock: adFact,
  source: { ad: $currentAd, status: $adStatus },
  filter: ({ ad, status }) => ad !== null && status !== null,
  fn: ({ ad, status }, fact): AdStatusChange => ({ ad: ad!, from: status!, to: nextAdStatus(status!, fact) }),
  target: adTransition,
});
sample({ clock: adTransition, filter: ({ from, to }) => from !== to, target: adStatusChanged });
sample({ clock: adStatusChanged, filter: ({ to }) => isTerminal(to), target: adEnded });

// A terminal ad: tear down, then the next candidate (after an error) or the next item.
sample({ clock: adEnded, target: unloadAdMediaFx });
sample({
  clock: adEnded,
  source: $cursor,
  fn: (cursor, { to }) => advanceCursor(to === AdStatus.Error ? cursor : { ...cursor, candidates: [] }),
  target: cursorAdvanced,
});

sample({ clock: adTogglePlayClicked, source: $adStatus, filter: (status) => status === AdStatus.Paused, target: adPlayRequested });
sample({ clock: adTogglePlayClicked, source: $adStatus, filter: (status) => status !== AdStatus.Paused, target: adPauseRequested });
sample({ clock: adPlayRequested, source: $adStatus, filter: (status) => status === AdStatus.Paused, target: playAdFx });
sample({ clock: adPauseRequested, source: $adStatus, filter: (status) => status === AdStatus.Started || status === AdStatus.Playing, target: pauseAdFx });
sample({ clock: adVolumeRequested, filter: (volume) => Number.isFinite(volume), target: setAdVolumeFx });
sample({ clock: adMutedRequested, target: setAdMutedFx });
sample({ clock: adVolumeMatched, fn: ({ volume }) => volume, target: setAdVolumeFx });
sample({ clock: adVolumeMatched, fn: ({ muted }) => muted, target: setAdMutedFx });

// The mute button: an ad at volume 0 gets full volume (unmuting alone would leave it silent);
// otherwise mute toggles. Moving the slider above 0 on a muted ad unmutes it.
sample({ clock: adMuteClicked, source: $adVolume, filter: ({ volume }) => volume === 0, fn: () => VOLUME_MAX, target: adVolumeRequested });
sample({ clock: adMuteClicked, source: $adVolume, filter: ({ volume }) => volume !== 0, fn: ({ muted }) => !muted, target: adMutedRequested });
sample({ clock: adVolumeSlid, target: adVolumeRequested });
sample({ clock: adVolumeSlid, source: $adVolume, filter: ({ muted }, volume) => muted && volume > 0, fn: () => false, target: adMutedRequested });
// The ad unit's volume: the level, and muted exactly at 0.
sample({ clock: adUnitVolumeSet, target: adVolumeRequested });
sample({ clock: adUnitVolumeSet, fn: (volume) => volume === 0, target: adMutedRequested });
