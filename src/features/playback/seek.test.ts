/** seek.ts: the ∓10 s steps and seeks to a time, from where the media is. */
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import { $storage, createMemoryStorage, type MemoryStorage } from '../../platform/storage';
import {
  $currentTime,
  engineAttached,
  seekByRequested,
  seekForwardClicked,
  seekRequested,
} from './index';

const commands = (engine: ScriptedEngine, name?: string) => engine.calls.filter((c) => !name || c.command === name);

async function attached(options: { storage?: MemoryStorage; pollable?: boolean } = {}) {
  const storage = options.storage ?? createMemoryStorage();
  const scope = fork({ values: [[$storage, storage]] });
  const engine = createScriptedEngine({ pollable: options.pollable });
  await allSettled(engineAttached, { scope, params: engine });
  return { scope, engine, storage };
}

describe('seeking', () => {
  it('seeks by 10 s from the pending target, inside the media', async () => {
    const { scope, engine } = await attached();
    engine.emit('durationChanged', { duration: 30 });
    engine.emit('timeUpdated', { currentTime: 5, duration: 30, bufferedAhead: 0 });
    await allSettled(seekForwardClicked, { scope });
    await allSettled(seekForwardClicked, { scope });
    await allSettled(seekForwardClicked, { scope });
    expect(commands(engine, 'seek').map((c) => c.args[0])).toEqual([15, 25, 30]);
    expect(scope.getState($currentTime)).toBe(5);
    engine.emit('seeked', { currentTime: 30 });
    await allSettled(seekByRequested, { scope, params: -45 });
    await allSettled(seekRequested, { scope, params: Number.NaN });
    expect(commands(engine, 'seek').map((c) => c.args[0])).toEqual([15, 25, 30, 0]);
  });

  it("a step starts from the playhead the engine reads now, which the model's time can trail", async () => {
    const { scope, engine } = await attached({ pollable: true });
    engine.emit('durationChanged', { duration: 60 });
    engine.emit('timeUpdated', { currentTime: 5, duration: 60, bufferedAhead: 0 });
    // The model took 5 s; the media has played on within that second.
    engine.time = { currentTime: 5.8, duration: 60, bufferedAhead: 4 };
    await allSettled(seekForwardClicked, { scope });
    expect(commands(engine, 'seek').map((c) => c.args[0])).toEqual([15.8]);
  });
});
