/**
 * The start watchdog (issue 22): no endless spinner, no silent stop. A play intent must end in a
 * moving picture; one that shows no frame and loads nothing for START_STALL_LIMIT_MS, or shows no
 * frame for START_FRAME_LIMIT_MS however the loading moves, ends in the stream error ('startStalled'),
 * reported like any fatal engine error, with 'Повторить'.
 *
 * - The intent: a play command sent to the media (a click, a key, autoplay's play at sourceReady,
 *   the release of a play deferred by an ad, the resume prompt's answer), or a source requested
 *   with autoplay on (so an autoplay whose source never gets ready is covered too; a retry is one).
 * - It ends with the first frame (the media reports playing and its time moves on), a pause (the
 *   command or the media's fact), the end, the browser refusing autoplay (NotAllowedError: the
 *   big play button is the answer to that), a new source without autoplay, or a fatal error.
 * - The clock runs only while the intent stands and nothing holds it: not while an ad holds the
 *   content ($playHeld), not while the page is hidden. Each time it starts again it starts afresh.
 * - Loading progress (a piece buffered, the buffered seconds growing, the manifest parsed)
 *   restarts the stall limit, not the frame limit.
 */
import { attach, combine, createEffect, createEvent, createStore, merge, sample, scopeBind } from 'effector';
import type { EngineError, EngineTime } from '../../engine/types';
import { START_FRAME_LIMIT_MS, START_STALL_LIMIT_MS } from '../../lib/constants';
import { isPageHidden, watchVisibility } from '../../platform/visibility';
import {
  engineAttached,
  mediaEnded,
  mediaError,
  mediaLoadProgressed,
  mediaPaused,
  mediaPlaying,
  mediaSeeked,
  mediaSeeking,
  mediaTimeUpdated,
  sourceReady,
  sourceRequested,
  streamTicked,
} from './events';
import { $currentTime, $status, $streamError } from './status';
import { $autoplay, $playHeld, pauseFx, isPlayRefusal, playFx, playRefused } from './model';

/** Which limit ran out: nothing loaded for the stall limit, or no frame for the frame limit. */
type StartStallReason = 'noProgress' | 'noFrame';

