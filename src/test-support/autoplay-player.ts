/**
 * A playback scope for the autoplay tests (features/playback/autoplay*.test.ts): a scripted engine
 * under a browser's autoplay policy, the storage and rstat4 recorded.
 */
import { allSettled, fork } from 'effector';
import { createScriptedEngine, type ScriptedEngine } from '../engine/scripted-engine';
import { createMemoryStorage, $storage } from '../platform/storage';
import { sendStatFx, type StatEvent } from '../platform/stats';
import type { PlaybackModel } from '../features/playback';

export const READY = { levels: [], audioTracks: [], subtitleTracks: [] };
export const SOURCE = { url: 'http://x/master.m3u8', startTime: 0 };
/** The engine's commands, a mute write with its value. */
export const commands = (engine: ScriptedEngine) => engine.calls.map(({ command, args }) => (command === 'setMuted' ? `setMuted(${String(args[0])})` : command));

/** A scripted engine whose mute writes come back as the media's volumechange, as a browser's do. */
export function mediaEngine() {
  const engine = createScriptedEngine();
  const setMuted = engine.setMuted.bind(engine);
  engine.setMuted = (muted) => {
    setMuted(muted);
    queueMicrotask(() => engine.emit('volumeChanged', { volume: 1, muted }));
  };
  return engine;
}

/** The scope, the engine, the storage, what rstat4 was told, and the steps of a start. */
async function autoplayPlayerOn({ autoplaySet, engineAttached, sourceRequested }: PlaybackModel, { autoplay = true, policy = { sound: true, muted: true }, stored = {} as Record<string, string> } = {}) {
  const stats: StatEvent[] = [];
  const storage = createMemoryStorage(stored);
  const scope = fork({ values: [[$storage, storage]], handlers: [[sendStatFx, (stat: StatEvent) => void stats.push(stat)]] });
  const engine = mediaEngine();
  engine.policy = policy;
  await allSettled(autoplaySet, { scope, params: autoplay });
  return {
    scope,
    engine,
    storage,
    autoplayStats: () => stats.filter(({ event }) => event === 'autoplay').map(({ payload }) => payload),
    attach: () => allSettled(engineAttached, { scope, params: engine }),
    load: () => allSettled(sourceRequested, { scope, params: SOURCE }),
    ready: async () => {
      engine.emit('sourceReady', READY);
      await allSettled(scope);
    },
  };
}

/** autoplayPlayer over one playback model (createPlayback, built by the test file). */
export const autoplayPlayerOf =
  (playback: PlaybackModel) =>
  (options: Parameters<typeof autoplayPlayerOn>[1] = {}) =>
    autoplayPlayerOn(playback, options);
