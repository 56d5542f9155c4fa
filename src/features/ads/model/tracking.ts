/**
 * Tracking pings, rstat4 analytics and the ad history. Every decision is a pure function from
 * ../tracking-rules; the only effects are firePixelFx, sendStatFx, reportAdErrorFx and the wall clock.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import type { ParsedAd } from '../../../vast';
import { firePixelFx } from '../../../platform/pixel';
import { sendStatFx, stat } from '../../../platform/stats';
import type { StatName } from '../../../platform/stat-events';
import { AD_TIMEUPDATE_THROTTLE_MS } from '../../../lib/constants';
import { AdStatus, isRunning } from '../status';
import { effectiveDuration, safeHttpUrl, pixelUrls, progressCrossed, quartilesCrossed, transitionEvents, volumeEvents, type AdVolume } from '../tracking-rules';
import type { AdBreakKind } from '../sources';
import type { AdMedia } from './ad-media';
import type { AdFailure, Break } from './break';

/** SPEC.md §3 ad history item. `perc` is the share of the ad played, 0–100. */
export interface AdHistoryItem {
  id: string | null;
  type: AdBreakKind;
  duration: number | null;
  perc: number;
  /** Content time when the break came, seconds. */
  position: number;
}

/** Tracking's events and the stores its rules read. */
function createTrackingUnits(brk: Break) {
  const adSkipClicked = createEvent();
  return {
    /** The viewer clicked the ad (the overlay opened its http(s) click-through in a new tab). */
    adClicked: createEvent(),
    adSkipClicked,
    /** Logs an ad failure (abort errors never get here); other reporters may sample it. */
    reportAdErrorFx: createEffect((failure: AdFailure) => {
      console.warn(`[ads] VAST error ${failure.code}${failure.detail ? `: ${failure.detail}` : ''}`);
    }),
    $adHistory: createStore<AdHistoryItem[]>([]),
    /** The latest break, kept after it ends: an ad's end is reported after its break is torn down. */
    $lastBreak: createStore<{ kind: AdBreakKind; contentTime: number } | null>(null).on(brk.adBreakPrepared, (_, { kind, contentTime }) => ({
      kind,
      contentTime,
    })),
    /** The skip came from the button (ad_skip_btn_click), not from skipAd. */
    $skipByButton: createStore(false).on(adSkipClicked, () => true).reset(brk.adCreated),
    /** The click-through link, only when it is http(s): a javascript: or data: link never opens. */
    $clickThroughUrl: brk.$currentAd.map((ad) => safeHttpUrl(ad?.clickThrough ?? null)),
  };
}

type TrackingUnits = ReturnType<typeof createTrackingUnits>;

/** The VAST tracking pings: status changes, quartiles and progress, mute and unmute, clicks, errors. */
function wirePings(t: TrackingUnits, brk: Break, media: AdMedia): void {
  const { $currentAd, $adStatus } = brk;
  /** The furthest ad time reached: quartiles and progress fire once, when first crossed. */
  const $adMark = createStore(0).reset(brk.adCreated);
  const $heardVolume = createStore<AdVolume>({ volume: 1, muted: false });
  const progressTracked = createEvent<{ mark: number; urls: string[] }>();
  const volumeTracked = createEvent<{ next: AdVolume; events: string[] }>();

  // Status changes: loaded, impression + creativeView + start, pause, resume, complete, skip.
  const transitionPixels = createEvent<string[]>();
  sample({ clock: brk.adStatusChanged, fn: ({ ad, from, to }) => pixelUrls(ad, transitionEvents(from, to)), target: transitionPixels });
  sample({ clock: transitionPixels, filter: (urls) => urls.length > 0, fn: (urls) => ({ urls }), target: firePixelFx });

  // Quartiles and progress offsets crossed by the furthest time reached.
  sample({
    clock: media.adMediaTimeUpdated,
    source: { ad: $currentAd, status: $adStatus, mark: $adMark },
    filter: ({ ad, status }) => ad !== null && status !== null && isRunning(status),
    fn: ({ ad, mark }, { currentTime, duration }) => {
      const reached = Math.max(mark, currentTime);
      const length = effectiveDuration(duration, ad);
      const quartiles = length === null ? [] : quartilesCrossed(mark, reached, length);
      return { mark: reached, urls: [...pixelUrls(ad!, quartiles), ...progressCrossed(mark, reached, ad!.progress)] };
    },
    target: progressTracked,
  });
  $adMark.on(progressTracked, (_, { mark }) => mark);
  sample({ clock: progressTracked, filter: ({ urls }) => urls.length > 0, fn: ({ urls }) => ({ urls }), target: firePixelFx });

  // Mute and unmute, when the ad's audibility flips while it shows.
  sample({ clock: media.adMediaVolumeChanged, source: $heardVolume, fn: (prev, next) => ({ next, events: volumeEvents(prev, next) }), target: volumeTracked });
  $heardVolume.on(volumeTracked, (_, { next }) => next);
  sample({
    clock: volumeTracked,
    source: { ad: $currentAd, status: $adStatus },
    filter: ({ ad, status }, { events }) => ad !== null && status !== null && isRunning(status) && events.length > 0,
    fn: ({ ad }, { events }) => ({ urls: pixelUrls(ad as ParsedAd, events) }),
    target: firePixelFx,
  });

  // A click-through pauses the ad and pings click tracking.
  sample({ clock: t.adClicked, target: brk.adPauseRequested });
  sample({
    clock: t.adClicked,
    source: $currentAd,
    filter: (ad) => ad !== null && ad.clickTracking.length > 0,
    fn: (ad) => ({ urls: (ad as ParsedAd).clickTracking }),
    target: firePixelFx,
  });
  sample({ clock: t.adSkipClicked, target: brk.skipRequested });

  // Errors: ping the error links with the code (SPEC.md §7), log; the break moves on by itself.
  sample({ clock: brk.adFailed, fn: ({ code, errorUrls }) => ({ urls: errorUrls, errorCode: code }), target: firePixelFx });
  sample({ clock: brk.adFailed, target: t.reportAdErrorFx });
}

