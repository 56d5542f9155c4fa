/** tick.ts: the stream tick that reads the media time while playing and the controls show. */
import { createWatch } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fire, playbackScope } from '../../test-support/playback-scope';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $controlsVisible, $currentTime, $streamTickRunning, userActed } = playback;
const { attached } = playbackScope(playback);

describe('stream tick', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('reads the media time every 100 ms while playing, and stops on pause', async () => {
    const { scope, engine } = await attached();
    const ticks: number[] = [];
    engine.emit('playing');
    expect(scope.getState($streamTickRunning)).toBe(true);
    engine.time = { currentTime: 1.25, duration: 30, bufferedAhead: 4, bufferedRanges: [[0, 5.25]] };
    createWatch({ unit: $currentTime, scope, fn: (time) => ticks.push(time) });
    await vi.advanceTimersByTimeAsync(99);
    expect(scope.getState($currentTime)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(scope.getState($currentTime)).toBe(1.25);
    engine.time = { ...engine.time, currentTime: 1.35 };
    await vi.advanceTimersByTimeAsync(100);
    expect(scope.getState($currentTime)).toBe(1.35);
    engine.emit('paused');
    await vi.advanceTimersByTimeAsync(500);
    expect(scope.getState($streamTickRunning)).toBe(false);
    expect(ticks).toEqual([1.25, 1.35]);
  });

  it('pauses while the controls are hidden and resumes when they show', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    engine.time = { currentTime: 2, duration: 30, bufferedAhead: 4, bufferedRanges: [[0, 6]] };
    await vi.advanceTimersByTimeAsync(100);
    expect(scope.getState($currentTime)).toBe(2);

    await vi.advanceTimersByTimeAsync(1000);
    expect(scope.getState($controlsVisible)).toBe(false);
    expect(scope.getState($streamTickRunning)).toBe(false);
    engine.time = { ...engine.time, currentTime: 3.1 };
    await vi.advanceTimersByTimeAsync(500);
    expect(scope.getState($currentTime)).toBe(2);

    await fire(scope, userActed);
    expect(scope.getState($streamTickRunning)).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(scope.getState($currentTime)).toBe(3.1);
  });
});
