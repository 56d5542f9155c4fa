/**
 * The harness's Engine tab and bug report (issue 26 items 4-5), as QA uses them: hls.js driven
 * through the harness probe (one test per embed), and a report exported then opened again.
 * The message handling, the report's shape and its validation are unit-tested
 * (harness/server/routes/harness-probe.test.ts, harness/app/bug-report.test.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Request } from '@playwright/test';
import { expect, test, expectPlaysPast, injectFaults, loggedRequests, messagesIn, openHarness, playerClient, videoTime } from './support';

const SEGMENT = /\/seg-\d+\.m4s(\?|$)/;

test.describe('harness Engine tab and bug report', () => {
  test('cross-origin embed: a level choice changes the picture height at once; Stop loading stops the segments while the buffer runs down, Start loading resumes them; Recover media error re-attaches the media at the playhead', async ({ page }) => {
    test.setTimeout(60_000);
    const frame = await openHarness(page, { scenario: 'film' });
    const mark = await playerClient(page);
    // Segments arrive at about three times real time (720p and audio are ~550 kbit/s), so the
    // buffer never holds the whole 30 s film and its running down can be watched.
    await injectFaults(page, mark.slice('harness-client='.length), [{ target: 'segment', action: { type: 'throttle', kbps: 1500 }, count: null }]);
    await expectPlaysPast(frame, 0.5);
    await page.getByTestId('tab-engine').click();

    const level = page.getByTestId('engine-level');
    const media = frame.locator('video.player__media');
    const height = () => media.evaluate((video: HTMLVideoElement) => video.videoHeight);
    await expect(level).toBeEnabled();
    // The choice flushes the 720p buffer under the playhead: the picture follows from the same
    // moment (0.12-0.18 s of media time here), not after a freeze on the last 720p frame while the
    // sound goes on (1.3 s to for good in Chromium without engine/switch-nudge.ts).
    // Both ends are read in the player's frame: the playhead as the choice reaches the engine
    // (the harness's message), and the first 240p frame's media time as it is presented. Read
    // from here, each would also count a busy CPU's round trips and a poll's interval.
    await media.evaluate((video: HTMLVideoElement) => {
      const page = window as { choiceAt?: number; firstLowFrameAt?: number };
      addEventListener('message', (event) => {
        if ((event.data as { op?: unknown } | null)?.op === 'engine-level') page.choiceAt ??= video.currentTime;
      });
      const watch = () => video.requestVideoFrameCallback((_, frame) => {
        if (frame.height === 240) page.firstLowFrameAt = frame.mediaTime;
        else watch();
      });
      watch();
    });
    await level.selectOption('0');
    await expect.poll(height, { timeout: 15_000 }).toBe(240);
    const { choiceAt, firstLowFrameAt } = await media.evaluate(() => {
      const { choiceAt, firstLowFrameAt } = window as { choiceAt?: number; firstLowFrameAt?: number };
      return { choiceAt: choiceAt ?? null, firstLowFrameAt: firstLowFrameAt ?? null };
    });
    expect(choiceAt, 'the choice reached the player').not.toBeNull();
    expect(firstLowFrameAt! - choiceAt!, 'media seconds from the choice to a 240p frame').toBeLessThan(1);
    await level.selectOption('2');
    await expect.poll(height, { timeout: 15_000 }).toBe(720);
    await expect(page.getByTestId('engine-level-state')).toContainText('manual');

    // Stop with a few seconds ahead, so the buffer has something to run down.
    const bar = page.getByTestId('engine-buffer-bar');
    const ahead = async () => Number((await bar.getAttribute('data-ahead')) || 0);
    await expect.poll(ahead, { timeout: 15_000 }).toBeGreaterThan(3);
    const segmentsAsked: string[] = [];
    const onRequest = (request: Request) => {
      if (SEGMENT.test(request.url())) segmentsAsked.push(request.url());
    };
    await page.getByTestId('engine-stop-load').click();
    await expect(page.getByTestId('engine-status')).toHaveText('Stop loading: done');
    page.on('request', onRequest);
    const stoppedAhead = await ahead();
    await expect.poll(ahead, { timeout: 10_000 }).toBeLessThan(stoppedAhead - 1.5);
    page.off('request', onRequest);
    expect(segmentsAsked, 'no segment asked for while loading is stopped').toEqual([]);

    const logged = (await loggedRequests(page, mark)).filter((entry) => SEGMENT.test(entry.path)).length;
    await page.getByTestId('engine-start-load').click();
    await expect(page.getByTestId('engine-status')).toHaveText('Start loading: done');
    // The Requests tab's log (the server's) has new segments, answered.
    await expect
      .poll(async () => (await loggedRequests(page, mark)).filter((entry) => SEGMENT.test(entry.path) && entry.status === 200).length, { timeout: 10_000 })
      .toBeGreaterThan(logged);
    await expect.poll(ahead, { timeout: 10_000 }).toBeGreaterThan(stoppedAhead);

    // Recovery re-attaches the element to a new MediaSource and loads again from the playhead
    // (whether the browser then plays on by itself is its own business, not the harness's).
    const before = await media.evaluate((video: HTMLVideoElement) => ({ src: video.currentSrc, time: video.currentTime }));
    await page.getByTestId('engine-recover').click();
    await expect(page.getByTestId('engine-status')).toHaveText('Recover media error: done');
    await expect.poll(() => media.evaluate((video: HTMLVideoElement) => video.currentSrc)).not.toBe(before.src);
    await expect.poll(() => media.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(await videoTime(frame)).toBeGreaterThanOrEqual(before.time - 0.5);
    await expect(frame.getByTestId('stream-error')).toHaveCount(0);
  });

  test('same-origin embed: the cap and config show; Export bug report saves the scenario, messages and engine trace, Open report shows them read-only, a wrong file is refused', async ({ page }, testInfo) => {
    const frame = await openHarness(page, { scenario: 'series', embed: 'same' });
    await expectPlaysPast(frame, 1);
    await expect(messagesIn(page).filter({ hasText: 'episodeChanged' }).first()).toBeAttached();

    await page.getByTestId('tab-engine').click();
    await expect(page.getByTestId('engine-cap')).toBeEnabled();
    await page.getByTestId('engine-cap').selectOption('0');
    await expect(page.getByTestId('engine-level-state')).toContainText('cap 0');
    await expect(page.getByTestId('engine-config')).toContainText('"backBufferLength": 30');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-report').click()]);
    const file = testInfo.outputPath('bug-report.json');
    await download.saveAs(file);
    const report = JSON.parse(await readFile(file, 'utf8')) as {
      format: string;
      link: string;
      scenario: { id: string; embed: string };
      messages: Array<{ data: unknown }>;
      requests: Array<{ path: string }>;
      engineTrace: Array<{ fact: string }>;
    };
    expect(report.format).toBe('film-player-harness-bug-report');
    expect(report.link).toContain('scenario=series');
    expect(report.scenario).toMatchObject({ id: 'series', embed: 'same' });
    expect(report.messages.some((m) => JSON.stringify(m.data).includes('episodeChanged'))).toBe(true);
    expect(report.requests.some((r) => r.path.includes('master.m3u8'))).toBe(true);
    expect(report.engineTrace.map((f) => f.fact)).toContain('playing');

    await page.getByTestId('open-report').setInputFiles(file);
    await expect(page.getByTestId('report-banner')).toContainText('Saved bug report, read-only');
    await expect(page.getByTestId('report-message-row')).toHaveCount(report.messages.length);
    await expect(page.getByTestId('report-message-row').filter({ hasText: 'episodeChanged' }).first()).toBeVisible();
    await page.getByTestId('report-tab-engineTrace').click();
    await expect(page.getByTestId('report-fact-row').filter({ hasText: 'playing' }).first()).toBeVisible();
    await page.getByTestId('report-close').click();
    await expect(page.getByTestId('report-viewer')).toHaveCount(0);

    await page.getByTestId('open-report').setInputFiles({ name: 'requests.json', mimeType: 'application/json', buffer: Buffer.from('[{"id":1}]') });
    await expect(page.getByTestId('report-error')).toHaveText('requests.json: Not a bug report: the file holds a list, not an object.');
    await expect(page.getByTestId('report-viewer')).toHaveCount(0);
  });
});
