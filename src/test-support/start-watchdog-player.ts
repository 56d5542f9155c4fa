/**
 * A playback scope for the start watchdog's tests (features/playback/start-*.test.ts), under
 * vitest's fake timers (each file turns them on), and the media's facts they script.
 */
import { allSettled, createWatch, fork, type Scope } from 'effector';
import { vi } from 'vitest';
import { createScriptedEngine, type ScriptedEngine } from '../engine/scripted-engine';
import type { EngineError } from '../engine/types';
import type { PlaybackModel } from '../features/playback';

export const READY = { levels: [], audioTracks: [], subtitleTracks: [] };
export const SOURCE = { url: 'http://x/master.m3u8', startTime: 0 };

/** Moves fake time on by `ms`, letting every timer and promise due meanwhile run. */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** Moves fake time to `ms` after the start of the test. */
let t0 = 0;
export const advanceTo = (ms: number) => advance(ms - (Date.now() - t0));

/** A scope over a scripted engine, its source requested; `errors` are the fatal media errors told. */
async function playerOn({ autoplaySet, engineAttached, mediaError, sourceRequested, $streamError }: PlaybackModel, { autoplay = false } = {}) {
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

/**
 * The engine's calls, without the volume restored when it is attached (playback/volume.ts, tested in
 * volume.test.ts): the start's and the commands' tests count the content's commands only, as they
 * did when they ran in a module graph of their own, without volume.ts.
 */
export const contentCalls = (engine: ScriptedEngine) => engine.calls.filter((call) => call.command !== 'setVolume' && call.command !== 'setMuted');
export const commands = (engine: ScriptedEngine) => contentCalls(engine).map((call) => call.command);
/** The media shows a frame: it reports playing and its time moves on. */
export function frame(engine: ScriptedEngine, at = 0.04) {
  engine.emit('playing');
  engine.emit('timeUpdated', { currentTime: at, duration: 30, bufferedAhead: 2, bufferedRanges: [[0, 2]] });
}

/**
 * `player` and the viewer's click over one playback model (createPlayback, built by the test file).
 * The click does not wait for the scope to settle: while the media plays, the whole model runs the
 * stream tick and the controls' hide timer, which allSettled would wait out (fake timers).
 */
export const watchdogPlayerOf = (playback: PlaybackModel) => ({
  player: (options: { autoplay?: boolean } = {}) => playerOn(playback, options),
  click: async (scope: Scope) => {
    void allSettled(playback.playClicked, { scope });
    await advance(0);
  },
});
