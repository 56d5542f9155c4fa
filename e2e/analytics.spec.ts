import type { Page } from '@playwright/test';
import { expect, test, expectPlaysPast, HARNESS_ORIGIN, openHarness, playerClient, expectFilmFetchedOnce } from './support';

interface Stat {
  event: string;
  payload: Record<string, unknown>;
  via: 'top' | 'relay';
}

/** rstat4 events the harness page received (its own rstat4, or the cross-origin relay). */
const stats = (page: Page) => page.evaluate(() => (window as unknown as { __harnessStats?: Stat[] }).__harnessStats ?? []);

const NETWORK_CLASSES = ['gprs', '2g', '3g', '4g', 'wifi'];

async function firstError(page: Page, details: string): Promise<Stat> {
  let found: Stat | undefined;
  await expect
    .poll(async () => {
      found = (await stats(page)).find((s) => s.event === 'videoplayer_error' && s.payload.details === details);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test.describe('broken streams: outcome and analytics', () => {
  // hls.js in Chromium reports these as fatal: the stream state is 'error'. One per rstat4 channel
  // (the cross-origin relay, the same-origin top window); 112 is a row of reliability.spec.ts.
  for (const [id, details, embed] of [
    [111, 'manifestParsingError', 'cross'],
    [113, 'levelParsingError', 'same'],
  ] as const) {
    test(`${id}: fatal ${details} shows the error with a retry and reports it (${embed}-origin)`, async ({ page }) => {
      const frame = await openHarness(page, { query: `movie_id=${id}&auto_play=1`, embed });
      const error = frame.getByTestId('stream-error');
      await expect(error).toBeVisible();
      await expect(error).toContainText('Не удалось воспроизвести видео');
      await expect(error.getByRole('button', { name: 'Повторить' })).toBeVisible();
      await expect(error).toHaveAttribute('data-detail', details);

      const stat = await firstError(page, details);
      expect(stat.via).toBe(embed === 'cross' ? 'relay' : 'top');
      expect(stat.payload).toMatchObject({ contentId: id, errorType: 'network', fatal: true, bufferedLength: 0, deviceType: 'desktop' });
      expect(NETWORK_CLASSES).toContain(stat.payload.networkType);
      // Nothing secret travels with analytics.
      expect(JSON.stringify(stat.payload)).not.toMatch(/token|cookie|fingerprint/i);

      // Fatal: reported to error reporting too (the harness's Sentry ingest).
      await expect
        .poll(async () => JSON.stringify(await (await page.request.get(`${HARNESS_ORIGIN}/__harness/sentry?mark=${encodeURIComponent(`Stream error: ${details}`)}`)).json()))
        .toContain(`Stream error: ${details}`);

      // Retrying reloads the stream, which fails the same way and is reported again.
      await error.getByRole('button', { name: 'Повторить' }).click();
      await expect
        .poll(async () => (await stats(page)).filter((s) => s.event === 'videoplayer_error' && s.payload.details === details).length)
        .toBeGreaterThan(1);
      await expect(frame.getByTestId('stream-error')).toBeVisible();
    });
  }

  test('114: a 404 segment is a non-fatal fragLoadError: no error screen, analytics only', async ({ page }) => {
    const frame = await openHarness(page, { query: 'movie_id=114&auto_play=1' });
    await expectPlaysPast(frame, 1);
    const stat = await firstError(page, 'fragLoadError');
    expect(stat.payload).toMatchObject({ contentId: 114, errorType: 'network', fatal: false, responseCode: 404 });
    expect(NETWORK_CLASSES).toContain(stat.payload.networkType);
    expect(typeof stat.payload.bufferedLength).toBe('number');
    // Some error after the first segment arrived reports media buffered ahead of the playhead.
    await expect
      .poll(async () => (await stats(page)).some((s) => s.event === 'videoplayer_error' && Number(s.payload.bufferedLength) > 0))
      .toBe(true);
    await expect(frame.getByTestId('stream-error')).toHaveCount(0);
  });
});

test('t= starts the film at that time, and the stream the page started early is the one that plays (one master fetch, no media file twice); played to its end, the film sends the six progress marks in order, then the Analytics tab lists them', async ({ page }) => {
  // From t=27 of the 30 s film: the marks it starts past go out at once, in order (the rule is
  // proven in src/features/analytics); 0.95 and 1 come as it plays to the end.
  const frame = await openHarness(page, { scenario: 'film', embed: 'same', query: 'movie_id=101&t=27&auto_play=1' });
  await test.step('t= starts at that time', async () => {
    // From 0 it would take 27 s to get there.
    await expectPlaysPast(frame, 27.2, 15_000);
  });

  await test.step('the six progress marks, in order, and the Analytics tab lists them', async () => {
    await expect
      .poll(async () => (await stats(page)).filter((s) => s.event === 'videoplayer_progress').map((s) => s.payload.mark), { timeout: 15_000, intervals: [250] })
      .toEqual([0.1, 0.25, 0.5, 0.75, 0.95, 1]);
    const marks = (await stats(page)).filter((s) => s.event === 'videoplayer_progress');
    for (const mark of marks) {
      expect(mark.payload).toMatchObject({ contentId: 101, deviceType: 'desktop' });
      expect(Number(mark.payload.position)).toBeGreaterThanOrEqual(Number(mark.payload.mark) * Number(mark.payload.duration) - 0.5);
    }

    await page.getByTestId('tab-analytics').click();
    await page.getByTestId('analytics-filter').fill('progress');
    await expect(page.getByTestId('analytics-row')).toHaveCount(6);
    await expect(page.getByTestId('analytics-row').first()).toContainText('videoplayer_progress');
  });

  await test.step('the film\'s stream was fetched once: one master playlist, no media file twice', async () => {
    await expectFilmFetchedOnce(page, await playerClient(page));
  });
});
