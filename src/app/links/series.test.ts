import { allSettled, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDto, EpisodeDto, SeasonDto } from '../../api/dto';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { parseConfig } from '../../features/session';
import type { PageSource } from '../../start/snapshot';
import { startSnapshot } from '../../test-support/start-snapshot';
import { readProgressFx } from '../../features/progress';
import { postToParentFx, type ParentMessage } from '../../platform/parent-bridge';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { $storage, createMemoryStorage } from '../../platform/storage';
import { linkedFeatures } from '../../test-support/linked-features';

// The features' links, as the player makes them.
const features = linkedFeatures();
const { $autoplay, $source, engineAttached, prefetchSourceFx } = features.playback;
const { $config, $content, $episodes, $seasons, episodeChosen, startAdopted } = features.session;
const { $resumePrompt, continueClicked } = features.progress;
const { nextEpisodeClicked, episodeSelected, menuBackClicked, menuSeasonPicked, seasonsMenuClosed, seasonsMenuToggled } = features.series;

const episode = (id: number, season: number, order: number, duration = 600): EpisodeDto => ({
  id, title: `${order}. E${id}`, description: '', order, posterPath: null, duration, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: `/hls/${id}/master.m3u8`, season: { id: season, order: season },
});
const seasons: SeasonDto[] = [{ id: 1, order: 1 }, { id: 2, order: 2 }];
const episodes = [episode(11, 1, 1), episode(12, 1, 2), episode(21, 2, 1)];
const series = { id: 102, title: 'S', hasMultipleEpisodes: true } as ContentDto;

async function setup({ query = 'movie_id=102&auto_play=1', stored = {} as Record<string, string>, page = null as PageSource | null } = {}) {
  const storage = createMemoryStorage(stored);
  const posted: ParentMessage[] = [];
  const stats: StatEvent[] = [];
  const prefetched: string[] = [];
  const scope = fork({
    values: [
      [$storage, storage],
      [$content, series],
      [$seasons, seasons],
      [$episodes, episodes],
    ],
    handlers: [
      [postToParentFx, (message: ParentMessage) => (posted.push(message), true)],
      [sendStatFx, (stat: StatEvent) => (stats.push(stat), true)],
      [prefetchSourceFx, (_engine: unknown, url: string) => (prefetched.push(url), 2)],
    ],
  });
  const engine = createScriptedEngine();
  if (page) {
    engine.preload(page.url, { startTime: page.startTime });
    await allSettled(startAdopted, { scope, params: startSnapshot({ source: page, episodeId: page.episodeId }) });
  }
  await allSettled(engineAttached, { scope, params: engine });
  const config = parseConfig({ search: `?${query}`, pageUrl: `http://localhost/?${query}`, globalMovieId: undefined, rootData: {}, frameData: {} });
  // The config store directly: appStarted would also start the catalogue calls.
  await allSettled($config, { scope, params: config });
  await allSettled(readProgressFx, { scope });
  return { scope, engine, storage, posted, stats, prefetched };
}

const choose = (scope: Scope, id: number) => allSettled(episodeChosen, { scope, params: episodes.find((e) => e.id === id)! });

