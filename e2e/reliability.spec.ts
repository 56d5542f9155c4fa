/**
 * The bad-input matrix, viewer half (issue 10 §1): each row names an input and what the viewer
 * sees. The unit half (parsers, guards) is src/reliability/bad-input.test.ts. Rows load the
 * player page itself (a top-level page: storage works) unless they need the harness parent.
 */
import type { Page } from '@playwright/test';
import { expect, test, expectPlaysPast, HARNESS_ORIGIN, openHarness, PLAYER_ORIGIN, videoTime } from './support';

const GENERIC_ERROR = /^К сожалению, произошла ошибка, попробуйте перезагрузите страницу\. Идентификатор ошибки: \S+$/;
const MISSING_ID = 'Пропущен movie_id в запросе';
const NOT_AVAILABLE = 'Контент не доступен';
const PLAYBACK_ERROR = 'Не удалось воспроизвести видео';

type Outcome =
  /** The page shows this message (SPEC §2/§8 texts) instead of the player. */
  | { page: string | RegExp; reload?: boolean }
  /** The player plays past `past` seconds with this title; `from` is the first video segment it asks for. */
  | { plays: number; title?: string; from?: RegExp; noPrompt?: boolean }
  /** The stream error shows with a retry, naming this hls.js detail. */
  | { streamError: string };

interface Row {
  input: string;
  query: string;
  outcome: Outcome;
}

const S1E1 = '1 сезон, 1 серия. Серия 1 сезона 1';
const FIRST_SEGMENT = /\/media\/hls\/film\/video\/\d+p\/seg-000\.m4s$/;

const ROWS: Row[] = [
  // Query parameters
  { input: 'movie_id=abc', query: 'movie_id=abc', outcome: { page: MISSING_ID } },
  { input: 'movie_id=1.5', query: 'movie_id=1.5', outcome: { page: MISSING_ID } },
  { input: 'movie_id=-1', query: 'movie_id=-1', outcome: { page: MISSING_ID } },
  { input: 'movie_id=99999999999999999999', query: 'movie_id=99999999999999999999', outcome: { page: MISSING_ID } },
  { input: 'movie_id= (empty)', query: 'movie_id=', outcome: { page: MISSING_ID } },
  { input: 'no movie_id', query: 'auto_play=1', outcome: { page: MISSING_ID } },
  { input: 'movie_id repeated, garbage first', query: 'movie_id=abc&movie_id=101', outcome: { page: MISSING_ID } },
  { input: 'movie_id repeated, valid first', query: 'movie_id=101&movie_id=abc', outcome: { plays: 1, title: 'Испытательная таблица' } },
  { input: 'movie_id=12345 (no such content)', query: 'movie_id=12345', outcome: { page: NOT_AVAILABLE } },
  { input: 'episode_id unknown', query: 'movie_id=102&episode_id=99999', outcome: { plays: 1, title: S1E1 } },
  { input: 'season without episode', query: 'movie_id=102&season=2', outcome: { plays: 1, title: '2 сезон, 1 серия. Серия 1 сезона 2' } },
  { input: 'season out of range', query: 'movie_id=102&season=9&episode=1', outcome: { plays: 1, title: S1E1 } },
  { input: 'episode out of range', query: 'movie_id=102&season=1&episode=9', outcome: { plays: 1, title: S1E1 } },
  { input: 't=abc (garbage)', query: 'movie_id=101&t=abc', outcome: { plays: 1, from: FIRST_SEGMENT, noPrompt: true } },
  { input: 't=-5 (negative)', query: 'movie_id=101&t=-5', outcome: { plays: 1, from: FIRST_SEGMENT, noPrompt: true } },
  { input: 't=99999 (past the duration)', query: 'movie_id=101&t=99999', outcome: { plays: 1, noPrompt: true } },
  { input: 'episode_time=zzz (garbage)', query: 'movie_id=101&episode_time=zzz', outcome: { plays: 1, from: FIRST_SEGMENT, noPrompt: true } },
  { input: 'episode_time=-7 (negative)', query: 'movie_id=101&episode_time=-7', outcome: { plays: 1, from: FIRST_SEGMENT, noPrompt: true } },
  { input: 'episode_time=99999 (past the duration)', query: 'movie_id=101&episode_time=99999', outcome: { plays: 1, from: FIRST_SEGMENT, noPrompt: true } },
  // API
  { input: 'API 404', query: 'movie_id=104', outcome: { page: NOT_AVAILABLE } },
  { input: 'API 500', query: 'movie_id=105', outcome: { page: GENERIC_ERROR, reload: true } },
  { input: 'API 502 with an HTML page', query: 'movie_id=122', outcome: { page: GENERIC_ERROR, reload: true } },
  { input: 'API 200 with an empty body', query: 'movie_id=123', outcome: { page: GENERIC_ERROR, reload: true } },
  { input: 'API invalid JSON / wrong shapes', query: 'movie_id=108', outcome: { page: GENERIC_ERROR, reload: true } },
  { input: 'API mistyped field (id a string)', query: 'movie_id=124', outcome: { page: GENERIC_ERROR, reload: true } },
  { input: 'API no episodes', query: 'movie_id=106', outcome: { page: 'Отсутсвуют эпизоды для проигрывания' } },
  { input: 'API availability field missing', query: 'movie_id=125', outcome: { plays: 1, title: 'Ответ о доступности без поля available' } },
  { input: 'API episode without m3u8MasterFilePath', query: 'movie_id=121', outcome: { streamError: 'sourceMissing' } },
  // HLS
  { input: 'HLS: no #EXTM3U', query: 'movie_id=111', outcome: { streamError: 'manifestParsingError' } },
  { input: 'HLS: no segments', query: 'movie_id=112', outcome: { streamError: 'levelEmptyError' } },
  { input: 'HLS: no #EXT-X-TARGETDURATION', query: 'movie_id=113', outcome: { streamError: 'levelParsingError' } },
  { input: 'HLS: third segment 404', query: 'movie_id=114', outcome: { plays: 3 } },
  { input: 'HLS: a level playlist 404 (another level plays)', query: 'movie_id=126', outcome: { plays: 3 } },
  { input: 'HLS: the key 404s', query: 'movie_id=127', outcome: { streamError: 'keyLoadError' } },
  { input: 'HLS: unsupported key method (segments are clear)', query: 'movie_id=128', outcome: { plays: 3 } },
  { input: 'HLS: playlists served as text/plain (.txt)', query: 'movie_id=129', outcome: { plays: 3 } },
  { input: 'HLS: a segment that is an HTML page', query: 'movie_id=130', outcome: { plays: 7 } },
];

