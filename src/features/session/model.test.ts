import { allSettled, createWatch, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, startRecordingServer, type RecordingServer } from '../../api/testing/recording-server';
import type { ApiError } from '../../api/errors';
import type { ContentDto, EpisodeDto, SeasonDto } from '../../api/dto';
import { parseConfig } from './config';
import { createSession, loadStartup, type StartupCalls, type StartupData, type StartupRequest } from './model';
import type { ReportScope } from '../../platform/sentry';
import { $storage, createMemoryStorage } from '../../platform/storage';
import { linked } from '../../test-support/linked';

// The session alone, built by its factory in a region this file clears.
const {
  $adList, $currentEpisode, $imdbId, $pageError, $phase, $title, appStarted, fetchAdListFx, fetchAvailabilityFx, fetchContentFx,
  fetchEpisodesFx, fetchSeasonsFx, loadStartupFx, reportPageErrorFx, setReportScopeFx,
} = linked(createSession);

const content = (hasMultipleEpisodes: boolean): ContentDto => ({
  id: 102, title: 'Цветные серии', posterUrl: null, hasMultipleEpisodes, contentType: { slug: 'series' }, year: 2024,
  countries: [], languages: [], kinopoiskId: null, rating: null,
});
const seasons: SeasonDto[] = [{ id: 2, order: 2 }, { id: 1, order: 1 }];
const episode = (id: number, season: number, order: number): EpisodeDto => ({
  id, title: `${order}. Серия ${order}`, description: '', order, posterPath: null, duration: 10, watchProgress: 0,
  watchedAt: null, isCompleted: false, m3u8MasterFilePath: `/media/${id}/master.m3u8`, season: { id: season, order: season },
});
const episodes = [episode(23, 2, 3), episode(11, 1, 1), episode(12, 1, 2)];
const httpError = (status: number): ApiError => ({ errorType: 'HTTP', status, url: '/x', explanation: `HTTP ${status}`, body: '' });

const config = (search: string) =>
  parseConfig({ search, pageUrl: 'http://player.test/', rootData: { adListUrl: '/ads/list.json' } });

interface Fakes {
  content?: () => Promise<ContentDto>;
  episodes?: () => Promise<EpisodeDto[]>;
  available?: boolean;
  adList?: () => Promise<{ prerollList: Array<{ vastUrl: string }> }>;
  /** The raw localStorage of this device, key → JSON text. */
  stored?: Record<string, string>;
}

/** loadStartupFx's handler over fake calls: it is attached to the API clients, so it receives (clients, config). */
const startupOver = (calls: StartupCalls): [typeof loadStartupFx, (clients: unknown, config: StartupRequest) => Promise<StartupData>] => [
  loadStartupFx,
  (_clients, config) => loadStartup(calls, config),
];

/** A scope whose IO is faked; `calls` records which calls started and with what. */
function setup(fakes: Fakes = {}) {
  const calls: string[] = [];
  const started: string[] = [];
  const plain = <T,>(name: string, run: () => Promise<T>) => (params: unknown): Promise<T> => {
    calls.push(`${name} ${JSON.stringify(params)}`);
    started.push(name);
    return run();
  };
  // The five calls are faked; loadStartup, loadStartupFx's own work, runs over them.
  const fakeCalls: StartupCalls = {
    content: plain('content', fakes.content ?? (async () => content(true))),
    seasons: plain('seasons', async () => seasons),
    episodes: plain('episodes', fakes.episodes ?? (async () => episodes)),
    availability: (id, domain) => plain('available', async () => ({ available: fakes.available ?? true }))({ id, domain }),
    adList: plain('adList', fakes.adList ?? (async () => ({ prerollList: [{ vastUrl: '/vast/a.xml' }] }))),
  };
  const reportScopes: ReportScope[] = [];
  const scope = fork({
    values: [[$storage, createMemoryStorage(fakes.stored)]],
    handlers: [
      [setReportScopeFx, (reportScope: ReportScope) => void reportScopes.push(reportScope)],
      startupOver(fakeCalls),
      [reportPageErrorFx, plain('report', async () => 'evt-1234')],
    ],
  });
  return { scope, calls, started, reportScopes };
}