/** Ad history: one item for every ad that showed. */
function wireHistory(t: TrackingUnits, brk: Break): void {
  sample({
    clock: brk.adEnded,
    source: { history: t.$adHistory, brk: t.$lastBreak, time: brk.$adTime },
    filter: ({ brk }, { from }) => brk !== null && isRunning(from),
    fn: ({ history, brk, time }, { ad, to }) => {
      const duration = effectiveDuration(time.duration, ad);
      const played = to === AdStatus.Completed ? 1 : duration ? time.currentTime / duration : 0;
      return [...history, { id: ad.id, type: brk!.kind, duration, perc: Math.round(Math.min(1, Math.max(0, played)) * 100), position: brk!.contentTime }];
    },
    target: t.$adHistory,
  });
}

// rstat4 analytics (SPEC.md §7).
interface StatContext {
  ad: ParsedAd | null;
  brk: { kind: AdBreakKind } | null;
  time: { currentTime: number; duration: number };
}

type AdStatName = Extract<StatName, `ad_${string}`>;

function adStat(event: AdStatName, { ad, brk, time }: StatContext, extra: { status?: AdStatus; from?: AdStatus } = {}) {
  return stat(event, {
    adId: ad?.id ?? null,
    type: brk?.kind ?? null,
    currentTime: Math.round(time.currentTime * 10) / 10,
    duration: ad ? effectiveDuration(time.duration, ad) : null,
    ...extra,
  });
}

const STATUS_STATS: Partial<Record<AdStatus, AdStatName>> = {
  [AdStatus.Loaded]: 'ad_loaded',
  [AdStatus.Started]: 'ad_play',
  [AdStatus.Paused]: 'ad_pause',
  [AdStatus.Completed]: 'ad_ended',
  [AdStatus.Skipped]: 'ad_ended',
  [AdStatus.Stopped]: 'ad_ended',
};

/** The ad_* statistics; returns the wall clock's effect (tests set its time). */
function wireStats(t: TrackingUnits, brk: Break, media: AdMedia) {
  const { adCreated, adStatusChanged, $currentAd } = brk;
  const $statContext = sample({
    source: { ad: $currentAd, brk: t.$lastBreak, time: brk.$adTime },
    fn: (context): StatContext => context,
  });
  sample({ clock: adCreated, source: $statContext, fn: (context, ad) => adStat('ad_init', { ...context, ad }), target: sendStatFx });
  sample({
    clock: adStatusChanged,
    source: $statContext,
    filter: (_, { from, to }) => from === AdStatus.Created && to === AdStatus.Started,
    fn: (context, { ad, to }) => adStat('ad_loaded', { ...context, ad }, { status: to }),
    target: sendStatFx,
  });
  sample({
    clock: adStatusChanged,
    source: $statContext,
    filter: (_, { from, to }) => STATUS_STATS[to] !== undefined || (from === AdStatus.Paused && to === AdStatus.Playing),
    fn: (context, { ad, from, to }) => adStat(STATUS_STATS[to] ?? 'ad_play', { ...context, ad }, { status: to, from }),
    target: sendStatFx,
  });
  /** Wall time in ms, for the ad_timeupdate throttle. */
  const readWallClockFx = createEffect(() => Date.now());
  // ad_timeupdate at most once per second of wall time, across ads: the ad's own clock restarts with
  // each ad of a break, so the next ad's first update would follow the last one's at once.
  const timeupdateStatDue = createEvent<number>();
  const $lastTimeupdateStatAt = createStore(Number.NEGATIVE_INFINITY).on(timeupdateStatDue, (_, at) => at);
  sample({ clock: media.adMediaTimeUpdated, source: $currentAd, filter: (ad) => ad !== null, fn: () => undefined, target: readWallClockFx });
  sample({
    clock: readWallClockFx.doneData,
    source: $lastTimeupdateStatAt,
    filter: (last, now) => now - last >= AD_TIMEUPDATE_THROTTLE_MS,
    fn: (_, now) => now,
    target: timeupdateStatDue,
  });
  sample({ clock: timeupdateStatDue, source: $statContext, fn: (context) => adStat('ad_timeupdate', context), target: sendStatFx });
  sample({
    clock: adStatusChanged,
    source: { context: $statContext, byButton: t.$skipByButton },
    filter: ({ byButton }, { to }) => byButton && to === AdStatus.Skipped,
    fn: ({ context }, { ad }) => adStat('ad_skip_btn_click', { ...context, ad }),
    target: sendStatFx,
  });
  sample({ clock: t.adClicked, source: $statContext, filter: ({ ad }) => ad !== null, fn: (context) => adStat('ad_banner_click', context), target: sendStatFx });
  return { readWallClockFx };
}

/** Tracking pings, the ad history and the ad statistics, over the break and its ad's media. */
export function createTracking(brk: Break, media: AdMedia) {
  const t = createTrackingUnits(brk);
  wirePings(t, brk, media);
  wireHistory(t, brk);
  const { readWallClockFx } = wireStats(t, brk, media);
  const { adClicked, adSkipClicked, reportAdErrorFx, $adHistory, $clickThroughUrl } = t;
  return { adClicked, adSkipClicked, reportAdErrorFx, $adHistory, $clickThroughUrl, readWallClockFx };
}
