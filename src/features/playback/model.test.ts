import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { commands, contentCalls } from '../../test-support/start-watchdog-player';
import { createWatch } from 'effector';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { autoplaySet, engineAttached, playClicked, retryClicked, sourceMissing, sourceRequested, togglePlayClicked, playHeld, playReleased, playDeferred, $currentSecond, $currentTime, $duration, $lastTime, $status, $streamError, $engineKey, $source } = playback;

const READY = { levels: [], audioTracks: [], subtitleTracks: [] };

async function attached() {
  const scope = fork();
  const engine = createScriptedEngine();
  await allSettled(engineAttached, { scope, params: engine });
  return { scope, engine };
}

describe('playback model', () => {
  it('loads a source requested before the engine exists once the engine arrives', async () => {
    const scope = fork();
    const engine = createScriptedEngine();
    await allSettled(sourceRequested, { scope, params: { url: 'http://x/master.m3u8', startTime: 12 } });
    expect(contentCalls(engine)).toEqual([]);
    expect(scope.getState($source)).toEqual({ url: 'http://x/master.m3u8', startTime: 12 });
    await allSettled(engineAttached, { scope, params: engine });
    expect(scope.getState($engineKey)).toBe(engine.key);
    expect(contentCalls(engine)).toEqual([{ command: 'load', args: ['http://x/master.m3u8', { startTime: 12 }] }]);
  });

  it('a click is only an intent: the state changes when the media reports playing', async () => {
    const { scope, engine } = await attached();
    await allSettled(sourceRequested, { scope, params: { url: 'u', startTime: 0 } });
    await allSettled(playClicked, { scope });
    expect(commands(engine)).toEqual(['load', 'play']);
    expect(scope.getState($status)).toBe('notStarted');
    engine.emit('playing');
    expect(scope.getState($status)).toBe('playing');
  });

  it('follows media facts through buffering, pause and end', async () => {
    const { scope, engine } = await attached();
    await allSettled(sourceRequested, { scope, params: { url: 'u', startTime: 0 } });
    engine.emit('waiting');
    expect(scope.getState($status)).toBe('notStarted');
    engine.emit('playing');
    engine.emit('waiting');
    expect(scope.getState($status)).toBe('buffering');
    engine.emit('playing');
    engine.emit('paused');
    expect(scope.getState($status)).toBe('paused');
    engine.emit('playing');
    engine.emit('ended');
    engine.emit('paused');
    expect(scope.getState($status)).toBe('ended');
  });

  it('autoplay plays when the source is ready, and not otherwise', async () => {
    const { scope, engine } = await attached();
    await allSettled(sourceRequested, { scope, params: { url: 'u', startTime: 0 } });
    engine.emit('sourceReady', READY);
    await allSettled(scope);
    expect(commands(engine)).toEqual(['load']);
    await allSettled(autoplaySet, { scope, params: true });
    engine.emit('sourceReady', READY);
    await allSettled(scope);
    expect(commands(engine)).toEqual(['load', 'play']);
  });

  it('toggle pauses while playing and plays otherwise', async () => {
    const { scope, engine } = await attached();
    await allSettled(togglePlayClicked, { scope });
    engine.emit('playing');
    await allSettled(togglePlayClicked, { scope });
    expect(commands(engine)).toEqual(['play', 'pause']);
  });

  it('keeps time and duration from the media', async () => {
    const { scope, engine } = await attached();
    engine.emit('timeUpdated', { currentTime: 3.5, duration: 30, bufferedAhead: 8 });
    expect([scope.getState($currentTime), scope.getState($duration)]).toEqual([3.5, 30]);
    engine.emit('timeUpdated', { currentTime: 4, duration: Number.NaN, bufferedAhead: 8 });
    expect(scope.getState($duration)).toBe(30);
  });

  it('only fatal errors set the stream state to error; retry resumes at the same time', async () => {
    const { scope, engine } = await attached();
    await allSettled(sourceRequested, { scope, params: { url: 'u', startTime: 0 } });
    engine.emit('error', { kind: 'network', detail: 'fragLoadError', fatal: false, message: '404' });
    expect(scope.getState($streamError)).toBeNull();
    engine.emit('timeUpdated', { currentTime: 7, duration: 30, bufferedAhead: 0 });
    engine.emit('error', { kind: 'network', detail: 'manifestLoadError', fatal: true, message: '404' });
    expect(scope.getState($streamError)?.detail).toBe('manifestLoadError');
    await allSettled(retryClicked, { scope });
    expect(contentCalls(engine).at(-1)).toEqual({ command: 'load', args: ['u', { startTime: 7 }] });
    expect(scope.getState($streamError)).toBeNull();
  });

  it('a missing source is a stream error without touching the engine', async () => {
    const { scope, engine } = await attached();
    await allSettled(sourceMissing, { scope, params: 'episode 5 has no m3u8MasterFilePath' });
    expect(scope.getState($streamError)).toMatchObject({ fatal: true, detail: 'sourceMissing' });
    expect(contentCalls(engine)).toEqual([]);
  });

  it('a blocked play() leaves the player paused-looking, not playing', async () => {
    const { scope, engine } = await attached();
    engine.rejectNextPlay('NotAllowedError');
    await allSettled(playClicked, { scope });
    expect(scope.getState($status)).toBe('notStarted');
  });

  it('two scopes with two engines do not interfere', async () => {
    const a = await attached();
    const b = await attached();
    a.engine.emit('playing');
    expect(a.scope.getState($status)).toBe('playing');
    expect(b.scope.getState($status)).toBe('notStarted');
  });

  it('a held player defers play requests and plays once on release', async () => {
    const { scope, engine } = await attached();
    const deferred: number[] = [];
    createWatch({ unit: playDeferred, scope, fn: () => deferred.push(1) });
    await allSettled(playHeld, { scope });
    await allSettled(playClicked, { scope });
    await allSettled(togglePlayClicked, { scope });
    expect(commands(engine)).toEqual([]);
    expect(deferred).toHaveLength(2);
    await allSettled(playReleased, { scope });
    expect(commands(engine)).toEqual(['play']);
    await allSettled(playReleased, { scope });
    expect(commands(engine)).toEqual(['play']);
  });

  it('releasing without a deferred request does not start playback', async () => {
    const { scope, engine } = await attached();
    await allSettled(playHeld, { scope });
    await allSettled(playReleased, { scope });
    expect(commands(engine)).toEqual([]);
  });

  it('ticks that change nothing visible keep the same clock second (the slider\'s ranges: controls.test.ts)', async () => {
    const { scope, engine } = await attached();
    const time = (currentTime: number, end: number) =>
      engine.emit('timeUpdated', { currentTime, duration: 30, bufferedAhead: end - currentTime, bufferedRanges: [[0, end]] });
    time(1.1, 8);
    const seconds: number[] = [];
    createWatch({ unit: $currentSecond, scope, fn: (second) => seconds.push(second) });
    time(1.2, 8.02);
    time(1.9, 8.05);
    time(2.0, 10);
    expect(seconds).toEqual([2]);
  });

  it('while the media plays, the model follows time once a second; where the media comes to rest, the time is exact', async () => {
    const { scope, engine } = await attached();
    const times: number[] = [];
    createWatch({ unit: $currentTime, scope, fn: (time) => times.push(time) });
    const time = (currentTime: number) => engine.emit('timeUpdated', { currentTime, duration: 30, bufferedAhead: 5, bufferedRanges: [[0, currentTime + 5]] });
    // Before the first frame every fact counts.
    time(0.1);
    time(0.3);
    engine.emit('playing');
    for (const t of [0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25]) time(t);
    expect(times).toEqual([0.1, 0.3, 0.5, 1.0, 2.0]);
    // The pause brings the last held-back time first.
    time(2.4);
    engine.emit('paused');
    expect(scope.getState($currentTime)).toBe(2.4);
    expect(scope.getState($status)).toBe('paused');
    // Paused (the buffer still grows), every fact counts again.
    time(2.4);
    expect(scope.getState($lastTime)).toEqual({ currentTime: 2.4, duration: 30, bufferedAhead: 5, bufferedRanges: [[0, 7.4]] });
    // A stall or a seek brings it too.
    engine.emit('playing');
    time(3.1);
    time(3.6);
    engine.emit('waiting');
    expect(scope.getState($currentTime)).toBe(3.6);
  });
});
