import { allSettled, createWatch, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import type { EngineError } from '../../engine/types';
import { START_FRAME_LIMIT_MS, START_STALL_LIMIT_MS } from '../../lib/constants';
import { autoplaySet, engineAttached, mediaError, pauseClicked, playClicked, playHeld, playReleased, retryClicked, sourceRequested } from './events';
import { $streamError } from './status';
import { isPlayRefusal } from './model';
import { $bigPlayShown, $spinnerShown, $startAwaited, pageHiddenChanged } from './start-state';
import { bufferedSeconds, createStartClock } from './start-clock';

const READY = { levels: [], audioTracks: [], subtitleTracks: [] };
const SOURCE = { url: 'http://x/master.m3u8', startTime: 0 };

/** Moves fake time on by `ms`, letting every timer and promise due meanwhile run. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** Moves fake time to `ms` after the start of the test. */
let t0 = 0;
const advanceTo = (ms: number) => advance(ms - (Date.now() - t0));

async function player({ autoplay = false } = {}) {
  const scope = fork();
  const engine = createScriptedEngine();
  const errors: EngineError[] = [];
  createWatch({ unit: mediaError, scope, fn: (error) => errors.push(error) });
  await allSettled(autoplaySet, { scope, params: autoplay });
  await allSettled(engineAttached, { scope, params: engine });
  await allSettled(sourceRequested, { scope, params: SOURCE });
  t0 = Date.now();
  return { scope, engine, errors, streamError: () => scope.getState($streamError) };
}

const commands = (engine: ScriptedEngine) => engine.calls.map((call) => call.command);
/** The media shows a frame: it reports playing and its time moves on. */
function frame(engine: ScriptedEngine, at = 0.04) {
  engine.emit('playing');
  engine.emit('timeUpdated', { currentTime: at, duration: 30, bufferedAhead: 2, bufferedRanges: [[0, 2]] });
}
const click = (scope: Scope) => allSettled(playClicked, { scope });

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
    expect(engine.calls.at(-1)).toEqual({ command: 'load', args: [SOURCE.url, { startTime: 0 }] });
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
