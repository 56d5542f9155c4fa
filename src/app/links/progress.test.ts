import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDto, EpisodeDto } from '../../api/dto';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { parseConfig } from '../../features/session';
import { readProgressFx } from '../../features/progress';
import { postToParentFx } from '../../platform/parent-bridge';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { $storage, createMemoryStorage } from '../../platform/storage';
import { linkedFeatures } from '../../test-support/linked-features';

// The features' links, as the player makes them.
const features = linkedFeatures();
const { engineAttached } = features.playback;
const { $resumePrompt, startOverClicked } = features.progress;
const { $config, $content, $episodes, episodeChosen } = features.session;

const film: EpisodeDto = {
  id: 10101, title: 'Фильм', description: '', order: 1, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: '/hls/10101/master.m3u8', season: null,
};

describe('resume prompt statistics', () => {
  // Fake time: the answer's play arms the start watchdog, whose timers end with the test.
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("'Начать сначала' sends stoppedHere_window_restart, seeks to 0 and plays", async () => {
    const stats: StatEvent[] = [];
    const scope = fork({
      values: [
        [$storage, createMemoryStorage({ episodesTimeProgress: JSON.stringify({ 10101: 75 }) })],
        [$content, { id: 101, title: 'Фильм', hasMultipleEpisodes: false } as ContentDto],
        [$episodes, [film]],
      ],
      handlers: [
        [postToParentFx, () => true],
        [sendStatFx, (stat: StatEvent) => (stats.push(stat), true)],
      ],
    });
    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    const query = 'movie_id=101';
    await allSettled($config, { scope, params: parseConfig({ search: `?${query}`, pageUrl: `http://localhost/?${query}`, globalMovieId: undefined, rootData: {}, frameData: {} }) });
    await allSettled(readProgressFx, { scope });
    await allSettled(episodeChosen, { scope, params: film });
    expect(scope.getState($resumePrompt)).toBe(75);

    await allSettled(startOverClicked, { scope });
    expect(stats).toEqual([
      { event: 'stoppedHere_window_open', payload: { position: 75 } },
      { event: 'stoppedHere_window_restart' },
    ]);
    expect(engine.calls.filter((c) => c.command === 'seek').map((c) => c.args[0])).toEqual([0]);
    expect(engine.calls.some((c) => c.command === 'play')).toBe(true);
    expect(scope.getState($resumePrompt)).toBeNull();
  });
});
