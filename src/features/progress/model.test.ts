import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeDto } from '../../api/dto';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { createSession } from '../session';
import { createProgress, readProgressFx, writeProgressFx, type ProgressMap } from './model';
import { createWatch, scopeBind } from 'effector';
import { $storage, createMemoryStorage } from '../../platform/storage';
import { linked } from '../../test-support/linked';
import { createPlayback } from '../playback';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $currentSecond, $engineKey, engineAttached, mediaEnded, mediaPaused, mediaPlaying, mediaTimeUpdated, sourceRequested } = playback;

// Progress on the session it hears, each built by its factory, as the player builds them.
const { $currentEpisode, episodeChosen, startAdopted } = linked(createSession);
const { $resumePrompt, $savedProgress, continueClicked, pageLeft, progressStarted, resumeAnswered, resumeOffered, startOverClicked } = linked(() =>
  createProgress({ startAdopted, episodeChosen, $currentEpisode, $currentSecond, $engineKey, mediaPlaying, mediaPaused, mediaEnded, mediaTimeUpdated }),
);

const episode = (id: number): EpisodeDto => ({
  id, title: 'E', description: '', order: 1, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: '/m.m3u8', season: { id: 1, order: 1 },
});

async function setup(stored: unknown = { '5': 42 }) {
  const writes: ProgressMap[] = [];
  const scope = fork({
    handlers: [
      [readProgressFx, () => stored],
      // Both effects are attached to $storage: their handlers receive (storage, params).
      [writeProgressFx, (_storage: unknown, map: ProgressMap) => void writes.push(map)],
    ],
  });
  const engine = createScriptedEngine();
  await allSettled(engineAttached, { scope, params: engine });
  await allSettled(progressStarted, { scope });
  await allSettled(episodeChosen, { scope, params: episode(7) });
  await allSettled(sourceRequested, { scope, params: { url: 'u', startTime: 0 } });
  // Facts arrive synchronously through scopeBind; allSettled(scope) would wait on the throttle's timer.
  const at = async (seconds: number) => {
    engine.emit('timeUpdated', { currentTime: seconds, duration: 600, bufferedAhead: 10 });
    await vi.advanceTimersByTimeAsync(0);
  };
  return { scope, engine, writes, at };
}

describe('progress saving', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads stored progress, dropping corrupt entries', async () => {
    const { scope } = await setup({ '5': 42, '6': 'x', bad: 1 });
    expect(scope.getState($savedProgress)).toEqual({ '5': 42 });
  });

  it('saves at most once every 10 s while playing, never on the first tick, keeping other episodes', async () => {
    const { engine, writes, at } = await setup();
    const writtenAt: number[] = [];
    engine.emit('playing');
    for (let second = 0; second <= 25; second++) {
      await at(second + 0.5);
      while (writtenAt.length < writes.length) writtenAt.push(second);
      await vi.advanceTimersByTimeAsync(1000);
    }
    // Ticks every second for 25 s: saves at 10 s and 20 s only, each with the latest position.
    expect(writtenAt).toEqual([10, 20]);
    expect(writes).toEqual([{ '5': 42, '7': 9 }, { '5': 42, '7': 19 }]);
  });

  it('saves nothing before the episode has played', async () => {
    const { writes, at, scope } = await setup();
    await at(3);
    await allSettled(pageLeft, { scope });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(writes).toEqual([]);
  });

  it('flushes at once on pause and when the page is left', async () => {
    const { scope, engine, writes, at } = await setup();
    engine.emit('playing');
    await at(4.9);
    engine.emit('paused');
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.at(-1)).toEqual({ '5': 42, '7': 4 });
    engine.emit('playing');
    await at(6.2);
    scopeBind(pageLeft, { scope })();
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.at(-1)).toEqual({ '5': 42, '7': 6 });
  });

  it('a stray pause after switching episodes does not overwrite the new episode with 0', async () => {
    const { scope, engine, writes } = await setup({ '8': 300 });
    engine.emit('playing');
    // Playing starts playback's timers; allSettled would wait on them under fake timers.
    scopeBind(episodeChosen, { scope })(episode(8));
    engine.emit('paused');
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual([]);
    expect(scope.getState($savedProgress)).toEqual({ '8': 300 });
  });
});

