/**
 * The 100 ms stream tick (SPEC.md §9): while the media plays, the time, duration and buffer are
 * read every 100 ms, so the seek slider and clock move smoothly between the browser's sparse
 * timeupdate events. It stops when the media pauses, ends, fails or changes source.
 */
import { attach, sample } from 'effector';
import { interval } from 'patronum';
import type { EngineTime } from '../../engine/types';
import { STREAM_TICK_MS } from '../../lib/constants';
import { $engine, mediaEnded, mediaError, mediaPaused, mediaPlaying, sourceRequested, streamTicked } from './model';

const readTimeFx = attach({ source: $engine, effect: (engine): EngineTime | null => engine?.readTime?.() ?? null });

const tickStarted = sample({
  clock: mediaPlaying,
  source: $engine,
  // Engines that only push time (the scripted double by default) need no polling.
  filter: (engine) => typeof engine?.readTime === 'function',
  fn: () => undefined,
});
const tickStopped = sample({
  clock: [mediaPaused, mediaEnded, sourceRequested, mediaError.filter({ fn: (error) => error.fatal })],
  fn: () => undefined,
});

const { tick, isRunning } = interval({ timeout: STREAM_TICK_MS, start: tickStarted, stop: tickStopped });

/** True while the stream tick runs. */
export const $streamTickRunning = isRunning;

sample({ clock: tick, target: readTimeFx });
sample({ clock: readTimeFx.doneData, filter: (time): time is EngineTime => time !== null, target: streamTicked });
