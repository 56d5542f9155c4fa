import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { EpisodeDto } from '../api/dto';
import { createScriptedEngine } from '../engine/scripted-engine';
import { $pageError, episodeChosen } from '../features/session';
import { $streamError, engineAttached } from '../features/playback';
import { $mediaElement } from '../features/fullscreen';
import './model';

const episode = (path: string | null): EpisodeDto => ({
  id: 5, title: 'E5', description: '', order: 1, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: path, season: { id: 1, order: 1 },
});

describe('composition root', () => {
  it('an episode without m3u8MasterFilePath ends in the fatal stream error sourceMissing', async () => {
    const scope = fork();
    await allSettled(engineAttached, { scope, params: createScriptedEngine() });
    await allSettled(episodeChosen, { scope, params: episode(null) });
    expect(scope.getState($streamError)).toMatchObject({ fatal: true, detail: 'sourceMissing', message: 'episode 5 has no m3u8MasterFilePath' });
  });

  it('an episode with a path raises no stream error', async () => {
    const scope = fork();
    await allSettled(engineAttached, { scope, params: createScriptedEngine() });
    await allSettled(episodeChosen, { scope, params: episode('/hls/5/master.m3u8') });
    expect(scope.getState($streamError)).toBeNull();
  });

  it('a page error stops the engine and takes the element off the page, also when the engine comes after it', async () => {
    const element = { remove: vi.fn() } as unknown as HTMLVideoElement;
    const scope = fork({ values: [[$mediaElement, element]] });
    await allSettled($pageError, { scope, params: { kind: 'notFound' } });
    expect(element.remove).toHaveBeenCalledTimes(1);

    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    expect(engine.destroyed).toBe(true);
  });
});
