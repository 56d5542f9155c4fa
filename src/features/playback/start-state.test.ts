import { allSettled, fork, scopeBind } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { autoplaySet, engineAttached, mediaError, pauseClicked, playClicked, sourceRequested, $bigPlayShown, $spinnerShown, $startAwaited, $startState } = playback;

const SOURCE = { url: 'http://x/master.m3u8', startTime: 0 };

async function player({ autoplay = false } = {}) {
  const scope = fork();
  const engine = createScriptedEngine();
  await allSettled(autoplaySet, { scope, params: autoplay });
  await allSettled(engineAttached, { scope, params: engine });
  await allSettled(sourceRequested, { scope, params: SOURCE });
  const time = (currentTime: number) => engine.emit('timeUpdated', { currentTime, duration: 30, bufferedAhead: 2 });
  const seen = () => ({
    state: scope.getState($startState),
    spinner: scope.getState($spinnerShown),
    bigPlay: scope.getState($bigPlayShown),
    awaited: scope.getState($startAwaited),
  });
  return { scope, engine, time, seen };
}

// Fake time: the start watchdog's timers end with the test.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("the start's state, and what the viewer sees of it", () => {
  it('a click: the spinner from the request until the media plays; the intent stands until its time moves', async () => {
    const { scope, engine, time, seen } = await player();
    expect(seen()).toEqual({ state: 'idle', spinner: false, bigPlay: true, awaited: false });
    await allSettled(playClicked, { scope });
    expect(engine.calls.filter((call) => call.command === 'play')).toHaveLength(1);
    expect(seen()).toEqual({ state: 'asked', spinner: true, bigPlay: false, awaited: true });
    engine.emit('waiting');
    expect(seen()).toMatchObject({ state: 'asked', spinner: true });
    // 'playing' with a frozen picture: no spinner over it, but no start yet for the watchdog.
    engine.emit('playing');
    expect(seen()).toEqual({ state: 'playing', spinner: false, bigPlay: false, awaited: true });
    time(0.04);
    expect(seen()).toEqual({ state: 'started', spinner: false, bigPlay: false, awaited: false });
  });

  it('autoplay: an intent from the request, with the big play button until play is sent', async () => {
    const { time, engine, seen } = await player({ autoplay: true });
    expect(seen()).toEqual({ state: 'due', spinner: false, bigPlay: true, awaited: true });
    engine.emit('sourceReady', { levels: [], audioTracks: [], subtitleTracks: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen()).toMatchObject({ state: 'asked', spinner: true, bigPlay: false });
    engine.emit('playing');
    time(0.04);
    expect(seen()).toMatchObject({ state: 'started', awaited: false });
  });

  it('a play the browser refuses, muted too: the big play button, and no intent left', async () => {
    const { scope, engine, seen } = await player();
    engine.policy = { sound: false, muted: false };
    await allSettled(playClicked, { scope });
    expect(seen()).toEqual({ state: 'refused', spinner: false, bigPlay: true, awaited: false });
  });

  it('a pause or a fatal error before the frame ends the intent', async () => {
    const paused = await player();
    await allSettled(playClicked, { scope: paused.scope });
    await allSettled(pauseClicked, { scope: paused.scope });
    expect(paused.seen()).toEqual({ state: 'idle', spinner: false, bigPlay: true, awaited: false });
    const failed = await player();
    await allSettled(playClicked, { scope: failed.scope });
    await allSettled(mediaError, { scope: failed.scope, params: { kind: 'network', detail: 'fragLoadError', fatal: true, message: '404' } });
    expect(failed.seen()).toEqual({ state: 'idle', spinner: false, bigPlay: false, awaited: false });
  });

  it("a play asked while the film plays (the parent frame's play, the system's play key) brings no spinner over it", async () => {
    const { scope, engine, time, seen } = await player();
    await allSettled(playClicked, { scope });
    engine.emit('playing');
    time(0.5);
    // The media already plays: it sends no second 'playing'. (Not awaited with allSettled: the
    // stream tick runs while the film plays, and its next timer is pending.)
    scopeBind(playClicked, { scope })();
    await vi.advanceTimersByTimeAsync(0);
    time(1.5);
    expect(seen()).toEqual({ state: 'started', spinner: false, bigPlay: false, awaited: false });
  });
});
