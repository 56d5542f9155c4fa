/** The start watchdog over autoplay, a play() the engine aborted, 'Повторить', a new source and a resumed film. */
import { allSettled } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_FRAME_LIMIT_MS, START_STALL_LIMIT_MS } from '../../lib/constants';
import { contentCalls, advance, advanceTo, commands, frame, READY, SOURCE, watchdogPlayerOf } from '../../test-support/start-watchdog-player';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { retryClicked, sourceRequested, $bigPlayShown, $spinnerShown, $startAwaited } = playback;
const { click, player } = watchdogPlayerOf(playback);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start watchdog after the first intent', () => {
  it('autoplay is an intent from the source request: a source that never gets ready ends at 20 s', async () => {
    const { engine, streamError } = await player({ autoplay: true });
    await advanceTo(START_STALL_LIMIT_MS - 1);
    expect(streamError()).toBeNull();
    await advance(1);
    expect(streamError()?.detail).toBe('startStalled');
    expect(commands(engine)).toEqual(['load', 'pause']);
  });

  it('autoplay: the manifest parsed is progress, and autoplay\'s play keeps the clock it found', async () => {
    const { engine, streamError } = await player({ autoplay: true });
    await advanceTo(1_000);
    engine.emit('sourceReady', READY);
    await advance(0);
    expect(commands(engine)).toEqual(['load', 'play']);
    await advanceTo(21_000 - 1);
    expect(streamError()).toBeNull();
    await advance(1);
    expect(streamError()?.detail).toBe('startStalled');
  });

  it('without autoplay (also while the resume prompt waits: it turns autoplay off), a loaded source waits for the viewer: no clock, the big play button', async () => {
    const { scope, engine, streamError } = await player();
    engine.emit('sourceReady', READY);
    await advance(5 * START_FRAME_LIMIT_MS);
    expect(streamError()).toBeNull();
    expect(scope.getState($bigPlayShown)).toBe(true);
  });

  it('autoplay refused by the browser with sound and muted (NotAllowedError): the big play button, no clock, no error', async () => {
    const { scope, engine, streamError } = await player({ autoplay: true });
    engine.policy = { sound: false, muted: false };
    engine.emit('sourceReady', READY);
    await advance(0);
    expect(scope.getState($startAwaited)).toBe(false);
    expect(scope.getState($bigPlayShown)).toBe(true);
    await advance(5 * START_FRAME_LIMIT_MS);
    expect(streamError()).toBeNull();
  });

  it('a play() the engine aborted keeps the spinner, is asked again when loading moves, and plays', async () => {
    const { scope, engine, streamError } = await player({ autoplay: true });
    engine.rejectNextPlay('AbortError');
    engine.emit('sourceReady', READY);
    await advance(0);
    expect(scope.getState($spinnerShown)).toBe(true);
    expect(scope.getState($bigPlayShown)).toBe(false);
    await advanceTo(5_000);
    engine.emit('loadProgress');
    await advance(0);
    expect(commands(engine)).toEqual(['load', 'play', 'play']);
    // Once: a second piece does not ask again.
    engine.emit('loadProgress');
    await advance(0);
    expect(commands(engine)).toEqual(['load', 'play', 'play']);
    frame(engine);
    await advance(5 * START_FRAME_LIMIT_MS);
    expect(streamError()).toBeNull();
  });

  it('a play() aborted and nothing loading after it: the error at 20 s, not a silent play button', async () => {
    const { scope, engine, streamError } = await player({ autoplay: true });
    engine.rejectNextPlay('AbortError');
    engine.emit('sourceReady', READY);
    await advanceTo(20_000);
    expect(scope.getState($bigPlayShown)).toBe(false);
    expect(streamError()?.detail).toBe('startStalled');
  });

  it("'Повторить' retries as before and the watchdog starts again with it", async () => {
    const { scope, engine, streamError } = await player();
    await click(scope);
    await advanceTo(START_STALL_LIMIT_MS);
    expect(streamError()?.detail).toBe('startStalled');
    await allSettled(retryClicked, { scope });
    expect(streamError()).toBeNull();
    expect(contentCalls(engine).at(-1)).toEqual({ command: 'load', args: [SOURCE.url, { startTime: 0 }] });
    // The retry's source plays when ready (autoplay), and stalls again.
    await advanceTo(START_STALL_LIMIT_MS + 1_000);
    engine.emit('sourceReady', READY);
    await advance(0);
    expect(commands(engine).slice(-2)).toEqual(['load', 'play']);
    await advanceTo(2 * START_STALL_LIMIT_MS + 1_000 - 1);
    expect(streamError()).toBeNull();
    await advance(1);
    expect(streamError()?.detail).toBe('startStalled');
    // A second retry that shows a frame: never again.
    await allSettled(retryClicked, { scope });
    engine.emit('sourceReady', READY);
    frame(engine);
    await advance(5 * START_FRAME_LIMIT_MS);
    expect(streamError()).toBeNull();
  });

  it("'Повторить' is a play intent itself: a source that never gets ready again ends 20 s after the click", async () => {
    const { scope, streamError } = await player();
    await click(scope);
    await advanceTo(START_STALL_LIMIT_MS);
    await allSettled(retryClicked, { scope });
    await advanceTo(2 * START_STALL_LIMIT_MS - 1);
    expect(streamError()).toBeNull();
    await advance(1);
    expect(streamError()?.detail).toBe('startStalled');
  });

  it('another source while the clock runs starts both limits again', async () => {
    const { scope, streamError } = await player({ autoplay: true });
    await advanceTo(15_000);
    await allSettled(sourceRequested, { scope, params: { url: 'http://x/next.m3u8', startTime: 0 } });
    await advanceTo(35_000 - 1);
    expect(streamError()).toBeNull();
    await advance(1);
    expect(streamError()?.detail).toBe('startStalled');
  });

  it('a resumed film that had played: a play that never moves the time ends too, a seek does not count as a frame', async () => {
    const { scope, engine, streamError } = await player();
    await click(scope);
    frame(engine, 3);
    engine.emit('paused');
    await click(scope);
    engine.emit('seeking', { currentTime: 20 });
    engine.emit('timeUpdated', { currentTime: 20, duration: 30, bufferedAhead: 0, bufferedRanges: [[0, 5]] });
    engine.emit('seeked', { currentTime: 20 });
    engine.emit('playing');
    engine.emit('timeUpdated', { currentTime: 20, duration: 30, bufferedAhead: 0, bufferedRanges: [[0, 5]] });
    await advanceTo(START_STALL_LIMIT_MS);
    expect(streamError()?.detail).toBe('startStalled');
  });
});
