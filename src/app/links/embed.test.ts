import { allSettled, createWatch, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDto, EpisodeDto } from '../../api/dto';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { parseConfig } from '../../features/session';
import { postToParentFx } from '../../platform/parent-bridge';
import { sendStatFx } from '../../platform/stats';
import { $storage, createMemoryStorage } from '../../platform/storage';
import { linkedFeatures } from '../../test-support/linked-features';

// The features' links, as the player makes them.
const features = linkedFeatures();
const { engineAttached, prefetchSourceFx } = features.playback;
const { $loopEnabled, embedStarted } = features.embed;
const { $config, $content, $episodes, appStarted, episodeChosen, loadStartupFx } = features.session;

const episode = (id: number, order: number): EpisodeDto => ({
  id, title: `${order}. E${id}`, description: '', order, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: `/hls/${id}/master.m3u8`, season: { id: 1, order: 1 },
});
const episodes = [episode(11, 1), episode(12, 2)];

describe('embed wiring', () => {
  // Fake time: an episode started with autoplay arms the start watchdog, whose timers end with the test.
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('starts the receiver with the page address and data-allowed-origins', async () => {
    const scope = fork({ handlers: [[loadStartupFx, () => new Promise(() => {})]] });
    const started: unknown[] = [];
    createWatch({ unit: embedStarted, scope, fn: (settings) => started.push(settings) });
    const pageUrl = 'https://player.example/?movie_id=102';
    const config = parseConfig({ search: '?movie_id=102', pageUrl, rootData: { allowedOrigins: 'https://site.example https://b.example/' } });
    // The start-up calls never answer here: the receiver starts at once, not after them.
    void allSettled(appStarted, { scope, params: config });
    await Promise.resolve();
    expect(started).toEqual([{ src: pageUrl, allowedOrigins: ['https://site.example', 'https://b.example'] }]);
    const open = parseConfig({ search: '?movie_id=102', pageUrl });
    expect(open.allowedOrigins).toBeNull();
  });

  it('a loop holds auto-advance back: the ended episode stays current', async () => {
    const scope = fork({
      values: [
        [$storage, createMemoryStorage()],
        [$content, { id: 102, title: 'S', hasMultipleEpisodes: true } as ContentDto],
        [$episodes, episodes],
      ],
      handlers: [
        [postToParentFx, () => true],
        [sendStatFx, () => true],
        [prefetchSourceFx, () => 0],
      ],
    });
    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    await allSettled($config, { scope, params: parseConfig({ search: '?movie_id=102', pageUrl: 'http://localhost/?movie_id=102' }) });
    await allSettled(episodeChosen, { scope, params: episodes[0]! });
    const chosen: number[] = [];
    createWatch({ unit: episodeChosen, scope, fn: ({ id }) => chosen.push(id) });

    await allSettled($loopEnabled, { scope, params: true });
    engine.emit('ended');
    await allSettled(scope);
    expect(chosen).toEqual([]);

    await allSettled($loopEnabled, { scope, params: false });
    engine.emit('ended');
    await allSettled(scope);
    expect(chosen).toEqual([12]);
  });
});
