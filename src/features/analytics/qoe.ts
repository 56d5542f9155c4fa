/**
 * Quality-of-experience figures of one playback (issue 25): folded from facts about the content's
 * media, the ad breaks and the viewer's requests, each stamped with the page's clock in ms. Time
 * is counted between facts (a stretch belongs to what the media was doing since the last one),
 * so nothing here runs per frame or per time update.
 */

export type QoeFact =
  /** Play was asked for: autoplay or the viewer. The earliest before the first frame counts. */
  | { type: 'intent' }
  /** The browser refused an autoplay: the wait until the viewer's own click is not startup. */
  | { type: 'refused' }
  /**
   * The content's frames move. `playedMs`: how long the media had already played when this was
   * heard (the page's entry may start it before the model exists); the first frame was that long ago.
   */
  | { type: 'playing'; playedMs?: number }
  | { type: 'waiting' }
  | { type: 'paused' }
  | { type: 'ended' }
  /** The player asked the media to seek (a viewer's seek, not the engine's own nudges). */
  | { type: 'seek' }
  | { type: 'seeked' }
  | { type: 'adBreak'; running: boolean }
  /** An ad failed: its VAST, its media or its play(). */
  | { type: 'adFailed' }
  /** The ad that failed had shown frames: that failure was no start failure (heard with it, in either order). */
  | { type: 'adFailedAfterStart' }
  /** The rendition playing now, bits per second as the master playlist advertises it. */
  | { type: 'level'; bitrate: number };

export type StampedQoeFact = QoeFact & { at: number };

/**
 * What the content's time counts as: frames moving (watched), a stall (rebuffer), a seek's wait,
 * or nothing (not started, paused, ended).
 */
type Flow = 'idle' | 'playing' | 'stalled' | 'seeking';

export interface QoeState {
  intentAt: number | null;
  firstFrameAt: number | null;
  /** Ad break time before the first frame. */
  adMs: number;
  /** When the running ad break began; null when none runs. Its time counts for nothing else. */
  adSince: number | null;
  flow: Flow;
  /** Start of the stretch not yet counted. */
  since: number;
  /** A requested seek: under way with no wait yet, or a wait it caused, until frames move again. */
  seek: 'none' | 'pending' | 'waited';
  watchedMs: number;
  rebufferCount: number;
  rebufferMs: number;
  adStartFailures: number;
  qualitySwitches: number;
  bitrate: number | null;
  /** Sum of bitrate × ms over watched time with a known bitrate, and that time. */
  bitrateWeight: number;
  bitrateMs: number;
}

export const EMPTY_QOE: QoeState = {
  intentAt: null,
  firstFrameAt: null,
  adMs: 0,
  adSince: null,
  flow: 'idle',
  since: 0,
  seek: 'none',
  watchedMs: 0,
  rebufferCount: 0,
  rebufferMs: 0,
  adStartFailures: 0,
  qualitySwitches: 0,
  bitrate: null,
  bitrateWeight: 0,
  bitrateMs: 0,
};

/** Counts the stretch since the last fact; ad break time counts for nothing. */
function advance(state: QoeState, at: number): QoeState {
  const ms = Math.max(0, at - state.since);
  const next = { ...state, since: Math.max(at, state.since) };
  if (state.adSince !== null || ms === 0) return next;
  if (state.flow === 'stalled') next.rebufferMs += ms;
  if (state.flow === 'playing') {
    next.watchedMs += ms;
    if (state.bitrate !== null) {
      next.bitrateWeight += state.bitrate * ms;
      next.bitrateMs += ms;
    }
  }
  return next;
}

