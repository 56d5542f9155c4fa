import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../features/session/config';
import { readEarlyAdList, sendEarlyRequests, chooseEarlyEpisode, startupRequests } from '../start/early-requests';
import { createMemoryCookies } from '../platform/cookies';
import { fetchAdList } from './ad-list';
import { createCatalogApi } from './catalog';
import { parseAdList } from './dto';
import { createEarlyAnswers, type EarlyAnswers, type EarlyRequest } from './early';
import { createPlaylistCache, type PlaylistCache } from '../engine/playlist-cache';
import { createApiClients } from './http';
import { json, jwt, startRecordingServer, type RecordingServer } from './testing/recording-server';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const validToken = jwt({ sub: 'u1', exp: NOW / 1000 + 3600 });
const expiredToken = jwt({ sub: 'u1', exp: NOW / 1000 - 60 });
const episodes102 = readFileSync('fixtures/api/episodes/102.json', 'utf8');
const content102 = readFileSync('fixtures/api/contents/102.json', 'utf8');
const adList = readFileSync('fixtures/api/ad-list.json', 'utf8');

let server: RecordingServer;
/** The page's early stores; `clearEarly` starts new ones (a new page load). */
let answers: EarlyAnswers;
let playlists: PlaylistCache;
function clearEarly() {
  answers = createEarlyAnswers();
  playlists = createPlaylistCache();
}
const sendEarly = (requests: readonly EarlyRequest[], fetchImpl?: typeof fetch) =>
  (fetchImpl ? (answers = createEarlyAnswers(fetchImpl)) : answers).send(requests);
const takeEarlyPlaylist = (url: string) => playlists.take(url);
/** The clients read whichever answers the page has now. */
const currentAnswers: EarlyAnswers = { send: (r) => answers.send(r), take: (u, h) => answers.take(u, h), peek: (r) => answers.peek(r) };

beforeEach(async () => {
  clearEarly();
  server = await startRecordingServer((request, res) => {
    if (request.path === '/catalog-api/episodes') return json(res, 200, episodes102);
    if (request.path === '/catalog-api/contents/102') return json(res, 200, content102);
    if (request.path === '/catalog-api/contents/102/seasons') return json(res, 200, []);
    if (request.path === '/catalog-api/contents/102/available') return json(res, 200, { available: true });
    if (request.path === '/ads/list.json') return json(res, 200, adList);
    if (request.path.endsWith('.m3u8')) return json(res, 200, '#EXTM3U\n');
    return json(res, 404, { message: 'no such call' });
  });
});
afterEach(async () => {
  clearEarly();
  await server.close();
});

function page(search: string, cookies: Record<string, string> = {}) {
  const pageUrl = `http://player.test/${search}`;
  const config = parseConfig({ search, pageUrl, rootData: { baseUrl: server.baseUrl, adListUrl: `${server.baseUrl}/ads/list.json` } });
  const jar = createMemoryCookies(cookies, () => NOW);
  const clients = createApiClients({ baseUrl: config.baseUrl, cookies: jar, now: () => NOW, early: currentAnswers });
  return { config, jar, clients, catalog: createCatalogApi(clients.catalog) };
}

/** What the session model asks for at start-up, through the page's clients. */
function startUpCalls({ config, clients, catalog }: ReturnType<typeof page>) {
  const id = config.movieId!;
  return Promise.all([
    catalog.getContent(id),
    catalog.getSeasons(id),
    catalog.getEpisodes(id),
    catalog.getAvailability(id, config.pageUrl),
    fetchAdList(clients.plain, config.adListUrl!),
  ]);
}

