/**
 * A playback scope for the start watchdog's tests (features/playback/start-*.test.ts), under
 * vitest's fake timers (each file turns them on), and the media's facts they script.
 */
import { allSettled, createWatch, fork, type Scope } from 'effector';
import { vi } from 'vitest';
import { createScriptedEngine, type ScriptedEngine } from '../engine/scripted-engine';
import type { EngineError } from '../engine/types';
import { autoplaySet, engineAttached, mediaError, playClicked, sourceRequested } from '../features/playback/events';
import { $streamError } from '../features/playback/status';

export const READY = { levels: [], audioTracks: [], subtitleTracks: [] };
export const SOURCE = { url: 'http://x/master.m3u8', startTime: 0 };

/** Moves fake time on by `ms`, letting every timer and promise due meanwhile run. */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** Moves fake time to `ms` after the start of the test. */
let t0 = 0;
export const advanceTo = (ms: number) => advance(ms - (Date.now() - t0));

/** A scope over a scripted engine, its source requested; `errors` are the fatal media errors told. */
export async function player({ autoplay = false } = {}) {
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

export const commands = (engine: ScriptedEngine) => engine.calls.map((call) => call.command);
/** The media shows a frame: it reports playing and its time moves on. */
export function frame(engine: ScriptedEngine, at = 0.04) {
  engine.emit('playing');
  engine.emit('timeUpdated', { currentTime: at, duration: 30, bufferedAhead: 2, bufferedRanges: [[0, 2]] });
}
export const click = (scope: Scope) => allSettled(playClicked, { scope });
