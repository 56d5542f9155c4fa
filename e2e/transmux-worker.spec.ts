/**
 * hls.js's transmuxer in a Web Worker (issue 49): an MPEG-TS film is transmuxed off the page's
 * main thread, an fMP4 film starts no worker, and a page whose CSP forbids workers plays the
 * film all the same and reports that once (analytics and a warning to error reporting).
 */
import type { Page } from '@playwright/test';
import { expect, test, expectPlaysPast, HARNESS_ORIGIN, openHarness, PLAYER_ORIGIN, playerClient } from './support';

/**
 * Every dedicated worker the page (its player frame included) starts from a script, by address;
 * not error reporting's session replay, which compresses in a blob: worker of its own.
 */
function workersOf(page: Page): string[] {
  const workers: string[] = [];
  page.on('worker', (worker) => !worker.url().startsWith('blob:') && workers.push(new URL(worker.url()).pathname));
  return workers;
}

/** The rstat4 stats of one player page, read from the harness server (as autoplay-policy.spec.ts). */
async function statsOf(mark: string): Promise<Array<{ event: string; payload: Record<string, unknown> | null }>> {
  return (await fetch(`${HARNESS_ORIGIN}/__harness/stats?mark=${encodeURIComponent(mark)}`)).json();
}

test('an fMP4 film starts no worker; an MPEG-TS film is transmuxed in hls.js’s worker', async ({ page }) => {
  const workers = workersOf(page);
  await expectPlaysPast(await openHarness(page, { scenario: 'film' }), 2);
  expect(workers).toEqual([]);
  await expectPlaysPast(await openHarness(page, { scenario: 'film-ts' }), 3);
  expect(workers).toEqual([expect.stringMatching(/^\/assets\/hls-worker-\w+\.js$/)]);
});

test('a CSP that forbids workers: the MPEG-TS film plays on the main thread, reported once', async ({ page }) => {
  // The player page as a site would send it with `worker-src 'none'`.
  await page.route(
    (url) => url.origin === PLAYER_ORIGIN && url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const csp = (response.headers()['content-security-policy'] ?? '').replace(/worker-src [^;]+/, "worker-src 'none'");
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
    },
  );
  const workers = workersOf(page);
  const frame = await openHarness(page, { scenario: 'film-ts' });
  await expectPlaysPast(frame, 4);
  expect(workers).toEqual([]);

  const mark = await playerClient(page);
  const fallbacks = async () => (await statsOf(mark)).filter((stat) => stat.event === 'videoplayer_error' && stat.payload?.details === 'transmuxerWorkerFallback');
  await expect.poll(async () => (await fallbacks()).length).toBe(1);
  expect((await fallbacks())[0]!.payload).toMatchObject({ errorType: 'other', fatal: false });
  // Error reporting (the harness's Sentry ingest): one warning, from this page.
  const reports = async () =>
    ((await (await page.request.get(`${HARNESS_ORIGIN}/__harness/sentry?mark=${encodeURIComponent(mark)}`)).json()) as Array<{ raw: string; items: Array<{ type: string; payload: { level?: string; exception?: { values: Array<{ value: string }> } } }> }>)
      .flatMap((envelope) => envelope.items)
      .filter((item) => item.type === 'event' && item.payload.exception?.values[0]?.value.includes('transmuxer worker did not start'));
  await expect.poll(async () => (await reports()).length).toBe(1);
  expect((await reports())[0]!.payload.level).toBe('warning');
  await expect(frame.getByTestId('stream-error')).toHaveCount(0);
});
