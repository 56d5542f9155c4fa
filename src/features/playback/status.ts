/**
 * Where the content stands, from the engine's facts alone: its state, its time and length, its
 * buffer for the seek slider, and the fatal error that stopped it.
 */
import { createStore } from 'effector';
import type { EngineError, EngineTime } from '../../engine/types';
import type { PlaybackEvents } from './events';

/** SPEC.md §4 player states. 'notStarted' holds until the media first plays. */
export type PlaybackStatus = 'notStarted' | 'playing' | 'paused' | 'ended' | 'buffering';

/** The stores that follow the engine's facts. */
export function createStatus(events: PlaybackEvents) {
  const { mediaDurationChanged, mediaEnded, mediaError, mediaPaused, mediaPlaying, mediaSeeked, mediaSeeking, mediaTimeUpdated, mediaWaiting } = events;
  const { sourceMissing, sourceRequested, streamTicked } = events;
  const $status = createStore<PlaybackStatus>('notStarted')
    .on(sourceRequested, () => 'notStarted')
    .on(mediaPlaying, () => 'playing')
    .on(mediaPaused, (status) => (status === 'ended' ? status : 'paused'))
    .on(mediaWaiting, (status) => (status === 'notStarted' ? status : 'buffering'))
    .on(mediaEnded, () => 'ended');

  const $currentTime = createStore(0)
    .on(sourceRequested, (_, { startTime }) => startTime)
    .on([mediaTimeUpdated, streamTicked], (_, { currentTime }) => currentTime)
    .on([mediaSeeking, mediaSeeked], (_, { currentTime }) => currentTime);
  const $duration = createStore(0)
    .reset(sourceRequested)
    .on([mediaTimeUpdated, streamTicked, mediaDurationChanged], (current, { duration }) => (Number.isFinite(duration) ? duration : current));
  /**
   * The last time fact the model took, as the engine reported it. The engine reads the element's
   * buffer only when a fact's buffer is asked for (hls-events.ts readMediaTime), and nothing asks
   * every second: analytics reads the buffer ahead from it when an error comes.
   */
  const $lastTime = createStore<EngineTime | null>(null)
    .reset(sourceRequested)
    .on([mediaTimeUpdated, streamTicked], (_, time) => time);
  /**
   * Buffered ranges as [start, end] seconds, for the seek slider: taken from the time facts while the
   * controls show (controls.ts), so a film playing under hidden controls never reads its buffer.
   */
  const $bufferedRanges = createStore<ReadonlyArray<readonly [number, number]>>([]).reset(sourceRequested);

  /** The stream state is 'error' after a fatal engine error (SPEC.md §8). */
  const $streamError = createStore<EngineError | null>(null)
    .reset(sourceRequested)
    .on(mediaError, (current, error) => (error.fatal ? error : current))
    .on(sourceMissing, (_, message) => ({ kind: 'other', detail: 'sourceMissing', fatal: true, message }));

  /** The current time in whole seconds: what the clock shows, updated once a second. */
  const $currentSecond = $currentTime.map((time) => Math.floor(time));
  const $isPlaying = $status.map((status) => status === 'playing' || status === 'buffering');
  return { $status, $currentTime, $duration, $lastTime, $bufferedRanges, $streamError, $currentSecond, $isPlaying };
}

export type PlaybackStatusModel = ReturnType<typeof createStatus>;

/** Ranges equal to a tenth of a second: finer changes are invisible on the slider. */
export function sameRanges(a: ReadonlyArray<readonly [number, number]>, b: ReadonlyArray<readonly [number, number]>): boolean {
  return a.length === b.length && a.every(([start, end], i) => Math.abs(start - b[i]![0]) < 0.1 && Math.abs(end - b[i]![1]) < 0.1);
}