interface StartClock {
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
function startStalledError(reason: StartStallReason): EngineError {
  return reason === 'noProgress'
    ? { kind: 'network', detail: 'startStalled', fatal: true, message: `no frame and no loading progress for ${START_STALL_LIMIT_MS / 1000} s after play was asked for` }
    : { kind: 'media', detail: 'startStalled', fatal: true, message: `no frame within ${START_FRAME_LIMIT_MS / 1000} s of play being asked for` };
}

/** A timer of the start clock ran out. */
const startClockExpired = createEvent<StartStallReason>();
/** The page was hidden (true) or shown (false). */
export const pageHiddenChanged = createEvent<boolean>();

const createClockFx = createEffect(() => createStartClock(scopeBind(startClockExpired, { safe: true })));
const watchPageFx = createEffect(() => {
  watchVisibility(scopeBind(pageHiddenChanged, { safe: true }));
  return isPageHidden();
});
const $clock = createStore<StartClock | null>(null, { serialize: 'ignore' }).on(createClockFx.doneData, (_, clock) => clock);
const $pageHidden = createStore(false)
  .on(pageHiddenChanged, (_, hidden) => hidden)
  .on(watchPageFx.doneData, (_, hidden) => hidden);

sample({ clock: engineAttached, source: $clock, filter: (clock) => clock === null, fn: () => undefined, target: [createClockFx, watchPageFx] });

/** The media time moved while the media said it plays: a frame is on screen. */
const firstFrameShown = createEvent();

/**
 * A play intent stands and no frame has shown for it yet. It stays apart from $startPending
 * (model.ts), the spinner's: merged, an autoplaying source would hide the big play button while it
 * loads, and a `playing` with a frozen picture would keep the spinner over it.
 */
export const $startAwaited = createStore(false)
  .on(playFx, () => true)
  .reset([firstFrameShown, pauseFx, mediaPaused, mediaEnded, playRefused])
  .on(mediaError, (awaited, error) => (error.fatal ? false : awaited));
// A source requested with autoplay on is a play intent from the start.
sample({ clock: sourceRequested, source: $autoplay, target: $startAwaited });

/** The watchdog's clock runs: an intent stands, nothing holds it, the page is seen, nothing failed. */
const $startClockRunning = combine(
  $startAwaited,
  $playHeld,
  $pageHidden,
  $streamError,
  (awaited, held, hidden, error) => awaited && !held && !hidden && error === null,
);

const startClockFx = attach({ source: $clock, effect: (clock) => clock?.start() });
const stopClockFx = attach({ source: $clock, effect: (clock) => clock?.stop() });
const progressClockFx = attach({ source: $clock, effect: (clock) => clock?.progressed() });

sample({ clock: $startClockRunning.updates, filter: Boolean, fn: () => undefined, target: startClockFx });
sample({ clock: $startClockRunning.updates, filter: (running) => !running, fn: () => undefined, target: stopClockFx });
// A clock made after the intent (the engine attached late) starts at once.
sample({ clock: $clock.updates, source: $startClockRunning, filter: (running, clock) => running && clock !== null, fn: () => undefined, target: startClockFx });
// Another source is another start: both limits start again.
sample({ clock: sourceRequested, source: $startClockRunning, filter: Boolean, fn: () => undefined, target: startClockFx });

// First frame: the media reports playing and its time passes the point where play began. The
// point is taken when play is asked for, when the media starts playing and when a seek lands.
const $framePoint = createStore<number | null>(null)
  .on(mediaSeeking, () => null)
  .on(mediaSeeked, (_, { currentTime }) => currentTime);
sample({ clock: [playFx, mediaPlaying], source: $currentTime, target: $framePoint });
const timeFact = merge([mediaTimeUpdated, streamTicked]);
sample({
  clock: timeFact,
  source: { awaited: $startAwaited, status: $status, point: $framePoint },
  filter: ({ awaited, status, point }, { currentTime }) => awaited && status === 'playing' && point !== null && currentTime > point,
  fn: () => undefined,
  target: firstFrameShown,
});

// Loading progress: a piece buffered, the manifest parsed, or more seconds buffered than the last
// time fact showed (read only while the clock runs: a film that plays does not pay for it).
const $buffered = createStore(0).reset(sourceRequested);
const bufferRead = sample({
  clock: timeFact,
  source: $buffered,
  filter: $startClockRunning,
  fn: (before, time) => ({ before, now: bufferedSeconds(time) }),
});
$buffered.on(bufferRead, (_, { now }) => now);
const bufferGrew = sample({ clock: bufferRead, filter: ({ before, now }) => now > before + 0.001, fn: () => undefined });
const loadProgressed = merge([mediaLoadProgressed, sourceReady, bufferGrew]);
sample({ clock: loadProgressed, filter: $startClockRunning, fn: () => undefined, target: progressClockFx });

// A play() the engine aborted (a reload of the media under it) is asked again once loading moves.
const $playAborted = createStore(false)
  .on(playFx.failData, (_, error) => !isPlayRefusal(error))
  .reset([playFx, sourceRequested, firstFrameShown, pauseFx, mediaPaused]);
sample({
  clock: [mediaLoadProgressed, bufferGrew],
  source: { aborted: $playAborted, awaited: $startAwaited, held: $playHeld },
  filter: ({ aborted, awaited, held }) => aborted && awaited && !held,
  fn: () => undefined,
  target: playFx,
});

/** The start stalled: the stream error, and the media is paused so nothing starts behind it. */
const startStalled = sample({ clock: startClockExpired, filter: $startClockRunning });
sample({ clock: startStalled, fn: startStalledError, target: mediaError });
sample({ clock: startStalled, fn: () => undefined, target: pauseFx });
