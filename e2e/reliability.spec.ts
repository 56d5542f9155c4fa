/**
 * The bad-input matrix, viewer half (issue 10 §1): each row names an input and what the viewer
 * sees. The unit half (parsers, guards, the query and the API bodies) is in the tests of the unit
 * that decides each row: session/config, session/episodes, progress/start, api/dto, vast/resolve
 * and vast/parse, ads/tracking-rules, share/targets, platform/pixel, platform/storage and
 * platform/parent-bridge. Rows load the player page itself (a top-level page: storage works)
 * unless they need the harness parent.
 */
import type { Page } from '@playwright/test';
import { expect, test, expectPlaysPast, openHarness, PLAYER_ORIGIN, videoTime } from './support';

const PLAYBACK_ERROR = 'Не удалось воспроизвести видео';

type Outcome =
  /** The player plays past this many seconds. */
  | { plays: number; noPrompt?: boolean }
  /** The stream error shows with a retry, naming this hls.js detail. */
  | { streamError: string };

interface Row {
  input: string;
  query: string;
  outcome: Outcome;
}

/**
 * Only rows whose outcome a real browser decides (hls.js on Chromium's MSE). The query, API and
 * storage rules are proven where they are decided, in vitest: src/features/session/config.test.ts,
 * src/api/dto.test.ts, src/features/progress/start.test.ts, src/platform/storage.test.ts;
 * each page text is shown once by the harness scenario table (harness-scenarios.spec.ts).
 */
const ROWS: Row[] = [
  // A time code past the end: the engine clamps the start, the film still plays.
  { input: 't=99999 (past the duration)', query: 'movie_id=101&t=99999', outcome: { plays: 1, noPrompt: true } },
  // HLS (111 and 113 are in analytics.spec.ts, with their analytics; 114, a segment 404, too)
  { input: 'HLS: no segments', query: 'movie_id=112', outcome: { streamError: 'levelEmptyError' } },
  { input: 'HLS: a level playlist 404 (another level plays)', query: 'movie_id=126', outcome: { plays: 3 } },
  { input: 'HLS: the key 404s', query: 'movie_id=127', outcome: { streamError: 'keyLoadError' } },
  { input: 'HLS: unsupported key method (segments are clear)', query: 'movie_id=128', outcome: { plays: 3 } },
  { input: 'HLS: playlists served as text/plain (.txt)', query: 'movie_id=129', outcome: { plays: 3 } },
  // The 3rd segment (4–6 s) is the HTML page: started at 3 s, the film reaches it after 1 s of play.
  { input: 'HLS: a segment that is an HTML page', query: 'movie_id=130&t=3', outcome: { plays: 7 } },
];

const describeOutcome = (outcome: Outcome) => ('plays' in outcome ? `plays past ${outcome.plays} s` : `stream error ${outcome.streamError}`);

test.describe('bad-input matrix (viewer)', () => {
  for (const row of ROWS) {
    test(`${row.input} → ${describeOutcome(row.outcome)}`, async ({ page }) => {
      await page.goto(`${PLAYER_ORIGIN}/?${row.query}&auto_play=1`);
      const { outcome } = row;
      if ('streamError' in outcome) {
        const error = page.getByTestId('stream-error');
        await expect(error).toBeVisible();
        await expect(error).toContainText(PLAYBACK_ERROR);
        await expect(error).toHaveAttribute('data-detail', outcome.streamError);
        await expect(error.getByRole('button', { name: 'Повторить' })).toBeVisible();
        return;
      }
      await expectPlaysPast(page, outcome.plays);
      if (outcome.noPrompt) await expect(page.getByTestId('resume-prompt')).toHaveCount(0);
    });
  }
});

test.describe('bad-input matrix (viewer): rows that need more than a page load', () => {
  test('a title with <script> and <img onerror> is shown as text and nothing runs', async ({ page }) => {
    await page.goto(`${PLAYER_ORIGIN}/?movie_id=120&auto_play=1`);
    await expect(page.getByTestId('title')).toHaveText('<script>window.__xss=1</script><img src=x onerror="window.__xss=2">');
    await expectPlaysPast(page, 1);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.locator('script', { hasText: '__xss' })).toHaveCount(0);
  });

  test('VAST: an XML bomb as the pre-roll is not expanded; the ad is dropped and the film plays', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&auto_play=1&data-ad-list-url=/vast/bad/list-bomb.json`);
    // A pre-roll plays before the content: the content playing means the ad was dropped.
    await expectPlaysPast(page, 1);
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
    await expectPlaysPast(page, 1);
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
    await expectPlaysPast(page, 1);
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
    await expectPlaysPast(page, 1);
    // Pausing saves the position: the write meets the full storage.
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await expect(page.getByTestId('stream-error')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('episodesTimeProgress'))).toBe('{"10211":4}');
  });
});

test.describe('bad-input matrix (viewer): parent messages', () => {
  test('1000 parent messages of every shape (malformed, unknown types, clicks) → still playing, then one pause is obeyed', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film' });
    await expectPlaysPast(frame, 1);
    await page.evaluate(() => {
      const player = (document.getElementById('player-frame') as HTMLIFrameElement).contentWindow!;
      const shapes: unknown[] = [{ type: 'click' }, { type: 'seek', time: 0 }, 'pause', '{bad', null, 42, [{ type: 'pause' }], { type: { type: 'pause' } }, { action: 'pause' }, '{"type":"play"}'];
      for (let i = 0; i < 1000; i += 1) player.postMessage(shapes[i % shapes.length], '*');
    });
    const before = await videoTime(frame);
    await expectPlaysPast(frame, before + 1);
    await expect(frame.getByTestId('stream-error')).toHaveCount(0);
    await page.evaluate(() => (document.getElementById('player-frame') as HTMLIFrameElement).contentWindow!.postMessage('{"type":"pause"}', '*'));
    await expect.poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});
