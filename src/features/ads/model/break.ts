/**
 * The ad break: a queue of ad items, the current ad and its status machine, and the commands
 * sent to the ad's own <video> (ad-media.ts). Scheduling (when a break runs), the sound and
 * tracking live beside it.
 */
import { combine, createEvent, createStore } from 'effector';
import type { ParsedAd, VastErrorCode } from '../../../vast';
import { AdStatus, isRunning, type AdFact } from '../status';
import type { AdBreakKind, AdItem } from '../sources';
import type { AdMedia } from './ad-media';
import { wireQueue, type advanceCursor, type Cursor } from './queue';
import { wireCurrentAd } from './current-ad';

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

/** The break's events and stores, before any wiring. */
function createBreakUnits() {
  const $currentAd = createStore<ParsedAd | null>(null, { serialize: 'ignore' });
  const $adStatus = createStore<AdStatus | null>(null);
  const $adTime = createStore({ currentTime: 0, duration: Number.NaN });
  /** Seconds until skipping is allowed (0 once it is); null for a non-skippable ad. */
  const $skipCountdown = combine($currentAd, $adTime, (ad, { currentTime }) =>
    ad?.skipOffset == null ? null : Math.max(0, Math.ceil(ad.skipOffset - currentTime - 1e-3)),
  );
  return {
    // Break lifecycle.
    /** A break is due: its first ad starts loading at once (the pre-roll's while the content loads). */
    adBreakPrepared: createEvent<AdBreak & { items: AdItem[] }>(),
    /** The prepared break takes the screen. */
    adBreakStarted: createEvent(),
    /** The break is over, every ad played or failed: SPEC.md's ad-stopped event. */
    adBreakEnded: createEvent<AdBreak>(),
    // Commands: from the overlay, the ad unit interface and the schedule.
    adPlayRequested: createEvent(),
    adPauseRequested: createEvent(),
    skipRequested: createEvent(),
    stopRequested: createEvent(),
    adTogglePlayClicked: createEvent(),
    /** The ad failed; the model pings its error links, logs it and moves on. */
    adFailed: createEvent<AdFailure>(),
    $break: createStore<AdBreak | null>(null, { serialize: 'ignore' }),
    $breakPhase: createStore<AdBreakPhase>('idle'),
    $cursor: createStore<Cursor>({ items: [], candidates: [] }, { serialize: 'ignore' }),
    $currentAd,
    $adStatus,
    $adTime,
    $skipCountdown,
    $skippable: combine($skipCountdown, $adStatus, (countdown, status) => countdown === 0 && status !== null && isRunning(status)),
    cursorAdvanced: createEvent<ReturnType<typeof advanceCursor>>(),
    candidateNeeded: createEvent(),
    /** A VAST resolved into an ad of the running or prepared break; its media starts loading. */
    adCreated: createEvent<ParsedAd>(),
    adFact: createEvent<AdFact>(),
    adTransition: createEvent<AdStatusChange>(),
    /** A status change; terminal ones are followed by adEnded. */
    adStatusChanged: createEvent<AdStatusChange>(),
    /** The ad reached a terminal status and its UI is torn down. */
    adEnded: createEvent<AdStatusChange>(),
    /** The current ad is asked to show: it plays, or is stopped when ads cannot be seen now. */
    adStartDue: createEvent<ParsedAd>(),
  };
}

export type BreakUnits = ReturnType<typeof createBreakUnits>;

/** The break, its current ad and their commands, over the ad video's facts and effects. */
export function createBreak(media: AdMedia) {
  const u = createBreakUnits();
  const { $adPosition } = wireQueue(u, media);
  wireCurrentAd(u, media);
  const { $cursor: _cursor, cursorAdvanced: _advanced, candidateNeeded: _needed, adFact: _fact, adTransition: _transition, ...open } = u;
  return { ...open, $adPosition };
}

export type Break = ReturnType<typeof createBreak>;