const waitForRequests = async (count: number) => {
  for (let i = 0; i < 100 && server.requests.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
};
const seen = () => server.requests.map((r) => `${r.path}${r.query.domain ? `?domain=${r.query.domain}` : ''}`).sort();

describe('early start-up calls', () => {
  it('the clients take the early answers: each call reaches the server once, with the same headers and query', async () => {
    const p = page('?movie_id=102', { authToken: validToken, device_fp: 'fp-1' });
    sendEarly(startupRequests(p.config, p.jar, NOW).requests);
    await waitForRequests(5);
    const [content, seasons, episodes, availability, ads] = await startUpCalls(p);

    expect(seen()).toEqual([
      '/ads/list.json',
      '/catalog-api/contents/102',
      '/catalog-api/contents/102/available?domain=http://player.test/?movie_id=102',
      '/catalog-api/contents/102/seasons',
      '/catalog-api/episodes',
    ]);
    expect(content.id).toBe(102);
    expect(seasons).toEqual([]);
    expect(episodes.map((e) => e.id)).toContain(10223);
    expect(availability.available).toBe(true);
    expect(ads).toEqual(parseAdList(JSON.parse(adList)));
    const catalogue = server.requests.filter((r) => r.path.startsWith('/catalog-api/'));
    expect(catalogue.map((r) => r.headers.authorization)).toEqual(Array(4).fill(`Bearer ${validToken}`));
    expect(server.requests.map((r) => r.headers['x-session-context'])).toEqual(Array(5).fill('fp-1'));
    expect(server.requests.find((r) => r.path === '/ads/list.json')!.headers.authorization).toBeUndefined();
    expect(server.requests.find((r) => r.path === '/catalog-api/episodes')!.query).toEqual({ 'content-id': '102' });
  });

  it('an early error answer reaches the client as its own HTTP error, without a second request', async () => {
    server.answer((request, res) => json(res, 503, { message: `down: ${request.path}` }));
    const p = page('?movie_id=102');
    sendEarly(startupRequests(p.config, p.jar, NOW).requests);
    await waitForRequests(5);

    await expect(p.catalog.getContent(102)).rejects.toMatchObject({
      errorType: 'HTTP',
      status: 503,
      url: '/catalog-api/contents/102',
      method: 'GET',
      body: expect.stringContaining('down: /catalog-api/contents/102'),
    });
    expect(server.requests.filter((r) => r.path === '/catalog-api/contents/102')).toHaveLength(1);
  });

  it('an early answer that is not JSON fails the client call as an invalid body, as a direct answer would', async () => {
    server.answer((_, res) => json(res, 200, '<html>maintenance</html>'));
    const p = page('?movie_id=102');
    sendEarly(startupRequests(p.config, p.jar, NOW).requests);
    await waitForRequests(5);
    await expect(p.catalog.getEpisodes(102)).rejects.toMatchObject({ errorType: 'INVALID_BODY', url: '/catalog-api/episodes' });
    expect(server.requests.filter((r) => r.path === '/catalog-api/episodes')).toHaveLength(1);
  });

  it('a client request with other headers (the fingerprint arrived meanwhile) goes to the network itself', async () => {
    const p = page('?movie_id=102');
    sendEarly(startupRequests(p.config, p.jar, NOW).requests);
    await waitForRequests(5);
    p.jar.set('device_fp', 'fp-late');
    await p.catalog.getContent(102);
    const calls = server.requests.filter((r) => r.path === '/catalog-api/contents/102');
    expect(calls.map((r) => r.headers['x-session-context'])).toEqual(['', 'fp-late']);
  });

  it('an early request that never reached the server is made again by the client', async () => {
    const p = page('?movie_id=102');
    const failing = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    sendEarly(startupRequests(p.config, p.jar, NOW).requests, failing);
    const content = await p.catalog.getContent(102);
    expect(content.id).toBe(102);
    expect(server.requests.filter((r) => r.path === '/catalog-api/contents/102')).toHaveLength(1);
  });

  it('each early answer is taken once: a second identical call goes to the network', async () => {
    const p = page('?movie_id=102');
    sendEarly(startupRequests(p.config, p.jar, NOW).requests);
    await waitForRequests(5);
    await p.catalog.getSeasons(102);
    await p.catalog.getSeasons(102);
    expect(server.requests.filter((r) => r.path === '/catalog-api/contents/102/seasons')).toHaveLength(2);
  });

  it('an expired token: no early catalogue call (the client refreshes first), only the ad list', () => {
    const p = page('?movie_id=102', { authToken: expiredToken, refreshToken: 'r-1' });
    const { requests, episodes, availability } = startupRequests(p.config, p.jar, NOW);
    expect(requests.map((r) => r.url)).toEqual([`${server.baseUrl}/ads/list.json`]);
    expect([episodes, availability]).toEqual([null, null]);
  });

  it('no movie id: nothing is sent early', () => {
    expect(startupRequests(page('').config, createMemoryCookies({}), NOW).requests).toEqual([]);
  });

  it('without the availability check, no availability call', () => {
    const urls = startupRequests(page('?movie_id=102&disable_checking_available=1').config, createMemoryCookies({}), NOW).requests.map((r) => r.url);
    expect(urls.some((url) => url.includes('/available'))).toBe(false);
    expect(urls).toHaveLength(4);
  });
});

describe('early master playlist', () => {
  it('is the master playlist of the episode the page starts with (season and episode from the query)', async () => {
    const p = page('?movie_id=102&season=2&episode=3');
    const startup = startupRequests(p.config, p.jar, NOW);
    sendEarly(startup.requests);
    expect((await chooseEarlyEpisode(p.config, startup, answers))?.url ?? null).toBe(`${server.baseUrl}/media/hls/series/s2e3/master.m3u8`);
  });

  it("a returning viewer's: the first episode not watched to its end on this device (S1E1 and S1E2 finished → S1E3), as the session model chooses", async () => {
    const p = page('?movie_id=102');
    const startup = startupRequests(p.config, p.jar, NOW);
    sendEarly(startup.requests);
    const saved = { 10211: 10, 10212: 2 };
    expect((await chooseEarlyEpisode(p.config, startup, answers, saved))?.episode.id).toBe(10212);
    expect((await chooseEarlyEpisode(p.config, startup, answers, { ...saved, 10212: 8 }))?.url).toBe(`${server.baseUrl}/media/hls/series/s1e3/master.m3u8`);
  });

  it("sends the calls before it reads the viewer's storage, whose saved positions then choose the episode", async () => {
    const p = page('?movie_id=102');
    const order: string[] = [];
    const sending = { ...answers, send: (requests: Parameters<typeof answers.send>[0]) => (order.push(`send ${requests.length}`), answers.send(requests)) };
    const remembered = () => (order.push('storage'), { favouriteAudio: null, saved: { 10211: 10, 10212: 2 } });
    const start = await sendEarlyRequests(p.config, p.jar, NOW, { answers: sending, playlists }, remembered);
    expect(order).toEqual(['send 5', 'storage']);
    expect(start?.episode.id).toBe(10212);
  });

  it('is fetched once and handed over once; the episodes answer is still there for the client', async () => {
    const p = page('?movie_id=102&season=2&episode=3');
    sendEarlyRequests(p.config, p.jar, NOW, { answers, playlists });
    await waitForRequests(6);
    const master = `${server.baseUrl}/media/hls/series/s2e3/master.m3u8`;
    expect(await takeEarlyPlaylist(master)).toBe('#EXTM3U\n');
    expect(takeEarlyPlaylist(master)).toBeNull();
    expect((await p.catalog.getEpisodes(102)).length).toBeGreaterThan(0);
    expect(server.requests.filter((r) => r.path === '/catalog-api/episodes')).toHaveLength(1);
    expect(server.requests.filter((r) => r.path.endsWith('.m3u8')).map((r) => r.path)).toEqual(['/media/hls/series/s2e3/master.m3u8']);
  });

  it('the variants and the audio the start picks are fetched early too, each once, for the engine to take; no other rendition', async () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Русский",LANGUAGE="ru",DEFAULT=YES,URI="audio/ru/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",LANGUAGE="en",URI="audio/en/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="Русские",LANGUAGE="ru",URI="subs/ru/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="a",SUBTITLES="s"',
      'video/360p/index.m3u8',
      '',
    ].join('\n');
    server.answer((request, res) => {
      if (request.path === '/catalog-api/episodes') return json(res, 200, episodes102);
      if (request.path.endsWith('/master.m3u8')) return json(res, 200, master);
      if (request.path.endsWith('.m3u8')) return json(res, 200, `#EXTM3U\n#${request.path}\n`);
      return json(res, 200, { available: true });
    });
    const base = `${server.baseUrl}/media/hls/series/s2e3`;
    const playlistsFetched = () => server.requests.filter((r) => r.path.endsWith('.m3u8')).map((r) => r.path.slice('/media/hls/series/s2e3/'.length)).sort();

    const p = page('?movie_id=102&season=2&episode=3');
    sendEarlyRequests(p.config, p.jar, NOW, { answers, playlists });
    await waitForRequests(8);
    expect(await takeEarlyPlaylist(`${base}/video/360p/index.m3u8`)).toBe('#EXTM3U\n#/media/hls/series/s2e3/video/360p/index.m3u8\n');
    expect(await takeEarlyPlaylist(`${base}/audio/ru/index.m3u8`)).toBe('#EXTM3U\n#/media/hls/series/s2e3/audio/ru/index.m3u8\n');
    expect(playlistsFetched()).toEqual(['audio/ru/index.m3u8', 'master.m3u8', 'video/360p/index.m3u8']);

    // The viewer chose English for this content before: its playlist, not the default's.
    server.requests.length = 0;
    clearEarly();
    sendEarlyRequests(p.config, p.jar, NOW, { answers, playlists }, () => ({ favouriteAudio: 'English', saved: {} }));
    await waitForRequests(8);
    expect(await takeEarlyPlaylist(`${base}/audio/en/index.m3u8`)).toBe('#EXTM3U\n#/media/hls/series/s2e3/audio/en/index.m3u8\n');
    expect(playlistsFetched()).toEqual(['audio/en/index.m3u8', 'master.m3u8', 'video/360p/index.m3u8']);
  });

  it('none when the episodes call failed or its body is not episodes', async () => {
    server.answer((request, res) => (request.path === '/catalog-api/episodes' ? json(res, 500, {}) : json(res, 200, { available: true })));
    const p = page('?movie_id=102');
    const first = startupRequests(p.config, p.jar, NOW);
    sendEarly(first.requests);
    expect((await chooseEarlyEpisode(p.config, first, answers))?.url ?? null).toBeNull();

    clearEarly();
    server.answer((request, res) => json(res, 200, request.path.endsWith('/available') ? { available: true } : { not: 'a list' }));
    const second = startupRequests(p.config, p.jar, NOW);
    sendEarly(second.requests);
    expect((await chooseEarlyEpisode(p.config, second, answers))?.url ?? null).toBeNull();
  });

  it('none when the content is not available here, or the availability call failed', async () => {
    const p = page('?movie_id=102');
    for (const answer of [{ status: 200, body: { available: false } }, { status: 500, body: {} }]) {
      clearEarly();
      server.answer((request, res) =>
        request.path === '/catalog-api/episodes' ? json(res, 200, episodes102) : json(res, answer.status, answer.body),
      );
      const startup = startupRequests(p.config, p.jar, NOW);
      sendEarly(startup.requests);
      expect((await chooseEarlyEpisode(p.config, startup, answers))?.url ?? null).toBeNull();
    }
    // Without the availability check the episodes alone decide.
    clearEarly();
    const unchecked = page('?movie_id=102&disable_checking_available=1');
    const startup = startupRequests(unchecked.config, unchecked.jar, NOW);
    sendEarly(startup.requests);
    expect((await chooseEarlyEpisode(unchecked.config, startup, answers))?.url ?? null).toBe(`${server.baseUrl}/media/hls/series/s1e1/master.m3u8`);
  });
});