// Fake time: an episode started with autoplay arms the start watchdog, whose timers end with the test.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('series wiring', () => {
  it('starts the first episode at t without a prompt', async () => {
    const { scope } = await setup({ query: 'movie_id=102&t=42' });
    await choose(scope, 11);
    expect(scope.getState($source)).toEqual({ url: 'http://localhost/hls/11/master.m3u8', startTime: 42 });
    expect(scope.getState($resumePrompt)).toBeNull();
  });

  it("keeps the source the page's start loaded for the start episode; another episode loads its own", async () => {
    const url = 'http://localhost/hls/11/master.m3u8';
    const { scope, engine } = await setup({ query: 'movie_id=102&t=42', page: { episodeId: 11, url, startTime: 42 } });
    const loads = () => engine.calls.filter((c) => c.command === 'load').map((c) => c.args[0]);
    await choose(scope, 11);
    expect(scope.getState($source)).toEqual({ url, startTime: 42 });
    expect(loads()).toEqual([]);
    await choose(scope, 12);
    expect(loads()).toEqual(['http://localhost/hls/12/master.m3u8']);
  });

  it("loads the start episode itself when the page's start loaded another one", async () => {
    const { scope, engine } = await setup({ page: { episodeId: 12, url: 'http://localhost/hls/12/master.m3u8', startTime: 0 } });
    await choose(scope, 11);
    expect(engine.calls.filter((c) => c.command === 'load').map((c) => c.args[0])).toEqual(['http://localhost/hls/11/master.m3u8']);
  });

  it('offers a saved position before the first start; continuing seeks there and plays', async () => {
    const { scope, engine, stats } = await setup({ stored: { episodesTimeProgress: JSON.stringify({ 11: 75, bad: 'x' }) } });
    await choose(scope, 11);
    expect(scope.getState($source)?.startTime).toBe(0);
    expect(scope.getState($autoplay)).toBe(false);
    expect(scope.getState($resumePrompt)).toBe(75);
    await allSettled(continueClicked, { scope });
    expect(engine.calls.filter((c) => c.command === 'seek').map((c) => c.args[0])).toEqual([75]);
    expect(engine.calls.some((c) => c.command === 'play')).toBe(true);
    expect(scope.getState($resumePrompt)).toBeNull();
    expect(stats.map((s) => s.event)).toEqual(['stoppedHere_window_open', 'stoppedHere_window_continue']);
  });

  it('the next-episode button starts at 0 and plays, ignoring the saved position', async () => {
    const { scope } = await setup({ query: 'movie_id=102&auto_play=0', stored: { episodesTimeProgress: JSON.stringify({ 12: 100 }) } });
    await choose(scope, 11);
    await allSettled(nextEpisodeClicked, { scope });
    expect(scope.getState($source)).toEqual({ url: 'http://localhost/hls/12/master.m3u8', startTime: 0 });
    expect(scope.getState($autoplay)).toBe(true);
    expect(scope.getState($resumePrompt)).toBeNull();
  });

  it('a menu choice with a saved position offers it', async () => {
    const { scope } = await setup({ stored: { episodesTimeProgress: JSON.stringify({ 21: 100 }) } });
    await choose(scope, 11);
    await allSettled(episodeSelected, { scope, params: episodes[2]! });
    expect(scope.getState($resumePrompt)).toBe(100);
  });

  it('the end of an episode plays the next from 0 and the parent hears episodeChanged for each', async () => {
    const { scope, engine, posted } = await setup();
    await choose(scope, 12);
    engine.emit('ended');
    await allSettled(scope);
    expect(scope.getState($source)).toEqual({ url: 'http://localhost/hls/21/master.m3u8', startTime: 0 });
    expect(posted.map((m) => (m.event === 'episodeChanged' ? (m.payload.episode as EpisodeDto).id : null))).toEqual([12, 21]);
    expect(posted[1]).toEqual({ event: 'episodeChanged', payload: { episode: episodes[2] } });
  });

  it('does not advance after the last episode', async () => {
    const { scope, engine, posted } = await setup();
    await choose(scope, 21);
    engine.emit('ended');
    await allSettled(scope);
    expect(scope.getState($source)?.url).toBe('http://localhost/hls/21/master.m3u8');
    expect(posted).toHaveLength(1);
  });

  it('prefetches the next episode once, in the last 15 s', async () => {
    const { scope, engine, prefetched } = await setup();
    await choose(scope, 11);
    engine.emit('timeUpdated', { currentTime: 500, duration: 600, bufferedAhead: 10 });
    expect(prefetched).toEqual([]);
    engine.emit('timeUpdated', { currentTime: 586, duration: 600, bufferedAhead: 10 });
    engine.emit('timeUpdated', { currentTime: 590, duration: 600, bufferedAhead: 10 });
    await allSettled(scope);
    expect(prefetched).toEqual(['http://localhost/hls/12/master.m3u8']);
  });

  it('saving merges into what another tab stored meanwhile', async () => {
    const { scope, engine, storage } = await setup({ stored: { episodesTimeProgress: JSON.stringify({ 11: 5 }) } });
    await choose(scope, 12);
    engine.emit('playing');
    // Another tab saves episode 21 after this one read the storage.
    storage.write('episodesTimeProgress', { 11: 5, 21: 33 });
    engine.emit('timeUpdated', { currentTime: 7.6, duration: 600, bufferedAhead: 10 });
    // Facts arrive synchronously; allSettled(scope) would wait on the save throttle's timer.
    engine.emit('paused');
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(storage.raw.get('episodesTimeProgress')!)).toEqual({ 11: 5, 12: 7, 21: 33 });
  });

  it('the seasons menu sends seasonsAndEpisodes_open, season_click, back, episode_click and close', async () => {
    const { scope, stats } = await setup();
    await choose(scope, 11);
    await allSettled(seasonsMenuToggled, { scope });
    await allSettled(menuSeasonPicked, { scope, params: 2 });
    await allSettled(menuBackClicked, { scope });
    await allSettled(menuSeasonPicked, { scope, params: 1 });
    await allSettled(episodeSelected, { scope, params: episodes[1]! });
    await allSettled(seasonsMenuToggled, { scope });
    await allSettled(seasonsMenuClosed, { scope });
    expect(stats.filter((s) => s.event.startsWith('seasonsAndEpisodes_'))).toEqual([
      { event: 'seasonsAndEpisodes_open' },
      { event: 'seasonsAndEpisodes_season_click', payload: { seasonId: 2 } },
      { event: 'seasonsAndEpisodes_back' },
      { event: 'seasonsAndEpisodes_season_click', payload: { seasonId: 1 } },
      // The choice closes the menu as it is made.
      { event: 'seasonsAndEpisodes_close' },
      { event: 'seasonsAndEpisodes_episode_click', payload: { episodeId: 12 } },
      // Opened again, then closed by its close button.
      { event: 'seasonsAndEpisodes_open' },
      { event: 'seasonsAndEpisodes_close' },
    ]);
  });
});
