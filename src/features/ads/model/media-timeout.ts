/**
 * The media time-out (AD_MEDIA_TIMEOUT_MS), the one way an ad fails with VAST 402: an ad asked to
 * play that shows no frame in time, or a started ad whose media time stops moving for as long
 * while it is not paused. Whatever pauses an ad (the viewer, a click-through, a hidden page) stops
 * the clock, and the play after it starts a fresh one; a shorter stall (buffering that recovers)
 * costs nothing. The failure takes the path every ad error takes: error links pinged with 402, the
 * error reported, the break on to its next ad or the content.
 */
import { createEvent, createStore, sample } from 'effector';
import { debounce } from 'patronum/debounce';
import { delay } from 'patronum/delay';
import type { ParsedAd } from '../../../vast';
import { VastErrorCode } from '../../../vast';
import { AD_MEDIA_TIMEOUT_MS } from '../../../lib/constants';
import { AdStatus } from '../status';
import type { AdMedia } from './ad-media';
import type { AdFailure, Break } from './break';

/** What an ad waits for, and the statuses in which it still does when its time-out runs out. */
type Awaited = 'frame' | 'progress';
const WAITING: Record<Awaited, ReadonlySet<AdStatus>> = {
  frame: new Set([AdStatus.Created, AdStatus.Loaded]),
  progress: new Set([AdStatus.Started, AdStatus.Playing]),
};

interface Watch {
  ad: ParsedAd;
  ms: number;
}

/** The media time-out's clocks over the break's current ad; it fails the ad with 402 (adFailed). */
export function createMediaTimeout(brk: Break, media: AdMedia) {
  /**
   * How long an ad may show no frame, or no progress once started, before it fails with 402. null
   * sets no limit: for model tests that are not about it, as its timers would hold allSettled.
   */
  const $adMediaTimeoutMs = createStore<number | null>(AD_MEDIA_TIMEOUT_MS);
  const timedOut = createEvent<Watch & { awaited: Awaited }>();
  /** The ad's media time at its last progress. */
  const $progressAt = createStore(0).reset(brk.adCreated);

  // No frame: each play asked starts a timer (patronum's, in the scope).
  const playAsked = sample({
    clock: media.playAdFx,
    source: { ad: brk.$currentAd, ms: $adMediaTimeoutMs },
    filter: (asked): asked is Watch => asked.ad !== null && asked.ms !== null,
  });
  sample({ clock: delay({ source: playAsked, timeout: ({ ms }) => ms }), fn: (watch) => ({ ...watch, awaited: 'frame' as const }), target: timedOut });

  // No progress: the timer restarts whenever the media time moves and whenever the ad starts or
  // plays on after a pause; it runs out only after a whole time-out without either.
  const progressed = sample({ clock: media.adMediaTimeUpdated, source: $progressAt, filter: (at, { currentTime }) => currentTime !== at, fn: (_, { currentTime }) => currentTime });
  $progressAt.on(progressed, (_, at) => at);
  const moving = createEvent<Watch>();
  sample({
    clock: brk.adStatusChanged,
    source: $adMediaTimeoutMs,
    filter: (ms, { to }) => ms !== null && WAITING.progress.has(to),
    fn: (ms, { ad }) => ({ ad, ms: ms! }),
    target: moving,
  });
  sample({
    clock: progressed,
    source: { ad: brk.$currentAd, status: brk.$adStatus, ms: $adMediaTimeoutMs },
    filter: ({ ad, status, ms }) => ad !== null && ms !== null && status !== null && WAITING.progress.has(status),
    fn: ({ ad, ms }) => ({ ad: ad!, ms: ms! }),
    target: moving,
  });
  const stalled = debounce({ source: moving, timeout: $adMediaTimeoutMs.map((ms) => ms ?? 0) });
  sample({ clock: stalled, fn: (watch) => ({ ...watch, awaited: 'progress' as const }), target: timedOut });

  // A time-out counts only for the ad it was for, still waiting for what it timed.
  sample({
    clock: timedOut,
    source: { ad: brk.$currentAd, status: brk.$adStatus, at: $progressAt },
    filter: ({ ad, status }, out) => ad === out.ad && status !== null && WAITING[out.awaited].has(status),
    fn: ({ at }, { ad, ms, awaited }): AdFailure => ({
      code: VastErrorCode.MediaFileTimeout,
      errorUrls: ad.errors,
      detail: `${ad.mediaFile.url}: ${awaited === 'frame' ? 'no frame' : `no progress from ${at} s`} in ${ms} ms`,
    }),
    target: brk.adFailed,
  });
  return { $adMediaTimeoutMs };
}