describe('session start-up', () => {
  it('starts all five calls before any of them answers', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { scope, started } = setup({ content: async () => (await gate, content(true)) });
    const settled = allSettled(appStarted, { scope, params: config('?movie_id=102') });
    await Promise.resolve();
    expect(started.sort()).toEqual(['adList', 'available', 'content', 'episodes', 'seasons']);
    expect(scope.getState($phase)).toBe('loading');
    release();
    await settled;
    expect(scope.getState($phase)).toBe('ready');
  });

  it('sends the page address as the availability domain and the content id to every call', async () => {
    const { scope, calls } = setup();
    await allSettled(appStarted, { scope, params: config('?movie_id=102') });
    expect(calls).toContain('content 102');
    expect(calls).toContain('episodes 102');
    expect(calls).toContain('available {"id":102,"domain":"http://player.test/"}');
    expect(calls).toContain('adList "http://player.test/ads/list.json"');
  });

  it('skips the availability call with disable_checking_available', async () => {
    const { scope, started } = setup({ available: false });
    await allSettled(appStarted, { scope, params: config('?movie_id=102&disable_checking_available=1') });
    expect(started).not.toContain('available');
    expect(scope.getState($phase)).toBe('ready');
  });

  it('a failed ad list means no ads, and the content still plays', async () => {
    const { scope } = setup({ adList: async () => Promise.reject(httpError(500)) });
    await allSettled(appStarted, { scope, params: config('?movie_id=102') });
    expect(scope.getState($adList)).toBeNull();
    expect(scope.getState($currentEpisode)?.id).toBe(11);
  });

  it('keeps the ad list when it loads', async () => {
    const { scope } = setup();
    await allSettled(appStarted, { scope, params: config('?movie_id=102') });
    expect(scope.getState($adList)).toEqual({ prerollList: [{ vastUrl: '/vast/a.xml' }] });
  });

  it('chooses the episode by season and episode and titles it', async () => {
    const { scope } = setup();
    await allSettled(appStarted, { scope, params: config('?movie_id=102&season=2&episode=3') });
    expect(scope.getState($currentEpisode)?.id).toBe(23);
    expect(scope.getState($title)).toBe('2 сезон, 3 серия. Серия 3');
  });

  it("rule 3 for a returning viewer: the first episode not completed by the catalogue nor watched to its end on this device", async () => {
    const series = [episode(23, 2, 3), episode(11, 1, 1), episode(12, 1, 2), episode(13, 1, 3)];
    const run = async (progress: unknown, search = '?movie_id=102') => {
      const { scope } = setup({ episodes: async () => series, stored: { episodesTimeProgress: JSON.stringify(progress) } });
      await allSettled(appStarted, { scope, params: config(search) });
      expect(scope.getState($pageError)).toBeNull();
      return scope.getState($currentEpisode)?.id;
    };
    // S1E1 and S1E2 (10 s each) finished here: S1E3.
    expect(await run({ 11: 10, 12: 6 })).toBe(13);
    // S1E2 stopped outside the 5 s finish margin: S1E2, where the resume prompt takes over.
    expect(await run({ 11: 10, 12: 4 })).toBe(12);
    // Everything finished: rule 4, the first episode.
    expect(await run({ 11: 10, 12: 10, 13: 10, 23: 10 })).toBe(11);
    // A stored value of the wrong shape counts for nothing.
    expect(await run(['11', 10])).toBe(11);
    expect(await run({ 11: 'done', 12: -1 })).toBe(11);
    // Rules 1 and 2 still come first.
    expect(await run({ 11: 10, 12: 10 }, '?movie_id=102&season=1&episode=1')).toBe(11);
    expect(await run({ 11: 10, 12: 10 }, '?movie_id=102&episode_id=12')).toBe(12);
    // A deep link to an episode that does not exist falls to rule 3, with no page error.
    expect(await run({ 11: 10, 12: 10 }, '?movie_id=102&season=7&episode=3')).toBe(13);
  });

  it('titles a film by its own title', async () => {
    const { scope } = setup({ content: async () => content(false) });
    await allSettled(appStarted, { scope, params: config('?movie_id=101') });
    expect(scope.getState($title)).toBe('Цветные серии');
  });
});

