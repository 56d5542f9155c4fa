/**
 * Playback and error analytics (SPEC.md §7, §8): progress marks, the 60 s time-update, stream
 * errors with the network class and buffered length, frame-rate drops and a failed engine load.
 * Inputs are plain facts the app wires from playback, session and ads (app/links/analytics.ts);
 * the only effect is sendStatFx, so the model never touches the page.
 */
import { combine, createEffect, createEvent, createStore, sample, type Event, type Store, type Unit } from 'effector';
import { interval } from 'patronum/interval';
import type { EngineError } from '../../engine/types';
import { TIMEUPDATE_ANALYTICS_INTERVAL_MS } from '../../lib/constants';
import type { DeviceType } from '../../lib/device';
import { bitsToKilobytes, networkClass, type NetworkClass } from '../../lib/network';
import { reportError, type ErrorReport } from '../../platform/sentry';
import { sendStatFx, stat } from '../../platform/stats';
import type { Stat, StatErrorFields } from '../../platform/stat-events';
import { marksReached } from './marks';
import { createQoe } from './qoe-model';

export interface AnalyticsItem {
  contentId: number | null;
  episodeId: number | null;
  /** The film-database title id ('tt0111161'); null when the content has none. */
  imdbId: string | null;
}

export interface ContentPosition {
  position: number;
  duration: number;
}

export interface StreamErrorReport {
  error: EngineError;
  /** The engine's bandwidth estimate in bits per second; NaN when unknown. */
  bandwidthEstimate: number;
  /** Seconds buffered ahead of the playhead. */
  bufferedLength: number;
}

export interface FrameDropReport {
  droppedFrames: number;
  totalFrames: number;
  windowMs: number;
}

/** Share of dropped frames over a sample window above which a frame-rate drop is reported. */
export const FRAME_DROP_RATIO = 0.1;

/** Sends a stream error's report; an effect, so a scope (a test's) can take the reports in its place. */
export const reportStreamErrorFx = createEffect((report: ErrorReport) => reportError(report));

export type AnalyticsModel = ReturnType<typeof createAnalytics>;

/**
 * The analytics, built once per player. It hears no unit of another feature: app/links/analytics.ts
 * gives it its facts, at its place in the order of links.
 */
export function createAnalytics() {
  const facts = createFacts();
  const withCommon = commonFields(facts);
  sendMarks(facts, withCommon);
  sendTimeUpdates(facts, withCommon);
  sendFailures(facts, withCommon);
  sendSkips(facts, withCommon);
  const qoe = createQoe(facts);
  const { itemChanged, deviceDetected, positionUpdated, contentPlayingChanged, streamErrorReported, framesSampled, libraryLoadFailed } = facts;
  const { chapterSkipOffered, chapterSkipClicked, $sentMarks } = facts;
  return {
    itemChanged, deviceDetected, positionUpdated, contentPlayingChanged, streamErrorReported, framesSampled, libraryLoadFailed, chapterSkipOffered,
    chapterSkipClicked, $sentMarks, ...qoe,
  };
}

/** The facts the app wires in, and what analytics keeps of them. */
function createFacts() {
  const itemChanged = createEvent<AnalyticsItem>();
  const deviceDetected = createEvent<DeviceType>();
  const positionUpdated = createEvent<ContentPosition>();
  /** True while content (not an ad) is playing. */
  const contentPlayingChanged = createEvent<boolean>();
  const streamErrorReported = createEvent<StreamErrorReport>();
  const framesSampled = createEvent<FrameDropReport>();
  const libraryLoadFailed = createEvent<string>();
  /** A skip button appeared, with the chapter's role (intro or recap); once per chapter and episode. */
  const chapterSkipOffered = createEvent<string>();
  /** The viewer pressed the skip button. */
  const chapterSkipClicked = createEvent<string>();

  const $item = createStore<AnalyticsItem>(
    { contentId: null, episodeId: null, imdbId: null },
    {
      updateFilter: (next, current) => next.contentId !== current.contentId || next.episodeId !== current.episodeId || next.imdbId !== current.imdbId,
    },
  ).on(itemChanged, (_, item) => item);
  const $deviceType = createStore<DeviceType>('desktop').on(deviceDetected, (_, type) => type);
  const $position = createStore<ContentPosition>({ position: 0, duration: 0 }).on(positionUpdated, (_, position) => position);
  const $contentPlaying = createStore(false).on(contentPlayingChanged, (_, playing) => playing);
  /** Marks already sent for the current episode; a new episode starts afresh. */
  const $sentMarks = createStore<ReadonlySet<number>>(new Set(), { serialize: 'ignore' }).reset($item.updates);
  return {
    itemChanged, deviceDetected, positionUpdated, contentPlayingChanged, streamErrorReported, framesSampled, libraryLoadFailed, chapterSkipOffered,
    chapterSkipClicked, $item, $deviceType, $position, $contentPlaying, $sentMarks,
  };
}

type AnalyticsFacts = ReturnType<typeof createFacts>;

/** The fields every event carries. No token, cookie or fingerprint ever goes here. */
type CommonFields = {
  contentId: number | null;
  episodeId: number | null;
  imdbId: string | null;
  position: number;
  duration: number;
  deviceType: DeviceType;
};

/** Each `clock` with the common fields read at that moment. */
type WithCommon = <T>(clock: Unit<T>) => Event<{ common: CommonFields; value: T }>;

