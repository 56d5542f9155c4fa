import type { Page } from '@playwright/test';
import { expect, test, clearFaults, expectPlaysPast, HARNESS_ORIGIN, injectFaults, loggedRequests, openHarness, pastSegmentOf } from './support';

/** The faulted requests of one harness client's player (its Referer names the client). */
const faultedRequests = async (page: Page, client: string) => (await loggedRequests(page, `harness-client=${client}`)).filter((entry) => entry.fault);

test.describe('fault injection', () => {
  test('two segment 500s show in the request log, and playback continues past them', async ({ page }, testInfo) => {
    const client = `segment-500-${testInfo.workerIndex}-${Date.now()}`;
    await injectFaults(page, client, [{ target: 'segment', action: { type: 'status', status: 500 }, count: 2 }]);
    const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
    // The first two segment requests (at start-up) get the 500s; the film plays past the later of them.
    const served500 = async () => (await faultedRequests(page, client)).filter((entry) => entry.fault === 'segment: 500');
    await expect.poll(async () => (await served500()).length).toBe(2);
    const faulted = await served500();
    await expectPlaysPast(frame, Math.max(...faulted.map((entry) => pastSegmentOf(entry.path))));
    expect(faulted.every((entry) => entry.status === 500 && /\.m4s$/.test(entry.path))).toBe(true);
    await page.getByTestId('tab-requests').click();
    // The tab lists every player's requests; this player's rows name its client.
    const mine = page.getByTestId('request-row').and(page.locator(`[title*="harness-client=${client}"]`));
    await expect(mine.getByTestId('request-fault').filter({ hasText: 'fault segment: 500' })).toHaveCount(2);
  });

  test('a level whose segments are all refused: the film starts on another, load after load', async ({ page }, testInfo) => {
    // hls.js starts on 720p here and turns to 360p at the first 404, while 720p's init segment is
    // still loading; that init's abort used to stop the new level's first segment, and the start
    // hung until the watchdog (5 of 8 loads). Three loads: each hung with a chance of about 5/8.
    test.setTimeout(60_000);
    for (let i = 0; i < 3; i++) {
      const client = `level-refused-${testInfo.workerIndex}-${Date.now()}-${i}`;
      await injectFaults(page, client, [{ target: 'segment', path: '/720p/', action: { type: 'status', status: 404 }, count: null }]);
      const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
      await expectPlaysPast(frame, 3, 12_000);
      expect((await faultedRequests(page, client)).length, `load ${i + 1}: a 720p segment was refused`).toBeGreaterThan(0);
      await clearFaults(page, client);
    }
  });

  test('a catalogue 503 at start-up shows the generic page error, not a blank page', async ({ page }, testInfo) => {
    const client = `catalog-${testInfo.workerIndex}-${Date.now()}`;
    await injectFaults(page, client, [{ target: 'catalog', action: { type: 'status', status: 503 }, count: 1 }]);
    const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
    await expect(frame.getByTestId('page-error')).toContainText('К сожалению, произошла ошибка');
    await expect(frame.getByRole('button', { name: 'Перезагрузить страницу' })).toBeVisible();
    // The episodes may have come early enough to start the stream: the error page stops it.
    await expect(frame.locator('video')).toHaveCount(0);
  });
});

test('the Faults tab injects a preset for this tab only and lists it', async ({ page }) => {
  // The tab needs the harness and its player frame, not playback.
  await openHarness(page, { scenario: 'film', autoPlay: false });
  const src = await page.locator('#player-frame').getAttribute('src');
  const client = new URL(src!).searchParams.get('harness-client');
  expect(client).toMatch(/^qa-/);
  await page.getByTestId('tab-faults').click();
  await page.getByTestId('fault-segment-404x3').click();
  await expect(page.getByTestId('faults-active')).toHaveText('segment → 404 (next 3)');
  const rules = (await (await page.request.get(`${HARNESS_ORIGIN}/__harness/faults`)).json()) as Record<string, unknown[]>;
  expect(rules[client!]).toHaveLength(1);
  await page.getByTestId('faults-clear').click();
  await expect(page.getByTestId('faults-none')).toBeVisible();
});

test("a start whose key is refused, whose master fails or whose segments are refused shows 'Не удалось воспроизвести видео' with 'Повторить', load after load", async ({ page }, testInfo) => {
  // Each load fails at its own moment of the start (before the app's turn, while it is evaluated):
  // none may leave the page without the error. hls.js turns from a refused segment to the next
  // level and round again without end: the error must come without the start watchdog's 20 s.
  test.setTimeout(90_000);
  const starts = [
    ...Array.from({ length: 5 }, () => ({ movie: 140, rule: { target: 'key', action: { type: 'reset' }, count: null }, detail: 'keyLoadError' })),
    ...Array.from({ length: 3 }, () => ({ movie: 101, rule: { target: 'playlist', path: 'master.m3u8', action: { type: 'status', status: 500 }, count: null }, detail: 'manifestLoadError' })),
    ...Array.from({ length: 3 }, () => ({ movie: 101, rule: { target: 'segment', action: { type: 'status', status: 404 }, count: null }, detail: 'fragLoadError' })),
  ];
  for (const [i, { movie, rule, detail }] of starts.entries()) {
    const client = `start-fails-${testInfo.workerIndex}-${Date.now()}-${i}`;
    await injectFaults(page, client, [rule]);
    const frame = await openHarness(page, { query: `movie_id=${movie}&auto_play=1&harness-client=${client}` });
    const error = frame.getByTestId('stream-error');
    await expect(error, `load ${i + 1}`).toHaveAttribute('data-detail', detail, { timeout: 10_000 });
    await expect(error).toContainText('Не удалось воспроизвести видео');
    await expect(error.getByRole('button', { name: 'Повторить' })).toBeVisible();
    await clearFaults(page, client);
  }
});
