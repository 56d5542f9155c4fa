/** controls.ts: when the controls show and hide, and the slider and clock they show. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commands, fire, playbackScope } from '../../test-support/playback-scope';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $bufferedRanges, $chromeDuration, $chromeSecond, $chromeTime, $controlsVisible, $currentTime, controlsPinnedSet, keyPressed, layoutChanged, pointerLeft, pointerMoved, surfaceClicked, userActed } = playback;
const { attached } = playbackScope(playback);

describe('controls visibility', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('hide after 1000 ms without activity while playing; activity shows them and restarts the wait', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    await vi.advanceTimersByTimeAsync(999);
    expect(scope.getState($controlsVisible)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(scope.getState($controlsVisible)).toBe(false);
    await fire(scope, pointerMoved, undefined, 600);
    expect(scope.getState($controlsVisible)).toBe(true);
    await fire(scope, keyPressed, { key: 'Shift', code: 'ShiftLeft' }, 600);
    expect(scope.getState($controlsVisible)).toBe(true);
    await vi.advanceTimersByTimeAsync(400);
    expect(scope.getState($controlsVisible)).toBe(false);
  });

  it('before the first play and while paused, a pointer event starts no hide timer; a play starts it afresh', async () => {
    const { scope, engine } = await attached();
    const timers = vi.getTimerCount();
    for (let i = 0; i < 3; i++) await fire(scope, pointerMoved);
    expect(vi.getTimerCount()).toBe(timers);
    expect(scope.getState($controlsVisible)).toBe(true);
    engine.emit('playing');
    await vi.advanceTimersByTimeAsync(500);
    engine.emit('paused');
    await fire(scope, pointerMoved, undefined, 2000);
    expect(scope.getState($controlsVisible)).toBe(true);
    engine.emit('playing');
    await vi.advanceTimersByTimeAsync(999);
    expect(scope.getState($controlsVisible)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(scope.getState($controlsVisible)).toBe(false);
  });

  it('the slider and clock hold still while the controls are hidden, and catch up when they show', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    engine.emit('timeUpdated', { currentTime: 0.5, duration: 30, bufferedAhead: 5 });
    expect(scope.getState($chromeTime)).toBe(0.5);
    await vi.advanceTimersByTimeAsync(1000);
    expect(scope.getState($controlsVisible)).toBe(false);
    engine.emit('timeUpdated', { currentTime: 4.2, duration: 30, bufferedAhead: 5 });
    expect(scope.getState($currentTime)).toBe(4.2);
    expect(scope.getState($chromeTime)).toBe(0.5);
    await fire(scope, pointerMoved);
    expect(scope.getState($chromeTime)).toBe(4.2);
    expect(scope.getState($chromeSecond)).toBe(4);
  });

  it('the buffered ranges and the length the slider draws hold still while hidden (the buffer unread), and catch up when they show', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    engine.emit('timeUpdated', { currentTime: 0.5, duration: 30, bufferedAhead: 5, bufferedRanges: [[0, 5.5]] });
    expect(scope.getState($bufferedRanges)).toEqual([[0, 5.5]]);
    expect(scope.getState($chromeDuration)).toBe(30);
    await vi.advanceTimersByTimeAsync(1000);
    expect(scope.getState($controlsVisible)).toBe(false);
    // Hidden, the facts' buffer is not even read.
    let reads = 0;
    const time = { currentTime: 4.2, duration: 29.9, bufferedAhead: 20, get bufferedRanges() {
      reads += 1;
      return [[0, 24.2] as const];
    } };
    engine.emit('timeUpdated', time);
    expect(reads).toBe(0);
    expect(scope.getState($bufferedRanges)).toEqual([[0, 5.5]]);
    expect(scope.getState($chromeDuration)).toBe(30);
    // Shown, the length catches up at once and the ranges with the next fact (the 100 ms tick).
    await fire(scope, pointerMoved);
    expect(scope.getState($chromeDuration)).toBe(29.9);
    engine.emit('timeUpdated', { currentTime: 5.1, duration: 29.9, bufferedAhead: 20, bufferedRanges: [[0, 25.1]] });
    expect(scope.getState($bufferedRanges)).toEqual([[0, 25.1]]);
  });

  it('facts that change the ranges by less than a tenth of a second keep the same array', async () => {
    const { scope, engine } = await attached();
    const time = (currentTime: number, end: number) =>
      engine.emit('timeUpdated', { currentTime, duration: 30, bufferedAhead: end - currentTime, bufferedRanges: [[0, end]] });
    time(1.1, 8);
    const ranges = scope.getState($bufferedRanges);
    time(1.2, 8.02);
    time(1.9, 8.05);
    expect(scope.getState($bufferedRanges)).toBe(ranges);
    time(2.0, 10);
    expect(scope.getState($bufferedRanges)).toEqual([[0, 10]]);
  });

  it('never hide while paused', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    engine.emit('paused');
    await fire(scope, userActed, undefined, 5000);
    expect(scope.getState($controlsVisible)).toBe(true);
  });

  it('never hide while a menu pins them; unpinning restarts the wait', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    await fire(scope, controlsPinnedSet, true, 5000);
    expect(scope.getState($controlsVisible)).toBe(true);
    await fire(scope, controlsPinnedSet, false, 999);
    expect(scope.getState($controlsVisible)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(scope.getState($controlsVisible)).toBe(false);
  });

  it('hide at once when the mouse leaves a playing player, and show again when it pauses', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    await fire(scope, pointerLeft);
    expect(scope.getState($controlsVisible)).toBe(false);
    engine.emit('paused');
    expect(scope.getState($controlsVisible)).toBe(true);
  });

  it('on mobile a mouse move does not show them; a tap does, a tap on shown controls hides them', async () => {
    const { scope, engine } = await attached();
    await fire(scope, layoutChanged, true);
    engine.emit('playing');
    await vi.advanceTimersByTimeAsync(1000);
    await fire(scope, pointerMoved);
    expect(scope.getState($controlsVisible)).toBe(false);
    await fire(scope, surfaceClicked, 0.5, 250);
    expect(scope.getState($controlsVisible)).toBe(true);
    await fire(scope, surfaceClicked, 0.5, 250);
    expect(scope.getState($controlsVisible)).toBe(false);
    expect(commands(engine, 'pause')).toHaveLength(0);
  });
});
