/**
 * The page-level statistics sink (SPEC.md §7): a function `rstat4` on the player's window or on
 * its top window. A cross-origin top throws on access; that, and a missing or throwing rstat4,
 * never reach the player.
 */
import { createEffect } from 'effector';
import { STAT_PREFIX, type NoPayload, type Stat, type StatName, type StatPayload } from './stat-events';

export { STAT_PREFIX } from './stat-events';

export type Rstat4 = (event: string, payload?: unknown) => void;

/**
 * An event as the sink sends it, unchecked: what the queue holds and test handlers record. The
 * player's code builds its events with `stat` against the catalogue (stat-events.ts).
 */
export interface StatEvent {
  /** Without the prefix, e.g. 'ad_play'; sent as 'videoplayer_ad_play'. */
  event: string;
  payload?: Record<string, unknown>;
}

/**
 * One event of the catalogue (stat-events.ts), e.g. `stat('ad_play', { adId, … })`: a name or a
 * payload that is not there fails the typecheck. Without a payload the event has none (sent as `{}`).
 */
export function stat<Name extends StatName>(
  event: Name,
  ...[payload]: NoPayloadAllowed<Name> extends true ? [payload?: StatPayload<Name>] : [payload: StatPayload<Name>]
): Stat<Name> {
  return (payload === undefined ? { event } : { event, payload }) as Stat<Name>;
}

type NoPayloadAllowed<Name extends StatName> = NoPayload extends StatPayload<Name> ? true : false;

interface StatWindow {
  rstat4?: unknown;
  top?: StatWindow | null;
}

/** rstat4 from `win`, else from `win.top`; null when neither has one or top is unreachable. */
export function findRstat4(win: StatWindow | undefined = typeof window === 'undefined' ? undefined : (window as StatWindow)): Rstat4 | null {
  if (!win) return null;
  try {
    if (typeof win.rstat4 === 'function') return win.rstat4 as Rstat4;
  } catch {
    // fall through to top
  }
  try {
    const top = win.top;
    if (top && top !== win && typeof top.rstat4 === 'function') return top.rstat4.bind(top) as Rstat4;
  } catch {
    // A cross-origin top: no statistics from here.
  }
  return null;
}

/** Sends one event; false when there is no sink or it threw. */
export function sendStat({ event, payload = {} }: StatEvent, win?: StatWindow): boolean {
  const rstat4 = findRstat4(win);
  if (!rstat4) return false;
  try {
    rstat4(`${STAT_PREFIX}${event}`, payload);
    return true;
  } catch {
    return false;
  }
}

/** How long after the page starts events wait for a late rstat4; after that they are dropped. */
const STARTUP_WAIT_MS = 10_000;
const QUEUE_CAP = 200;
const RETRY_MS = 250;

interface QueueOptions {
  send?: (stat: StatEvent) => boolean;
  startupMs?: number;
  now?: () => number;
  every?: (fn: () => void, ms: number) => () => void;
}

/**
 * A sender that holds events while no sink exists during start-up and flushes them, in order,
 * when rstat4 appears. It never blocks or throws; after start-up a missing sink drops events.
 */
export function createQueuedSender({
  send = (stat) => sendStat(stat),
  startupMs = STARTUP_WAIT_MS,
  now = () => Date.now(),
  every = (fn, ms) => {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
}: QueueOptions = {}) {
  const started = now();
  let queue: StatEvent[] = [];
  let stopRetry: (() => void) | null = null;
  const inStartup = () => now() - started <= startupMs;
  const flush = () => {
    while (queue.length > 0 && send(queue[0]!)) queue.shift();
    if (queue.length === 0 || !inStartup()) {
      queue = [];
      stopRetry?.();
      stopRetry = null;
    }
  };
  return (stat: StatEvent): boolean => {
    flush();
    if (queue.length === 0 && send(stat)) return true;
    if (!inStartup() || queue.length >= QUEUE_CAP) return false;
    queue.push(stat);
    stopRetry ??= every(flush, RETRY_MS);
    return false;
  };
}

const sendQueued = createQueuedSender();

/** Sends an event of the catalogue now, or queues it while the page is starting and has no rstat4 yet. */
export const sendStatFx = createEffect((event: Stat) => sendQueued(event));
