/**
 * The start watchdog's clock and rules (start-state.ts runs them): two limits on a start, the
 * seconds a time fact holds, and the error a stalled start ends in.
 */
import type { EngineError, EngineTime } from '../../engine/types';
import { START_FRAME_LIMIT_MS, START_STALL_LIMIT_MS } from '../../lib/constants';

/** Which limit ran out: nothing loaded for the stall limit, or no frame for the frame limit. */
export type StartStallReason = 'noProgress' | 'noFrame';

export interface StartClock {
  /** Starts both limits afresh. */
  start(): void;
  /** Loading moved: the stall limit starts again (when the clock runs). */
  progressed(): void;
  stop(): void;
}

/** The two timers of one player's start; `expired` hears which one ran out. */
export function createStartClock(
  expired: (reason: StartStallReason) => void,
  { stallMs = START_STALL_LIMIT_MS, frameMs = START_FRAME_LIMIT_MS } = {},
): StartClock {
  let stall: ReturnType<typeof setTimeout> | null = null;
  let frame: ReturnType<typeof setTimeout> | null = null;
  const armStall = () => {
    if (stall !== null) clearTimeout(stall);
    stall = setTimeout(() => expired('noProgress'), stallMs);
  };
  const stop = () => {
    if (stall !== null) clearTimeout(stall);
    if (frame !== null) clearTimeout(frame);
    stall = frame = null;
  };
  return {
    start() {
      stop();
      armStall();
      frame = setTimeout(() => expired('noFrame'), frameMs);
    },
    progressed() {
      if (stall !== null) armStall();
    },
    stop,
  };
}

/** Seconds of media buffered, from a time fact: the ranges when given, else what lies ahead. */
export function bufferedSeconds(time: EngineTime): number {
  if (!time.bufferedRanges) return time.bufferedAhead;
  return time.bufferedRanges.reduce((sum, [start, end]) => sum + Math.max(0, end - start), 0);
}

/** The error the watchdog raises: 'network' when nothing arrived, 'media' when pieces did but never played. */
export function startStalledError(reason: StartStallReason): EngineError {
  return reason === 'noProgress'
    ? { kind: 'network', detail: 'startStalled', fatal: true, message: `no frame and no loading progress for ${START_STALL_LIMIT_MS / 1000} s after play was asked for` }
    : { kind: 'media', detail: 'startStalled', fatal: true, message: `no frame within ${START_FRAME_LIMIT_MS / 1000} s of play being asked for` };
}
