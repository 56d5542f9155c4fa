import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { EpisodeDto } from '../../api/dto';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { parseConfig } from '../../features/session';
import { linkedFeatures } from '../../test-support/linked-features';

// The features' links, as the player makes them.
const features = linkedFeatures();
const { $pageError, appStarted, episodeChosen, loadStartupFx } = features.session;
const { $autoplay, $streamError, engineAttached } = features.playback;

const episode = (path: string | null): EpisodeDto => ({
  id: 5, title: 'E5', description: '', order: 1, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: path, season: { id: 1, order: 1 },
});

describe('playback wiring', () => {
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

  it.each([
    ['?movie_id=102&auto_play=1', true],
    ['?movie_id=102', false],
  ])('the page %s sets autoplay %s', async (search, autoplay) => {
    const scope = fork({ handlers: [[loadStartupFx, () => new Promise(() => {})]] });
    void allSettled(appStarted, { scope, params: parseConfig({ search, pageUrl: `http://player.test/${search}` }) });
    await Promise.resolve();
    expect(scope.getState($autoplay)).toBe(autoplay);
  });

  it('a page error stops the engine and takes its element off the page, also when the engine comes after it', async () => {
    const scope = fork();
    await allSettled($pageError, { scope, params: { kind: 'notFound' } });
    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    expect(engine.destroyed).toBe(true);
    expect(engine.surface.calls).toEqual([{ command: 'remove', args: [] }]);

    const before = fork();
    const running = createScriptedEngine();
    await allSettled(engineAttached, { scope: before, params: running });
    expect(running.destroyed).toBe(false);
    expect(running.surface.calls).toEqual([]);
    await allSettled($pageError, { scope: before, params: { kind: 'notFound' } });
    expect(running.destroyed).toBe(true);
    expect(running.surface.calls).toEqual([{ command: 'remove', args: [] }]);
  });
});