describe('early ad list (the entry plays at once only without a pre-roll)', () => {
  const withAdList = (status: number, body: unknown) =>
    server.answer((request, res) => (request.path === '/ads/list.json' ? json(res, status, body) : json(res, 404, {})));

  it('is the parsed list of a 2xx answer, and the start names its episode', async () => {
    const p = page('?movie_id=102&season=2&episode=3');
    const start = await sendEarlyRequests(p.config, p.jar, NOW, { answers, playlists });
    expect(start?.episode).toMatchObject({ id: expect.any(Number), m3u8MasterFilePath: expect.stringContaining('s2e3') });
    expect(await start?.adList).toEqual({ prerollList: [] });
  });

  it('is null without an ad list URL or with a body the client rejects, unknown after an error status', async () => {
    const p = page('?movie_id=102');
    expect(await readEarlyAdList({ adList: null }, answers)).toBeNull();
    const cases: Array<[number, unknown, unknown]> = [
      [200, { prerollList: [{ vastUrl: '/vast/linear.xml' }] }, { prerollList: [{ vastUrl: '/vast/linear.xml' }] }],
      [200, { prerollList: 'none' }, null],
      [503, { message: 'busy' }, undefined],
    ];
    for (const [status, body, expected] of cases) {
      clearEarly();
      withAdList(status, body);
      const startup = startupRequests(p.config, p.jar, NOW);
      sendEarly(startup.requests);
      expect(await readEarlyAdList(startup, answers)).toEqual(expected);
    }
  });
});