describe('stored progress', () => {
  it("reads the raw episodesTimeProgress from the scope's storage", async () => {
    const scope = fork({ values: [[$storage, createMemoryStorage({ episodesTimeProgress: JSON.stringify({ 5: 42, 6: 'x' }) })]] });
    expect(await allSettled(readProgressFx, { scope })).toEqual({ status: 'done', value: { 5: 42, 6: 'x' } });
    expect(scope.getState($savedProgress)).toEqual({ '5': 42 });
  });

  it('merges a write into what another tab saved meanwhile; ours win', async () => {
    const storage = createMemoryStorage({ episodesTimeProgress: JSON.stringify({ 5: 42, 7: 1 }) });
    const scope = fork({ values: [[$storage, storage]] });
    await allSettled(writeProgressFx, { scope, params: { '7': 30 } });
    storage.write('episodesTimeProgress', { ...(storage.read('episodesTimeProgress') as object), 9: 12 });
    await allSettled(writeProgressFx, { scope, params: { '7': 31 } });
    expect(storage.read('episodesTimeProgress')).toEqual({ 5: 42, 7: 31, 9: 12 });
  });

  it('a storage that refuses the write is no error', async () => {
    const refusing = { read: () => undefined, write: () => false, remove: () => {} };
    const scope = fork({ values: [[$storage, refusing]] });
    expect((await allSettled(writeProgressFx, { scope, params: { '7': 30 } })).status).toBe('done');
  });
});

describe('resume prompt', () => {
  // Fake time: a scope left playing (or asked to play) runs timers that must end with the test.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('continue answers with the saved position; start over with 0; both dismiss it', async () => {
    const { scope } = await setup();
    const answers: number[] = [];
    createWatch({ unit: resumeAnswered, scope, fn: (at) => answers.push(at) });
    await allSettled(resumeOffered, { scope, params: 125 });
    expect(scope.getState($resumePrompt)).toBe(125);
    await allSettled(continueClicked, { scope });
    expect(scope.getState($resumePrompt)).toBeNull();
    await allSettled(resumeOffered, { scope, params: 125 });
    await allSettled(startOverClicked, { scope });
    expect(answers).toEqual([125, 0]);
    expect(scope.getState($resumePrompt)).toBeNull();
  });

  it('is dismissed when playback starts some other way', async () => {
    const { scope, engine } = await setup();
    await allSettled(resumeOffered, { scope, params: 125 });
    engine.emit('playing');
    expect(scope.getState($resumePrompt)).toBeNull();
  });
});

/**
 * Nothing lost (issue 10 §3), unit half: leaving the page saves where the media really is,
 * not the last time the model heard of (which trails it by up to a tick); e2e/nothing-lost.spec.ts
 * checks the same against a real browser.
 */

describe('leaving the page', () => {
  const playing: EpisodeDto = {
    id: 7, title: 'E', description: '', order: 1, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
    isCompleted: false, m3u8MasterFilePath: '/m.m3u8', season: { id: 1, order: 1 },
  };

  async function leaving() {
    const writes: ProgressMap[] = [];
    const scope = fork({ handlers: [[readProgressFx, () => ({})], [writeProgressFx, (_storage: unknown, map: ProgressMap) => void writes.push(map)]] });
    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    await allSettled(progressStarted, { scope });
    await allSettled(episodeChosen, { scope, params: playing });
    await allSettled(sourceRequested, { scope, params: { url: 'u', startTime: 0 } });
    engine.emit('playing');
    engine.emit('timeUpdated', { currentTime: 20.9, duration: 600, bufferedAhead: 10 });
    await vi.advanceTimersByTimeAsync(0);
    return { scope, engine, writes };
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the media is at 21.05 s, the model last heard 20.9 s → saves 21', async () => {
    const { scope, engine, writes } = await leaving();
    engine.time = { ...engine.time, currentTime: 21.05, duration: 600 };
    scopeBind(pageLeft, { scope })();
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.at(-1)).toEqual({ 7: 21 });
  });
});