export function foldQoe(before: QoeState, fact: StampedQoeFact): QoeState {
  const state = advance(before, fact.at);
  const started = state.firstFrameAt !== null;
  switch (fact.type) {
    case 'intent':
      return started || (state.intentAt !== null && state.intentAt <= fact.at) ? state : { ...state, intentAt: fact.at };
    case 'refused':
      return started ? state : { ...state, intentAt: null };
    case 'playing': {
      if (started) return { ...state, flow: 'playing', seek: 'none' };
      const shownAt = Math.max(fact.at - Math.max(0, fact.playedMs ?? 0), state.intentAt ?? Number.NEGATIVE_INFINITY);
      // The stretch since the first frame is watched time.
      return { ...state, firstFrameAt: shownAt, flow: 'playing', seek: 'none', since: Math.min(shownAt, fact.at) };
    }
    case 'waiting':
      // Waits before the first frame are startup; during a break the content is not on screen.
      if (!started || state.adSince !== null) return state;
      if (state.seek !== 'none') return { ...state, seek: 'waited', flow: state.flow === 'idle' ? 'idle' : 'seeking' };
      return state.flow === 'playing' ? { ...state, flow: 'stalled', rebufferCount: state.rebufferCount + 1 } : state;
    case 'paused':
      return { ...state, flow: 'idle' };
    case 'ended':
      return { ...state, flow: 'idle', seek: 'none' };
    case 'seek':
      // A stall in progress ends where the viewer seeks away from it.
      return { ...state, seek: 'pending', flow: state.flow === 'playing' || state.flow === 'stalled' ? 'seeking' : state.flow };
    case 'seeked':
      // No wait came: the media had the data and plays on (a browser may fire no `playing` then).
      if (state.seek !== 'pending') return state;
      return { ...state, seek: 'none', flow: state.flow === 'seeking' ? 'playing' : state.flow };
    case 'adBreak':
      if (fact.running) return state.adSince !== null ? state : { ...state, adSince: fact.at, flow: 'idle' };
      if (state.adSince === null) return state;
      return { ...state, adSince: null, adMs: started ? state.adMs : state.adMs + (fact.at - state.adSince) };
    case 'adFailed':
      return { ...state, adStartFailures: state.adStartFailures + 1 };
    case 'adFailedAfterStart':
      return { ...state, adStartFailures: state.adStartFailures - 1 };
    case 'level': {
      const bitrate = Number.isFinite(fact.bitrate) && fact.bitrate > 0 ? fact.bitrate : null;
      if (bitrate === state.bitrate) return state;
      const switched = started && state.bitrate !== null && bitrate !== null;
      return { ...state, bitrate, qualitySwitches: state.qualitySwitches + (switched ? 1 : 0) };
    }
  }
}

/** Play intent to first frame, less the ad time between: null until the first frame. */
export function startupMs(state: QoeState): number | null {
  if (state.firstFrameAt === null || state.intentAt === null) return null;
  return Math.max(0, Math.round(state.firstFrameAt - state.intentAt - state.adMs));
}

/** Whether a playback took place that a summary reports: play was asked for, or frames showed. */
export const hasPlayback = (state: QoeState): boolean => state.intentAt !== null || state.firstFrameAt !== null;

export interface QoeSummary {
  watchedMs: number;
  rebufferCount: number;
  rebufferMs: number;
  /** Rebuffer time over watched plus rebuffer time; 0 when neither. */
  rebufferRatio: number;
  startupMs: number | null;
  exitedBeforeStart: boolean;
  adStartFailures: number;
  /** Bits per second, time-weighted over the watched time; null when no rendition was known. */
  averageBitrate: number | null;
  qualitySwitches: number;
}

/** The figures of the playback as of `at`. */
export function qoeSummary(state: QoeState, at: number): QoeSummary {
  const counted = advance(state, at);
  const waited = counted.watchedMs + counted.rebufferMs;
  return {
    watchedMs: Math.round(counted.watchedMs),
    rebufferCount: counted.rebufferCount,
    rebufferMs: Math.round(counted.rebufferMs),
    rebufferRatio: waited > 0 ? Math.round((counted.rebufferMs / waited) * 10_000) / 10_000 : 0,
    startupMs: startupMs(counted),
    exitedBeforeStart: counted.intentAt !== null && counted.firstFrameAt === null,
    adStartFailures: counted.adStartFailures,
    averageBitrate: counted.bitrateMs > 0 ? Math.round(counted.bitrateWeight / counted.bitrateMs) : null,
    qualitySwitches: counted.qualitySwitches,
  };
}

/**
 * How long the media had played when the model heard its `playing`, in ms: its time past where it
 * started, which is the later of the requested start and the start of the buffered range it plays
 * in (the engine may start a little past the requested time, at the first buffered frame). Any
 * stall before then makes this short, never long.
 */
export function playedSinceStart(time: { currentTime: number; bufferedRanges?: ReadonlyArray<readonly [number, number]> } | null, startTime: number): number {
  if (time === null || !Number.isFinite(time.currentTime)) return 0;
  const range = time.bufferedRanges?.find(([start, end]) => start <= time.currentTime && time.currentTime <= end);
  return Math.max(0, Math.round((time.currentTime - Math.max(startTime, range?.[0] ?? startTime)) * 1000));
}
