/**
 * Fault survival (issue 10 §2), through the harness's per-client fault injection: for each
 * fault, what the viewer sees (a spinner, never a broken page), whether playback goes on or
 * recovers, and the analytics/error event sent. Segment 404/500 and a catalogue 503 are in
 * e2e/faults.spec.ts. A master playlist 404 is the one fatal fault here: the stream error shows.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test, clearFaults, clickControl, expectPlaysPast, injectFaults, loggedRequests, openHarness, videoTime } from './support';

interface Stat {
  event: string;
  payload: Record<string, unknown>;
}
const stats = (page: Page) => page.evaluate(() => (window as unknown as { __harnessStats?: Stat[] }).__harnessStats ?? []);
const errorsOf = async (page: Page) => (await stats(page)).filter((s) => s.event === 'videoplayer_error');

/** The requests of the player page of this harness client. */
const requestsOf = (page: Page, client: string) => loggedRequests(page, `harness-client=${client}`);

const spinner = (frame: FrameLocator) => frame.locator('.player__spinner[role="progressbar"]');
const noBrokenPage = async (frame: FrameLocator) => {
  await expect(frame.getByTestId('page-error')).toHaveCount(0);
  await expect(frame.getByTestId('player')).toBeVisible();
};

let client = '';
test.beforeEach(({}, testInfo) => {
  client = `rf-${testInfo.workerIndex}-${Date.now()}`;
});
test.afterEach(async ({ page }) => {
  await clearFaults(page, client);
});

test('segment time-out after a seek: the spinner shows while the segment hangs, a non-fatal fragLoadTimeOut is reported, playback recovers', async ({ page }) => {
  test.setTimeout(60_000);
  const frame = await openHarness(page, { query: `movie_id=131&auto_play=1&harness-client=${client}` });
  await expectPlaysPast(frame, 1);
  // Segments asked for in the next 8 s hang; a seek far ahead makes the player need one at once.
  await injectFaults(page, client, [{ target: 'segment', action: { type: 'timeout' }, count: null, forMs: 8000 }]);
  await frame.locator('video').evaluate((video: HTMLVideoElement) => {
    video.currentTime = 900;
  });
  await expect(spinner(frame)).toBeVisible();
  await noBrokenPage(frame);
  await expectPlaysPast(frame, 902, 40_000);
  await expect.poll(async () => (await errorsOf(page)).filter((s) => s.payload.details === 'fragLoadTimeOut').length).toBeGreaterThan(0);
  const timeouts = (await errorsOf(page)).filter((s) => s.payload.details === 'fragLoadTimeOut');
  expect(timeouts.every((s) => s.payload.fatal === false && s.payload.errorType === 'network')).toBe(true);
  expect((await requestsOf(page, client)).filter((entry) => entry.fault === 'segment: timeout').length).toBeGreaterThan(0);
  await expect(frame.getByTestId('stream-error')).toHaveCount(0);
});

test('segment connection resets: playback continues, no error screen, any error reported is a non-fatal fragLoadError', async ({ page }) => {
  await injectFaults(page, client, [{ target: 'segment', action: { type: 'reset' }, count: 3 }]);
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
  await expectPlaysPast(frame, 6);
  await noBrokenPage(frame);
  await expect(frame.getByTestId('stream-error')).toHaveCount(0);
  expect((await requestsOf(page, client)).filter((entry) => entry.fault === 'segment: reset')).toHaveLength(3);
  // Chromium retries a request whose reused connection was reset by itself, so hls.js sees a
  // reset only sometimes; when it does, it is a non-fatal fragLoadError, never a fatal error.
  const errors = await errorsOf(page);
  expect(errors.filter((s) => s.payload.fatal !== false)).toEqual([]);
  expect(errors.every((s) => s.payload.details === 'fragLoadError' && s.payload.errorType === 'network')).toBe(true);
});

test('all media dropped for 5 s mid-playback: playback goes on or resumes after the outage, errors (if any) non-fatal', async ({ page }) => {
  test.setTimeout(60_000);
  const frame = await openHarness(page, { query: `movie_id=131&auto_play=1&harness-client=${client}` });
  await expectPlaysPast(frame, 1);
  await injectFaults(page, client, [{ target: 'media', action: { type: 'reset' }, count: null, forMs: 5000 }]);
  const droppedAt = await videoTime(frame);
  // Every media request during the outage failed...
  await expect.poll(async () => (await requestsOf(page, client)).filter((entry) => entry.fault === 'media: reset').length, { timeout: 15_000 }).toBeGreaterThan(0);
  // ...and the film plays on past it: 5 s of outage, then more.
  await expectPlaysPast(frame, droppedAt + 8, 45_000);
  await noBrokenPage(frame);
  expect((await errorsOf(page)).filter((s) => s.payload.fatal === true)).toEqual([]);
});

test('300 kbps bandwidth on media: ABR settles below 720p and playback continues without a fatal error', async ({ page }) => {
  test.setTimeout(60_000);
  await injectFaults(page, client, [{ target: 'media', action: { type: 'throttle', kbps: 300 }, count: null }]);
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
  await expectPlaysPast(frame, 8, 45_000);
  await noBrokenPage(frame);
  const video = (await requestsOf(page, client)).map((entry) => entry.path).filter((path) => /\/video\/\d+p\/seg-\d+\.m4s/.test(path));
  // 720p (482 kbps) does not fit in 300 kbps: the last segments fetched are a lower rendition.
  expect(video.length).toBeGreaterThan(3);
  expect(video.slice(-2).every((path) => !path.includes('/720p/'))).toBe(true);
  expect((await requestsOf(page, client)).some((entry) => entry.fault === 'media: throttle 300kbps')).toBe(true);
  expect((await errorsOf(page)).filter((s) => s.payload.fatal === true)).toEqual([]);
});

