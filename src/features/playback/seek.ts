/**
 * Seeking: to a time (the slider, the OS media controls) or by a step (buttons, keys, double
 * clicks; SPEC.md §9 step 10 s). Repeated steps build on the pending target, so three quick
 * presses of → move 30 s even before the media has reported the first seek.
 */
import { attach, createEvent, createStore, sample } from 'effector';
import { SEEK_STEP_S } from '../../lib/constants';
import type { PlaybackEvents } from './events';
import type { PlaybackStatusModel } from './status';
import type { PlaybackEngineModel } from './model';
import { engineOf } from '../../engine/engines';

/** Keeps a target inside the media (or above 0 while the duration is unknown). */
function clampSeek(seconds: number, duration: number): number {
  const upper = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(0, seconds), upper);
}

/** The seek intents and the engine's seek, a step built on the pending target. */
export function createSeek({ mediaSeeked, sourceRequested }: PlaybackEvents, { $currentTime, $duration }: PlaybackStatusModel, { $engineKey }: PlaybackEngineModel) {
  /** Seek to this many seconds. */
  const seekRequested = createEvent<number>();
  /** Seek by this many seconds, back when negative. */
  const seekByRequested = createEvent<number>();
  /** Seek to a fraction 0..1 of the duration (keys 0–9). */
  const seekToFractionRequested = createEvent<number>();
  const seekBackClicked = createEvent();
  const seekForwardClicked = createEvent();

  const seekFx = attach({ source: $engineKey, effect: (key, seconds: number) => engineOf(key)?.seek(seconds) });

  /** Where a seek in flight is going; null once the media reports it done. */
  const $seekTarget = createStore<number | null>(null)
    .on(seekFx, (_, seconds) => seconds)
    .reset([mediaSeeked, sourceRequested]);

  sample({
    clock: seekRequested,
    source: $duration,
    filter: (_, seconds) => Number.isFinite(seconds),
    fn: (duration, seconds) => clampSeek(seconds, duration),
    target: seekFx,
  });

  // The playhead is read at the request, from the engine where it can tell: while the media plays,
  // the model's time follows it only once a second. Single-store sources: a combined one would be
  // recomputed on every time update.
  const readPlayheadFx = attach({
    source: $engineKey,
    effect: (key, { time, delta }: { time: number; delta: number }) => ({ time: engineOf(key)?.readTime().currentTime ?? time, delta }),
  });
  sample({
    clock: seekByRequested,
    source: $currentTime,
    filter: (_, delta) => Number.isFinite(delta) && delta !== 0,
    fn: (time, delta) => ({ time, delta }),
    target: readPlayheadFx,
  });
  sample({
    clock: readPlayheadFx.doneData,
    source: { target: $seekTarget, duration: $duration },
    fn: ({ target, duration }, { time, delta }) => clampSeek((target ?? time) + delta, duration),
    target: seekFx,
  });

  sample({
    clock: seekToFractionRequested,
    source: $duration,
    filter: (duration, fraction) => duration > 0 && Number.isFinite(fraction),
    fn: (duration, fraction) => clampSeek(duration * fraction, duration),
    target: seekFx,
  });

  sample({ clock: seekBackClicked, fn: () => -SEEK_STEP_S, target: seekByRequested });
  sample({ clock: seekForwardClicked, fn: () => SEEK_STEP_S, target: seekByRequested });
  return { seekRequested, seekByRequested, seekToFractionRequested, seekBackClicked, seekForwardClicked, seekFx };
}

export type PlaybackSeek = ReturnType<typeof createSeek>;