describe('the film-database title id', () => {
  const rated = (url: string | null): ContentDto => ({ ...content(false), rating: { kinopoisk: null, imdb: { value: 8.1, url } } });

  it('is taken from rating.imdb.url and goes into the error reports\' player context', async () => {
    const { scope, reportScopes } = setup({ content: async () => rated('https://www.imdb.com/title/tt0111161/?ref_=fn') });
    await allSettled(appStarted, { scope, params: config('?movie_id=101') });
    expect(scope.getState($imdbId)).toBe('tt0111161');
    expect(reportScopes.at(-1)).toEqual({
      contexts: { player: { contentId: 102, episodeId: 11, imdbId: 'tt0111161' } },
      tags: { imdb_id: 'tt0111161' },
    });
  });

  it.each([
    ['a link that is not a title', 'https://www.imdb.com/name/nm0000151/'],
    ['no link', null],
  ])('is null with %s, and the reports have no imdb_id tag', async (_, url) => {
    const { scope, reportScopes } = setup({ content: async () => rated(url) });
    await allSettled(appStarted, { scope, params: config('?movie_id=101') });
    expect(scope.getState($imdbId)).toBeNull();
    expect(reportScopes.at(-1)).toEqual({ contexts: { player: { contentId: 102, episodeId: 11, imdbId: null } }, tags: {} });
  });
});

describe('session page errors', () => {
  it('missing movie_id: no call is made', async () => {
    const { scope, started } = setup();
    await allSettled(appStarted, { scope, params: config('?movie_id=abc') });
    expect(scope.getState($pageError)).toEqual({ kind: 'missingMovieId' });
    expect(started).toEqual([]);
  });

  it('no episodes', async () => {
    const { scope } = setup({ episodes: async () => [] });
    await allSettled(appStarted, { scope, params: config('?movie_id=106') });
    expect(scope.getState($pageError)).toEqual({ kind: 'noEpisodes' });
    expect(scope.getState($phase)).toBe('error');
  });

  it('HTTP 404 means the content is not available', async () => {
    const { scope, started } = setup({ content: async () => Promise.reject(httpError(404)) });
    await allSettled(appStarted, { scope, params: config('?movie_id=104') });
    expect(scope.getState($pageError)).toEqual({ kind: 'notFound' });
    expect(started).not.toContain('report');
  });

  it('availability false is the blocked error', async () => {
    const { scope } = setup({ available: false });
    await allSettled(appStarted, { scope, params: config('?movie_id=103') });
    expect(scope.getState($pageError)).toEqual({ kind: 'blocked' });
    expect(scope.getState($currentEpisode)).toBeNull();
  });

  it('any other failure is reported and shows the report id', async () => {
    const { scope, calls } = setup({ content: async () => Promise.reject(httpError(500)) });
    await allSettled(appStarted, { scope, params: config('?movie_id=105') });
    expect(scope.getState($pageError)).toEqual({ kind: 'unknown', errorId: 'evt-1234' });
    expect(calls.find((c) => c.startsWith('report'))).toContain('"status":500');
  });

  it('a body that fails validation is the generic error, reported once', async () => {
    const invalid: ApiError = { errorType: 'INVALID_BODY', url: '/catalog-api/contents/108', explanation: 'content: expected an object', body: '{"id":' };
    const { scope, started } = setup({ episodes: async () => Promise.reject(invalid) });
    await allSettled(appStarted, { scope, params: config('?movie_id=108') });
    expect(scope.getState($pageError)).toEqual({ kind: 'unknown', errorId: 'evt-1234' });
    expect(started.filter((name) => name === 'report')).toHaveLength(1);
    expect(scope.getState($currentEpisode)).toBeNull();
  });

  it('a network failure is the generic error too', async () => {
    const network: ApiError = { errorType: 'NETWORK', url: '/catalog-api/episodes', explanation: 'Network Error' };
    const { scope } = setup({ episodes: async () => Promise.reject(network) });
    await allSettled(appStarted, { scope, params: config('?movie_id=101') });
    expect(scope.getState($pageError)).toEqual({ kind: 'unknown', errorId: 'evt-1234' });
  });

  it('a failed availability check is the generic error, not the blocked one', async () => {
    const failing = fork({
      handlers: [
        startupOver({
          content: async () => content(false),
          seasons: async () => seasons,
          episodes: async () => episodes,
          availability: async () => Promise.reject(httpError(503)),
          adList: async () => ({ prerollList: [] }),
        }),
        [reportPageErrorFx, async () => 'evt-9'],
      ],
    });
    await allSettled(appStarted, { scope: failing, params: config('?movie_id=101') });
    expect(failing.getState($pageError)).toEqual({ kind: 'unknown', errorId: 'evt-9' });
  });
});