test('VAST past its 5 s time-out: the ad spinner shows, the ad fails with 350, the film starts', async ({ page }) => {
  test.setTimeout(60_000);
  const warnings: string[] = [];
  page.on('console', (message) => warnings.push(message.text()));
  await injectFaults(page, client, [{ target: 'vast', action: { type: 'timeout' }, count: null }]);
  const adList = encodeURIComponent('/ads/list.json?set=non-skippable');
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&data-ad-list-url=${adList}&harness-client=${client}` });
  await expect(frame.locator('[role="progressbar"]').first()).toBeVisible();
  await expectPlaysPast(frame, 1, 30_000);
  await noBrokenPage(frame);
  expect(warnings.some((text) => text.includes('[ads] VAST error 350'))).toBe(true);
  expect((await requestsOf(page, client)).some((entry) => entry.fault === 'vast: timeout')).toBe(true);
  // No impression for an ad that never loaded.
  expect((await requestsOf(page, client)).filter((entry) => entry.path.startsWith('/track/impression'))).toEqual([]);
});

test('slow catalogue (4 s per call): Loading... shows, then the film plays; nothing reported as an error', async ({ page }) => {
  await injectFaults(page, client, [{ target: 'catalog', action: { type: 'delay', ms: 4000 }, count: null }]);
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
  await expect(frame.getByTestId('page-loading')).toHaveText('Loading...');
  await expectPlaysPast(frame, 1);
  await noBrokenPage(frame);
  expect((await requestsOf(page, client)).filter((entry) => entry.fault === 'catalog: delay 4000ms').length).toBeGreaterThanOrEqual(3);
  expect(await errorsOf(page)).toEqual([]);
});

test('a master playlist answered 404 is the fatal manifestLoadError: the stream error with its retry, reported', async ({ page }) => {
  await injectFaults(page, client, [{ target: 'playlist', action: { type: 'status', status: 404 }, count: null }]);
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
  const error = frame.getByTestId('stream-error');
  await expect(error).toHaveAttribute('data-detail', 'manifestLoadError');
  await expect(error).toContainText('Не удалось воспроизвести видео');
  await expect(error.getByRole('button', { name: 'Повторить' })).toBeVisible();
  await noBrokenPage(frame);
  await expect.poll(async () => (await errorsOf(page)).some((s) => s.payload.details === 'manifestLoadError' && s.payload.fatal === true)).toBe(true);
  expect((await requestsOf(page, client)).some((entry) => entry.fault === 'playlist: 404' && entry.path.endsWith('master.m3u8'))).toBe(true);
});

const option = (frame: FrameLocator, name: string) => frame.getByTestId('settings-menu').getByRole('menuitemradio', { name, exact: true });

test('a level, a subtitle and an alternate audio playlist answered 404: non-fatal errors, reported, and the film plays on', async ({ page }) => {
  await injectFaults(page, client, [
    { target: 'playlist', action: { type: 'status', status: 404 }, count: null, path: '/video/720p/' },
    { target: 'playlist', action: { type: 'status', status: 404 }, count: null, path: '/subs/' },
    { target: 'playlist', action: { type: 'status', status: 404 }, count: null, path: '/audio/en/' },
  ]);
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
  await expectPlaysPast(frame, 0.5);
  // The 720p rendition is dropped: another one plays.
  await expect.poll(async () => (await errorsOf(page)).filter((s) => s.payload.details === 'levelLoadError').length).toBeGreaterThan(0);
  expect(await frame.locator('video.player__media').evaluate((video: HTMLVideoElement) => video.videoHeight)).toBeLessThan(720);

  await clickControl(frame, frame.getByTestId('subtitles-button'));
  await option(frame, 'Русские').click();
  await expect.poll(async () => (await errorsOf(page)).filter((s) => s.payload.details === 'subtitleTrackLoadError').length, { timeout: 15_000 }).toBeGreaterThan(0);

  await clickControl(frame, frame.getByTestId('settings-button'));
  await frame.getByTestId('menu-row-audio').click();
  await option(frame, 'English (EN)').click();
  await expect(frame.getByTestId('menu-row-audio').locator('.menu__value')).toHaveText('English (EN)');
  await expect.poll(async () => (await errorsOf(page)).filter((s) => s.payload.details === 'audioTrackLoadError').length, { timeout: 15_000 }).toBeGreaterThan(0);

  const time = await videoTime(frame);
  await expectPlaysPast(frame, time + 2);
  // The viewer keeps the audio that played, and the subtitles are shown off.
  await expect(frame.getByTestId('subtitles-button')).toHaveAttribute('aria-pressed', 'false');
  // The settings menu is back on its main list after the choice.
  await expect(frame.getByTestId('menu-row-audio').locator('.menu__value')).toHaveText('Русский (RU)');
  await noBrokenPage(frame);
  await expect(frame.getByTestId('stream-error')).toHaveCount(0);
  const reported = (await errorsOf(page)).filter((s) => ['levelLoadError', 'subtitleTrackLoadError', 'audioTrackLoadError'].includes(String(s.payload.details)));
  expect(reported.every((s) => s.payload.fatal === false && s.payload.errorType === 'network')).toBe(true);
  const faulted = (await requestsOf(page, client)).filter((entry) => entry.fault?.startsWith('playlist /'));
  expect(faulted.some((entry) => entry.path.includes('/video/720p/'))).toBe(true);
  expect(faulted.some((entry) => entry.path.includes('/subs/ru/'))).toBe(true);
  expect(faulted.some((entry) => entry.path.includes('/audio/en/'))).toBe(true);
});