const describeOutcome = (outcome: Outcome) =>
  'page' in outcome ? `shows '${String(outcome.page)}'` : 'plays' in outcome ? `plays past ${outcome.plays} s` : `stream error ${outcome.streamError}`;

/** The player page's media time passes `seconds`, failing fast on a stream error. */
async function playsPast(page: Page, seconds: number) {
  await expect
    .poll(
      async () => {
        await expect(page.getByTestId('stream-error')).toHaveCount(0, { timeout: 1 });
        return page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);
      },
      { timeout: 25_000, intervals: [250] },
    )
    .toBeGreaterThan(seconds);
}

/** Requests the harness logged for one player page (their Referer names its client). */
async function requestsOf(page: Page, client: string): Promise<string[]> {
  const entries = (await (await page.request.get(`${HARNESS_ORIGIN}/__harness/requests`)).json()) as Array<{
    path: string;
    status: number;
    requestHeaders?: Record<string, string>;
  }>;
  return entries.filter((entry) => entry.requestHeaders?.referer?.includes(`harness-client=${client}`)).map((entry) => entry.path);
}

test.describe('bad-input matrix (viewer)', () => {
  for (const [index, row] of ROWS.entries()) {
    test(`${row.input} → ${describeOutcome(row.outcome)}`, async ({ page }) => {
      const client = `bad-${index}-${Date.now()}`;
      await page.goto(`${PLAYER_ORIGIN}/?${row.query}&auto_play=1&harness-client=${client}`);
      const { outcome } = row;
      if ('page' in outcome) {
        const error = page.getByTestId('page-error');
        if (typeof outcome.page === 'string') await expect(error).toHaveText(outcome.page);
        else await expect(error.locator('p')).toHaveText(outcome.page);
        await expect(page.getByRole('button', { name: 'Перезагрузить страницу' })).toHaveCount(outcome.reload ? 1 : 0);
        await expect(page.locator('video')).toHaveCount(0);
        return;
      }
      if ('streamError' in outcome) {
        const error = page.getByTestId('stream-error');
        await expect(error).toBeVisible();
        await expect(error).toContainText(PLAYBACK_ERROR);
        await expect(error).toHaveAttribute('data-detail', outcome.streamError);
        await expect(error.getByRole('button', { name: 'Повторить' })).toBeVisible();
        return;
      }
      await playsPast(page, outcome.plays);
      if (outcome.title) await expect(page.getByTestId('title')).toHaveText(outcome.title);
      if (outcome.noPrompt) await expect(page.getByTestId('resume-prompt')).toHaveCount(0);
      if (outcome.from) {
        const firstVideo = (await requestsOf(page, client)).find((path) => /\/video\/\d+p\/seg-\d+\.m4s$/.test(path));
        expect(firstVideo).toMatch(outcome.from);
      }
    });
  }
});

