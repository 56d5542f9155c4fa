/**
 * Nothing lost (issue 10 §3), unit half: leaving the page saves where the media really is,
 * not the last time the model heard of (which trails it by up to a tick); e2e/nothing-lost.spec.ts
 * checks the same against a real browser.
 */
import { allSettled, fork, scopeBind } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeDto } from '../api/dto';
import { createScriptedEngine } from '../engine/scripted-engine';
import { engineAttached, sourceRequested } from '../features/playback';
import { episodeChosen } from '../features/session';
import { pageLeft, progressStarted, readProgressFx, writeProgressFx, type ProgressMap } from '../features/progress/model';

const episode: EpisodeDto = {
  id: 7, title: 'E', description: '', order: 1, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: '/m.m3u8', season: { id: 1, order: 1 },
};

async function setup(pollable: boolean) {
  const writes: ProgressMap[] = [];
  const scope = fork({ handlers: [[readProgressFx, () => ({})], [writeProgressFx, (_storage: unknown, map: ProgressMap) => void writes.push(map)]] });
  const engine = createScriptedEngine({ pollable });
  await allSettled(engineAttached, { scope, params: engine });
  await allSettled(progressStarted, { scope });
  await allSettled(episodeChosen, { scope, params: episode });
  await allSettled(sourceRequested, { scope, params: { url: 'u', startTime: 0 } });
  engine.emit('playing');
  engine.emit('timeUpdated', { currentTime: 20.9, duration: 600, bufferedAhead: 10 });
  await vi.advanceTimersByTimeAsync(0);
  return { scope, engine, writes };
}

describe('leaving the page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['the media is at 21.05 s, the model last heard 20.9 s → saves 21', true, 21],
    ['an engine that cannot be polled → saves the last time heard, 20', false, 20],
  ])('%s', async (_label, pollable, expected) => {
    const { scope, engine, writes } = await setup(pollable);
    engine.time = { ...engine.time, currentTime: 21.05, duration: 600 };
    scopeBind(pageLeft, { scope })();
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.at(-1)).toEqual({ 7: expected });
  });
});
