/** The start watchdog's limits (SPEC.md §4): no frame, no progress, and what stops or restarts the clock. */
import { allSettled } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_FRAME_LIMIT_MS, START_STALL_LIMIT_MS } from '../../lib/constants';
import { isPlayRefusal } from './model';
import { bufferedSeconds, createStartClock } from './start-clock';
import { advance, advanceTo, commands, frame, READY, watchdogPlayerOf } from '../../test-support/start-watchdog-player';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { pauseClicked, playHeld, playReleased, $spinnerShown, $startAwaited, pageHiddenChanged } = playback;
const { click, player } = watchdogPlayerOf(playback);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start watchdog', () => {
  it('no frame and no progress: the stream error comes at exactly 20 s after the click, not before', async () => {
    const { scope, engine, errors, streamError } = await player();
    await click(scope);
    expect(scope.getState($spinnerShown)).toBe(true);
    await advanceTo(START_STALL_LIMIT_MS - 1);
    expect(streamError()).toBeNull();
    await advance(1);
    expect(streamError()).toMatchObject({ kind: 'network', detail: 'startStalled', fatal: true });
    // One fatal mediaError: the analytics and error-reporting path of every stream error.
    expect(errors).toEqual([streamError()]);
    // The spinner gives way to the error; the media is paused so nothing starts behind it.
    expect(scope.getState($spinnerShown)).toBe(false);
    expect(commands(engine)).toEqual(['load', 'play', 'pause']);
    await advance(START_FRAME_LIMIT_MS);
    expect(errors).toHaveLength(1);
  });

  it('a piece loaded at 15 s restarts the limit: no error at 20 s, the error 20 s after the last progress', async () => {
    const { scope, engine, streamError } = await player();
    await click(scope);
    await advanceTo(15_000);
    engine.emit('loadProgress');
    await advanceTo(20_000);
    expect(streamError()).toBeNull();
    await advanceTo(35_000 - 1);
    expect(streamError()).toBeNull();
    await advance(1);
    expect(streamError()?.detail).toBe('startStalled');
  });

  it('the buffered seconds growing count as progress too (an engine without loadProgress); the same ranges do not', async () => {
    const { scope, engine, streamError } = await player();
    const buffered = (end: number) => engine.emit('timeUpdated', { currentTime: 0, duration: 30, bufferedAhead: end, bufferedRanges: [[0, end]] });
    await click(scope);
    await advanceTo(10_000);
    buffered(2);
    await advanceTo(25_000);
    buffered(2);
    expect(streamError()).toBeNull();
    await advanceTo(30_000);
    expect(streamError()?.detail).toBe('startStalled');
  });

  it('pieces that keep arriving without a frame end at 60 s after the intent, as a media error', async () => {
    const { scope, engine, streamError } = await player();
    await click(scope);
    for (let at = 10_000; at < START_FRAME_LIMIT_MS; at += 10_000) {
      await advanceTo(at);
      engine.emit('loadProgress');
    }
    await advanceTo(START_FRAME_LIMIT_MS - 1);
    expect(streamError()).toBeNull();
    await advance(1);
    expect(streamError()).toMatchObject({ kind: 'media', detail: 'startStalled', fatal: true });
  });

  it('a frame at 19 s: never an error', async () => {
    const { scope, engine, streamError } = await player();
    await click(scope);
    await advanceTo(19_000);
    frame(engine);
    expect(scope.getState($startAwaited)).toBe(false);
    await advance(5 * START_FRAME_LIMIT_MS);
    expect(streamError()).toBeNull();
  });

  it('"playing" with a time that never moves is no frame: the error still comes at 20 s', async () => {
    const { scope, engine, streamError } = await player();
    await click(scope);
    engine.emit('playing');
    engine.emit('timeUpdated', { currentTime: 0, duration: 30, bufferedAhead: 0, bufferedRanges: [] });
    await advanceTo(START_STALL_LIMIT_MS);
    expect(streamError()?.detail).toBe('startStalled');
  });

  it('paused before the limit (the command or the media fact): never an error', async () => {
    const a = await player();
    await click(a.scope);
    await advanceTo(5_000);
    await allSettled(pauseClicked, { scope: a.scope });
    await advance(5 * START_FRAME_LIMIT_MS);
    expect(a.streamError()).toBeNull();

    const b = await player();
    await click(b.scope);
    await advanceTo(5_000);
    b.engine.emit('paused');
    await advance(5 * START_FRAME_LIMIT_MS);
    expect(b.streamError()).toBeNull();
  });

  it('an ad holding the content: no clock until the content plays, then the full 20 s', async () => {
    const { scope, engine, streamError } = await player({ autoplay: true });
    await allSettled(playHeld, { scope });
    engine.emit('sourceReady', READY);
    await click(scope);
    expect(commands(engine)).toEqual(['load']);
    await advance(5 * START_FRAME_LIMIT_MS);
    expect(streamError()).toBeNull();
    await allSettled(playReleased, { scope });
    expect(commands(engine)).toEqual(['load', 'play']);
    await advance(START_STALL_LIMIT_MS - 1);
    expect(streamError()).toBeNull();
    await advance(1);
    expect(streamError()?.detail).toBe('startStalled');
  });

  it('a hidden page stops the clock; shown again, the limit starts afresh', async () => {
    const { scope, streamError } = await player();
    await click(scope);
    await advanceTo(10_000);
    await allSettled(pageHiddenChanged, { scope, params: true });
    await advance(5 * START_FRAME_LIMIT_MS);
    expect(streamError()).toBeNull();
    await allSettled(pageHiddenChanged, { scope, params: false });
    await advance(START_STALL_LIMIT_MS - 1);
    expect(streamError()).toBeNull();
    await advance(1);
    expect(streamError()?.detail).toBe('startStalled');
  });
});

describe('createStartClock', () => {
  it('progress restarts the stall limit only while the clock runs; stop clears both', async () => {
    const expired: string[] = [];
    const clock = createStartClock((reason) => expired.push(reason), { stallMs: 100, frameMs: 250 });
    clock.progressed();
    await advance(1_000);
    expect(expired).toEqual([]);
    clock.start();
    await advance(90);
    clock.progressed();
    await advance(90);
    clock.progressed();
    await advance(69);
    expect(expired).toEqual([]);
    await advance(1);
    expect(expired).toEqual(['noFrame']);
    clock.stop();
    await advance(1_000);
    expect(expired).toEqual(['noFrame']);
  });
});

describe('isPlayRefusal', () => {
  it("is the browser's NotAllowedError only", () => {
    expect(isPlayRefusal(new DOMException('play() failed', 'NotAllowedError'))).toBe(true);
    expect(isPlayRefusal(new DOMException('interrupted by a new load request', 'AbortError'))).toBe(false);
    expect(isPlayRefusal(null)).toBe(false);
  });
});

describe('bufferedSeconds', () => {
  it('sums the ranges, or takes what lies ahead when the engine gives none', () => {
    expect(bufferedSeconds({ currentTime: 0, duration: 30, bufferedAhead: 1, bufferedRanges: [[0, 2], [10, 12.5]] })).toBe(4.5);
    expect(bufferedSeconds({ currentTime: 0, duration: 30, bufferedAhead: 1 })).toBe(1);
  });
});