function commonFields({ $item, $deviceType, $position }: { $item: Store<AnalyticsItem>; $deviceType: Store<DeviceType>; $position: Store<ContentPosition> }): WithCommon {
  const $itemOnDevice = combine({ item: $item, deviceType: $deviceType });
  // The position is read as a single-store source: a combined store over it would be recomputed on every time update.
  return <T>(clock: Unit<T>) => {
    const positioned = sample({ clock, source: $position, fn: (position, value: T) => ({ position, value }) });
    return sample({
      clock: positioned,
      source: $itemOnDevice,
      fn: ({ item, deviceType }, { position: { position, duration }, value }) => ({
        common: { contentId: item.contentId, episodeId: item.episodeId, imdbId: item.imdbId, position, duration, deviceType },
        value,
      }),
    });
  };
}

/** Progress marks: each once per episode, skipped marks once when seeking forward past them. */
function sendMarks({ positionUpdated, $sentMarks }: AnalyticsFacts, withCommon: WithCommon) {
  const marksCrossed = sample({
    clock: positionUpdated,
    source: $sentMarks,
    fn: (sent, { position, duration }) => marksReached(position, duration, sent),
    filter: (sent, { position, duration }) => marksReached(position, duration, sent).length > 0,
  });
  $sentMarks.on(marksCrossed, (sent, marks) => new Set([...sent, ...marks]));
  /**
   * The stats of the marks crossed by one update, sent one per mark, in order: the first goes to
   * sendStatFx and the rest come round again. All of it runs in one effector tick, so the marks of
   * one update never interleave with the next update's.
   */
  const markStatsDue = createEvent<Stat<'progress'>[]>();
  sample({ clock: withCommon(marksCrossed), fn: ({ common, value: marks }) => marks.map((mark) => stat('progress', { ...common, mark })), target: markStatsDue });
  sample({ clock: markStatsDue, filter: (stats) => stats.length > 0, fn: ([first]) => first!, target: sendStatFx });
  sample({ clock: markStatsDue, filter: (stats) => stats.length > 1, fn: ([, ...rest]) => rest, target: markStatsDue });
}

/** The time-update every 60 s of playing content; a pause or an ad stops the clock. */
function sendTimeUpdates({ contentPlayingChanged }: AnalyticsFacts, withCommon: WithCommon) {
  const timerStarted = createEvent();
  const timerStopped = createEvent();
  sample({ clock: contentPlayingChanged, filter: Boolean, fn: () => undefined, target: timerStarted });
  sample({ clock: contentPlayingChanged, filter: (playing) => !playing, fn: () => undefined, target: timerStopped });
  const { tick } = interval({ timeout: TIMEUPDATE_ANALYTICS_INTERVAL_MS, start: timerStarted, stop: timerStopped });
  sample({ clock: withCommon(tick), fn: ({ common }) => stat('timeupdate', common), target: sendStatFx });
}

/** The network class as SPEC.md §9 names it; 'unknown' before any measurement. */
export function networkType(bandwidthBitsPerSecond: number): NetworkClass | 'unknown' {
  return networkClass(bitsToKilobytes(bandwidthBitsPerSecond)) ?? 'unknown';
}

export function errorPayload({ error, bandwidthEstimate, bufferedLength }: StreamErrorReport): StatErrorFields {
  return {
    errorType: error.kind,
    details: error.detail,
    fatal: error.fatal,
    networkType: networkType(bandwidthEstimate),
    bufferedLength: Math.round(bufferedLength * 1000) / 1000,
    responseCode: error.responseCode ?? null,
  };
}

/** Stream errors, frame-rate drops and a failed engine load. */
function sendFailures({ streamErrorReported, framesSampled, libraryLoadFailed }: AnalyticsFacts, withCommon: WithCommon) {
  const errorReported = withCommon(streamErrorReported);
  sample({ clock: errorReported, fn: ({ common, value: report }) => stat('error', { ...common, ...errorPayload(report) }), target: sendStatFx });
  sample({
    clock: errorReported,
    filter: ({ value: { error } }) => error.detail.toLowerCase().includes('buffer'),
    fn: ({ common, value: report }) => stat('bufferingError', { ...common, ...errorPayload(report) }),
    target: sendStatFx,
  });

  sample({
    clock: withCommon(framesSampled),
    filter: ({ value: { droppedFrames, totalFrames } }) => totalFrames > 0 && droppedFrames / totalFrames > FRAME_DROP_RATIO,
    fn: ({ common, value: report }) => stat('fps_drop', { ...common, ...report }),
    target: sendStatFx,
  });

  sample({ clock: withCommon(libraryLoadFailed), fn: ({ common, value: message }) => stat('library_load_error', { ...common, message }), target: sendStatFx });
}

/** Chapters (issue 41): 'Пропустить заставку' / 'Пропустить пересказ' shown and pressed. */
function sendSkips({ chapterSkipOffered, chapterSkipClicked }: AnalyticsFacts, withCommon: WithCommon) {
  sample({ clock: withCommon(chapterSkipOffered), fn: ({ common, value: role }) => stat('skip_intro_show', { ...common, role }), target: sendStatFx });
  sample({ clock: withCommon(chapterSkipClicked), fn: ({ common, value: role }) => stat('skip_intro_click', { ...common, role }), target: sendStatFx });
}