test.describe('bad-input matrix (viewer): rows that need more than a page load', () => {
  test('a title with <script> and <img onerror> is shown as text and nothing runs', async ({ page }) => {
    await page.goto(`${PLAYER_ORIGIN}/?movie_id=120&auto_play=1`);
    await expect(page.getByTestId('title')).toHaveText('<script>window.__xss=1</script><img src=x onerror="window.__xss=2">');
    await playsPast(page, 1);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.locator('script', { hasText: '__xss' })).toHaveCount(0);
  });

  test('a slow catalogue (3 s per call) shows Loading..., then plays', async ({ page }) => {
    const client = `slow-catalog-${Date.now()}`;
    await page.request.post(`${HARNESS_ORIGIN}/__harness/faults`, { data: { client, rules: [{ target: 'catalog', action: { type: 'delay', ms: 3000 }, count: null }] } });
    try {
      await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&auto_play=1&harness-client=${client}`);
      await expect(page.getByTestId('page-loading')).toHaveText('Loading...');
      await playsPast(page, 1);
      await expect(page.getByTestId('page-error')).toHaveCount(0);
    } finally {
      await page.request.delete(`${HARNESS_ORIGIN}/__harness/faults?client=${client}`);
    }
  });

  test('VAST: an XML bomb as the pre-roll is not expanded; the ad is dropped and the film plays', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&auto_play=1&data-ad-list-url=/vast/bad/list-bomb.json`);
    await playsPast(page, 2);
    expect(requested.some((url) => url.endsWith('/vast/bad/xml-bomb.xml'))).toBe(true);
    // The parser gave up on the document: no creative was fetched, no impression pinged.
    expect(requested.filter((url) => /\/media\/ads\/|\/track\/impression\?ad=bomb/.test(url))).toEqual([]);
    await expect(page.getByTestId('ad-overlay')).toHaveCount(0);
    // The page stays responsive (a billion laughs would hang or exhaust it).
    expect(await page.evaluate(() => document.body.innerText.length < 100_000)).toBe(true);
  });

  test('storage: every key corrupt (invalid JSON, wrong types, a 2 MB value) → plays with defaults, keys left to be overwritten', async ({ page }) => {
    await page.goto(`${PLAYER_ORIGIN}/404-seed`);
    await page.evaluate(() => {
      localStorage.setItem('player-volume', '{not json');
      localStorage.setItem('player-muted', '"yes"');
      localStorage.setItem('favoriteAudioTracks', '[1,2,3]');
      localStorage.setItem('episodesTimeProgress', JSON.stringify({ 10101: 'x'.repeat(2 * 1024 * 1024) }));
    });
    await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&auto_play=1`);
    await playsPast(page, 1);
    await expect(page.getByTestId('resume-prompt')).toHaveCount(0);
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => ({ volume: v.volume, muted: v.muted }))).toEqual({ volume: 1, muted: false });
  });

  test('storage: localStorage throwing on access (Safari private mode) → plays, pause works, nothing shown', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&auto_play=1`);
    await playsPast(page, 1);
    // Pausing saves the position: the write meets the throwing storage.
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(page.getByTestId('page-error')).toHaveCount(0);
    await expect(page.getByTestId('stream-error')).toHaveCount(0);
  });

  test('storage: quota exceeded on every write → plays, pauses, and nothing is lost from what was stored', async ({ page }) => {
    await page.goto(`${PLAYER_ORIGIN}/404-seed`);
    await page.evaluate(() => localStorage.setItem('episodesTimeProgress', '{"10211":4}'));
    await page.addInitScript(() => {
      Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&auto_play=1`);
    await playsPast(page, 2);
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await expect(page.getByTestId('stream-error')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('episodesTimeProgress'))).toBe('{"10211":4}');
  });
});

test.describe('bad-input matrix (viewer): parent messages', () => {
  test('a sibling frame posting {type:"pause"} is ignored; the parent\'s pause is obeyed', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film' });
    await expectPlaysPast(frame, 1);
    await page.evaluate(() => {
      const sibling = document.createElement('iframe');
      sibling.id = 'sibling';
      sibling.srcdoc =
        '<script>const p = parent.document.getElementById("player-frame").contentWindow; for (let i = 0; i < 5; i++) p.postMessage({ type: "pause" }, "*");</script>';
      document.body.append(sibling);
    });
    const before = await videoTime(frame);
    await expect.poll(() => videoTime(frame)).toBeGreaterThan(before + 1);
    expect(await frame.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

    await page.evaluate(() => (document.getElementById('player-frame') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'pause' }, '*'));
    await expect.poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  test('1000 parent messages of every shape (malformed, unknown types, clicks) → still playing, then one pause is obeyed', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film' });
    await expectPlaysPast(frame, 1);
    await page.evaluate(() => {
      const player = (document.getElementById('player-frame') as HTMLIFrameElement).contentWindow!;
      const shapes: unknown[] = [{ type: 'click' }, { type: 'seek', time: 0 }, 'pause', '{bad', null, 42, [{ type: 'pause' }], { type: { type: 'pause' } }, { action: 'pause' }, '{"type":"play"}'];
      for (let i = 0; i < 1000; i += 1) player.postMessage(shapes[i % shapes.length], '*');
    });
    const before = await videoTime(frame);
    await expect.poll(() => videoTime(frame)).toBeGreaterThan(before + 1);
    await expect(frame.getByTestId('stream-error')).toHaveCount(0);
    await page.evaluate(() => (document.getElementById('player-frame') as HTMLIFrameElement).contentWindow!.postMessage('{"type":"pause"}', '*'));
    await expect.poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});
