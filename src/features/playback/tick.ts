/**
 * The 100 ms stream tick (SPEC.md §9): while the media plays, the time, duration and buffer are
 * read every 100 ms, so the seek slider and clock move smoothly between the browser's sparse
 * timeupdate events. It stops when the media pauses, ends, fails or changes source, and while the
 * controls are hidden: nothing shows the time then, and the browser's timeupdate events (about
 * four a second) keep the model's time for everything else. That keeps a film playing under
 * hidden controls from running the model ten times a second.
 */
import { attach, combine, sample } from 'effector';
import { interval } from 'patronum/interval';
import type { EngineTime } from '../../engine/types';
import { STREAM_TICK_MS } from '../../lib/constants';
import type { PlaybackControls } from './controls';
import type { PlaybackEvents } from './events';
import type { PlaybackStatusModel } from './status';
import type { PlaybackEngineModel } from './model';
import { engineOf } from '../../engine/engines';

/** The stream tick over the engine, while the controls show the time of a playing media. */
export function createStreamTick(
  { streamTicked }: PlaybackEvents,
  { $isPlaying, $streamError }: PlaybackStatusModel,
  { $controlsVisible }: PlaybackControls,
  { $engineKey }: PlaybackEngineModel,
) {
  const readTimeFx = attach({ source: $engineKey, effect: (key): EngineTime | null => engineOf(key)?.readTime() ?? null });

  const $tickWanted = combine(
    $isPlaying,
    $streamError,
    $controlsVisible,
    $engineKey,
    (playing, error, visible, engine) => playing && error === null && visible && engine !== null,
  );

  const tickStarted = sample({ clock: $tickWanted.updates, filter: Boolean, fn: () => undefined });
  const tickStopped = sample({ clock: $tickWanted.updates, filter: (wanted) => !wanted, fn: () => undefined });

  const { tick, isRunning } = interval({ timeout: STREAM_TICK_MS, start: tickStarted, stop: tickStopped });

  sample({ clock: tick, target: readTimeFx });
  sample({ clock: readTimeFx.doneData, filter: (time): time is EngineTime => time !== null, target: streamTicked });
  /** True while the stream tick runs. */
  return { $streamTickRunning: isRunning };
}