describe('loadStartupFx on the page\'s clients', () => {
  let server: RecordingServer;
  beforeEach(async () => {
    server = await startRecordingServer((request, res) => {
      if (request.path === '/catalog-api/contents/102') return json(res, 200, content(true));
      if (request.path === '/catalog-api/contents/102/seasons') return json(res, 200, seasons);
      if (request.path === '/catalog-api/episodes') return json(res, 200, episodes);
      if (request.path === '/catalog-api/contents/102/available') return json(res, 200, { available: true });
      if (request.path === '/ads/list.json') return json(res, 500, { message: 'ad server down' });
      return json(res, 404, { message: 'no such call' });
    });
  });
  afterEach(() => server.close());

  it('calls the API functions itself: five requests in one start, the ad list without the token, episodes sorted', async () => {
    // The per-call effects would fail the start: loadStartupFx must not go through them.
    const unused = () => Promise.reject(new Error('a per-call effect was called'));
    const scope = fork({
      handlers: [
        [setReportScopeFx, () => {}],
        [reportPageErrorFx, async () => 'evt-x'],
        ...[fetchContentFx, fetchSeasonsFx, fetchEpisodesFx, fetchAvailabilityFx, fetchAdListFx].map((fx) => [fx, unused] as [typeof fx, typeof unused]),
      ],
    });
    const search = '?movie_id=102';
    const started = parseConfig({ search, pageUrl: `http://player.test/${search}`, rootData: { baseUrl: server.baseUrl, adListUrl: `${server.baseUrl}/ads/list.json` } });
    const done: StartupData[] = [];
    createWatch({ unit: loadStartupFx.doneData, scope, fn: (data) => done.push(data) });
    await allSettled(appStarted, { scope, params: started });
    expect(server.requests.map((r) => r.path).sort()).toEqual([
      '/ads/list.json',
      '/catalog-api/contents/102',
      '/catalog-api/contents/102/available',
      '/catalog-api/contents/102/seasons',
      '/catalog-api/episodes',
    ]);
    expect(server.requests.find((r) => r.path === '/ads/list.json')!.headers.authorization).toBeUndefined();
    expect(done).toHaveLength(1);
    expect(done[0]!.episodes.map((e) => e.id)).toEqual([11, 12, 23]);
    expect(done[0]!.adList).toBeNull();
    expect(scope.getState($currentEpisode)?.id).toBe(11);
  });
});
