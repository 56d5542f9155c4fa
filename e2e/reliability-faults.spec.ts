/**
 * Fault survival (issue 10 §2), through the harness's per-client fault injection: for each
 * fault, what the viewer sees (a spinner, never a broken page), whether playback goes on or
 * recovers, and the analytics/error event sent. Segment 404/500 and a catalogue 503 are in
 * e2e/faults.spec.ts. A master playlist 404 is the one fatal fault here: the stream error shows.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test, clearFaults, clickControl, expectAdPlaysPast, expectPlaysPast, injectFaults, loggedRequests, openHarness, videoTime, HARNESS_ORIGIN, pastSegmentOf } from './support';
import { chromium } from '@playwright/test';
import { VIEWPORT } from '../playwright.config';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium';
import { AD_MEDIA_TIMEOUT_MS, VAST_LOAD_TIMEOUT_MS } from '../src/lib/constants';

interface Stat {
  event: string;
  payload: Record<string, unknown>;
}
const stats = (page: Page) => page.evaluate(() => (window as unknown as { __harnessStats?: Stat[] }).__harnessStats ?? []);
const errorsOf = async (page: Page) => (await stats(page)).filter((s) => s.event === 'videoplayer_error');
/**
 * The errors besides the picture's stalls: on a busy CPU a starved decoder makes the picture wait
 * (a non-fatal bufferStalledError) whatever the fault, so a test of one fault reads these.
 */
const errorsBesidesStallsOf = async (page: Page) => (await errorsOf(page)).filter((s) => s.payload.details !== 'bufferStalledError');

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

test('segment time-out after a seek: the spinner shows while the segment hangs, a non-fatal fragLoadTimeOut is reported, playback recovers', async ({ page, clockPage: own }) => {
  test.setTimeout(60_000);
  // hls.js gives a segment 10 s to its first byte (fragLoadPolicy): the page's clock jumps over
  // that wait (the worker's clock page, support.ts).
  const frame = await openHarness(own, { query: `movie_id=131&auto_play=1&harness-client=${client}` });
  await expectPlaysPast(frame, 1);
  // Every segment asked for from now on hangs; a seek far ahead makes the player need one at once.
  await injectFaults(page, client, [{ target: 'segment', action: { type: 'timeout' }, count: null }]);
  await frame.locator('video').evaluate((video: HTMLVideoElement) => {
    video.currentTime = 900;
  });
  await expect(spinner(frame)).toBeVisible();
  await noBrokenPage(frame);
  const timeOuts = async () => (await errorsOf(own)).filter((s) => s.payload.details === 'fragLoadTimeOut');
  // Jumps of 5 s, each after the page has run what the last one let through, until the time-out is reported.
  await expect
    .poll(
      async () => {
        const count = (await timeOuts()).length;
        if (count === 0) await own.clock.fastForward(5_000);
        return count;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBeGreaterThan(0);
  // The segments answer again. The retry already sent hangs until its own time-out; the next loads.
  await clearFaults(page, client);
  await expect
    .poll(
      async () => {
        const time = await videoTime(frame);
        if (time <= 900.5) await own.clock.fastForward(5_000);
        return time;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBeGreaterThan(900.5);
  await expectPlaysPast(frame, 901);
  expect((await timeOuts()).every((s) => s.payload.fatal === false && s.payload.errorType === 'network')).toBe(true);
  expect((await requestsOf(page, client)).filter((entry) => entry.fault === 'segment: timeout').length).toBeGreaterThan(0);
  await expect(frame.getByTestId('stream-error')).toHaveCount(0);
});

test('segment connection resets: each reset segment is served on a retry, playback continues, no error screen, any error reported is a non-fatal fragLoadError', async ({ page }) => {
  await injectFaults(page, client, [{ target: 'segment', action: { type: 'reset' }, count: 3 }]);
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
  // The first three segment requests are reset (at start-up): the film plays past the last of them.
  const resets = async () => (await requestsOf(page, client)).filter((entry) => entry.fault === 'segment: reset');
  await expect.poll(async () => (await resets()).length).toBe(3);
  await expectPlaysPast(frame, Math.max(...(await resets()).map((entry) => pastSegmentOf(entry.path))));
  await noBrokenPage(frame);
  await expect(frame.getByTestId('stream-error')).toHaveCount(0);
  expect(await resets()).toHaveLength(3);
  // Chromium retries a request whose reused connection was reset by itself, so hls.js sees a
  // reset only sometimes. Either way each reset segment was asked for again and served whole (in
  // any rendition: ABR may have switched meanwhile)...
  const log = await requestsOf(page, client);
  const segment = (path: string) => path.replace(/\/video\/\w+\//, '/video/*/');
  for (const reset of await resets()) {
    const again = log.filter((entry) => entry.id > reset.id && segment(entry.path) === segment(reset.path) && entry.status === 200 && !entry.fault);
    expect(again.length, `${reset.path} served after its reset`).toBeGreaterThan(0);
  }
  // ...and hls.js reported at most one non-fatal fragLoadError per reset, nothing else besides the
  // picture's stalls, and nothing fatal.
  expect((await errorsOf(page)).filter((s) => s.payload.fatal !== false)).toEqual([]);
  const reported = (await errorsBesidesStallsOf(page)).map((s) => `${s.payload.errorType} ${s.payload.details}`);
  expect(reported.length).toBeLessThanOrEqual(3);
  expect(reported.filter((kind) => kind !== 'network fragLoadError')).toEqual([]);
});

test('all media dropped mid-playback until the buffer runs dry: the spinner shows, then playback resumes past where the buffer ended, errors (if any) non-fatal', async ({ page }) => {
  test.setTimeout(60_000);
  // Film 131 is one muxed TS stream: a single fragment loader, one segment at a time.
  const frame = await openHarness(page, { query: `movie_id=131&auto_play=1&harness-client=${client}` });
  await expectPlaysPast(frame, 1);
  const video = frame.locator('video.player__media');
  await injectFaults(page, client, [{ target: 'media', action: { type: 'reset' }, count: null }]);
  // hls.js holds up to 30 s ahead: an outage shorter than that would never reach the picture. A
  // seek to 1 s before the end of what is buffered leaves the player 1 s of it, and makes it ask
  // for the next segment at once.
  await video.evaluate((media: HTMLVideoElement) => {
    const at = media.currentTime;
    const range = [...Array(media.buffered.length).keys()].find((i) => media.buffered.start(i) <= at && at <= media.buffered.end(i));
    if (range === undefined) throw new Error(`nothing buffered at ${at}`);
    media.currentTime = Math.max(at, media.buffered.end(range) - 1);
  });
  // That request failed. hls.js loads one segment after the other, so once one has failed no load
  // is under way that could still add to the buffer: where it ends now is where it stays while
  // the media are down.
  const faulted = async () => (await requestsOf(page, client)).filter((entry) => entry.fault === 'media: reset');
  await expect.poll(async () => (await faulted()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const bufferEnd = await video.evaluate((media: HTMLVideoElement) => Math.max(0, ...[...Array(media.buffered.length).keys()].map((i) => media.buffered.end(i))));
  // The picture runs dry at that end and waits there, with the spinner...
  await expect
    .poll(() => video.evaluate((media: HTMLVideoElement, end) => media.readyState < HTMLMediaElement.HAVE_FUTURE_DATA && media.currentTime >= end - 0.5, bufferEnd), { timeout: 15_000 })
    .toBe(true);
  await expect(spinner(frame)).toBeVisible();
  // (The media's time and its buffered end differ by part of a frame.)
  expect(await videoTime(frame)).toBeLessThan(bufferEnd + 0.1);
  // ...until the media answer again: hls.js's next retry loads, and the film plays past the point
  // no data reached while they were down.
  await clearFaults(page, client);
  await expectPlaysPast(frame, bufferEnd + 1, 45_000);
  await noBrokenPage(frame);
  await expect(frame.getByTestId('stream-error')).toHaveCount(0);
  expect((await errorsOf(page)).filter((s) => s.payload.fatal === true)).toEqual([]);
});

test('300 kbps bandwidth on media: ABR settles below 720p and playback continues without a fatal error', async ({ page }) => {
  test.setTimeout(60_000);
  await injectFaults(page, client, [{ target: 'media', action: { type: 'throttle', kbps: 300 }, count: null }]);
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
  // 720p (482 kbps) does not fit in 300 kbps: once four video segments have come, the last two are
  // a lower rendition. (A throttled segment is logged when its last byte has gone.)
  const videoSegments = async () => (await requestsOf(page, client)).map((entry) => entry.path).filter((path) => /\/video\/\d+p\/seg-\d+\.m4s/.test(path));
  await expect
    .poll(async () => {
      const video = await videoSegments();
      return video.length > 3 && video.slice(-2).every((path) => !path.includes('/720p/'));
    }, { timeout: 40_000 })
    .toBe(true);
  // ...and the film plays on.
  await expectPlaysPast(frame, Math.max(await videoTime(frame), 2) + 1, 30_000);
  await noBrokenPage(frame);
  expect((await requestsOf(page, client)).some((entry) => entry.fault === 'media: throttle 300kbps')).toBe(true);
  expect((await errorsOf(page)).filter((s) => s.payload.fatal === true)).toEqual([]);
});

test('VAST past its 5 s time-out: the ad spinner shows, the ad fails with 350, the film starts', async ({ page, clockPage: own }) => {
  test.setTimeout(60_000);
  // The page's clock jumps over the time-out (the worker's clock page, support.ts).
  const warnings: string[] = [];
  own.on('console', (message) => warnings.push(message.text()));
  await injectFaults(page, client, [{ target: 'vast', action: { type: 'timeout' }, count: null }]);
  const vastAsked = own.waitForRequest((request) => /^\/(ads\/vast|vast)\//.test(new URL(request.url()).pathname));
  const adList = encodeURIComponent('/ads/list.json?set=non-skippable');
  const frame = await openHarness(own, { query: `movie_id=101&auto_play=1&data-ad-list-url=${adList}&harness-client=${client}` });
  await vastAsked;
  await expect(frame.locator('[role="progressbar"]').first()).toBeVisible();
  // The time-out's timer was set before the request went out: a jump of its length fires it.
  await own.clock.fastForward(VAST_LOAD_TIMEOUT_MS);
  await expectPlaysPast(frame, 1, 30_000);
  await noBrokenPage(frame);
  expect(warnings.some((text) => text.includes('[ads] VAST error 350'))).toBe(true);
  // The held request is logged once the player has given it up.
  await expect.poll(async () => (await requestsOf(page, client)).some((entry) => entry.fault === 'vast: timeout')).toBe(true);
  // No impression for an ad that never loaded.
  expect((await requestsOf(page, client)).filter((entry) => entry.path.startsWith('/track/impression'))).toEqual([]);
});

test('an ad frozen mid-way (its media stops after 40 KB, the connection held): VAST 402 a media time-out after its last progress, and the film plays', async ({ page }) => {
  await injectFaults(page, client, [{ target: 'media', path: '/ads/', action: { type: 'stall', afterBytes: 40_000 }, count: null }]);
  const adList = encodeURIComponent('/ads/list.json?set=non-skippable');
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&data-ad-list-url=${adList}&harness-client=${client}` });
  // The page's own clock: when the ad's time last moved, and when the 402 ping went out.
  await frame.locator('video.ad-overlay__media').evaluate((video: HTMLVideoElement) => {
    const seen = { lastProgressAt: 0, time: 0, errorAt: null as number | null };
    (window as unknown as { adFreeze: typeof seen }).adFreeze = seen;
    video.addEventListener('timeupdate', () => {
      if (video.currentTime <= seen.time) return;
      seen.time = video.currentTime;
      seen.lastProgressAt = performance.now();
    });
    new PerformanceObserver((list) => {
      const ping = list.getEntries().find((entry) => entry.name.includes('/track/error?ad=non-skippable&code=402'));
      if (ping && seen.errorAt === null) seen.errorAt = ping.startTime;
    }).observe({ type: 'resource', buffered: true });
  });
  await expectAdPlaysPast(frame, 0.5);
  const freeze = () => frame.locator('body').evaluate(() => (window as unknown as { adFreeze: { lastProgressAt: number; time: number; errorAt: number | null } }).adFreeze);
  await expect.poll(async () => (await freeze()).errorAt, { timeout: AD_MEDIA_TIMEOUT_MS + 10_000 }).not.toBeNull();
  const { lastProgressAt, time, errorAt } = await freeze();
  // Frozen mid-way (Chromium plays the 5 s ad's first 32 KB, about 2.7 s), and failed a time-out after that, not before.
  expect(time).toBeGreaterThan(0.5);
  expect(time).toBeLessThan(4.5);
  expect(errorAt! - lastProgressAt).toBeGreaterThanOrEqual(AD_MEDIA_TIMEOUT_MS - 100);
  expect(errorAt! - lastProgressAt).toBeLessThan(AD_MEDIA_TIMEOUT_MS + 2000);
  await expectPlaysPast(frame, 1);
  await expect(frame.getByTestId('ad-overlay')).toHaveCount(0);
  await noBrokenPage(frame);
  const pings = (await requestsOf(page, client)).map((entry) => entry.path).filter((path) => path.startsWith('/track/'));
  expect(pings.filter((path) => /^\/track\/(start|complete|error)/.test(path))).toEqual(['/track/start?ad=non-skippable', '/track/error?ad=non-skippable&code=402']);
  // The held media request is logged once the player has let it go.
  await expect.poll(async () => (await requestsOf(page, client)).some((entry) => entry.path.startsWith('/media/ads/') && entry.fault === 'media /ads/: stall after 40000 B')).toBe(true);
});

test('slow catalogue (3 s per call): Loading... shows, then the film plays; nothing reported as an error', async ({ page }) => {
  // The loading screen shows once the answers are APP_ANSWERS_LIMIT_MS (1 s) late: 2 s of it here.
  await injectFaults(page, client, [{ target: 'catalog', action: { type: 'delay', ms: 3000 }, count: null }]);
  // Recorded in the player's page from its start: on a busy CPU the app's own evaluation can take
  // most of those 2 s, leaving the screen up for less than a check from here needs to see it.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { loadingSeen: string[] }).loadingSeen = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="page-loading"]')?.textContent;
      if (text && !seen.includes(text)) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
  await expectPlaysPast(frame, 1);
  expect(await frame.locator('body').evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual(['Loading...']);
  await noBrokenPage(frame);
  expect((await requestsOf(page, client)).filter((entry) => entry.fault === 'catalog: delay 3000ms').length).toBeGreaterThanOrEqual(3);
  expect(await errorsBesidesStallsOf(page)).toEqual([]);
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
  // The choice shows 'English (EN)' only until its playlist fails, which on loopback can be at once.
  await expect.poll(async () => (await errorsOf(page)).filter((s) => s.payload.details === 'audioTrackLoadError').length, { timeout: 15_000 }).toBeGreaterThan(0);

  const time = await videoTime(frame);
  await expectPlaysPast(frame, time + 1);
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

test('a master playlist that never answers is the fatal manifestLoadTimeOut after three tries of 20 s: the stream error with its retry, reported', async ({ page, clockPage: own }) => {
  // hls.js's manifest policy gives each try 20 s: the page's clock jumps over them (the worker's
  // clock page, support.ts). Without autoplay no start watchdog runs.
  await injectFaults(page, client, [{ target: 'playlist', path: 'master.m3u8', action: { type: 'timeout' }, count: null }]);
  // Held requests never reach the harness's log (it writes an entry as the answer ends): counted here.
  let masterTries = 0;
  own.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/film/master.m3u8')) masterTries++;
  });
  const frame = await openHarness(own, { autoPlay: false, query: `movie_id=101&auto_play=0&harness-client=${client}` });
  const error = frame.getByTestId('stream-error');
  // Jumps of 10 s (half a try), each after the page has run what the last one let through, until the error shows.
  await expect
    .poll(
      async () => {
        if ((await error.count()) === 0) await own.clock.fastForward(10_000);
        return error.getAttribute('data-detail', { timeout: 100 }).catch(() => null);
      },
      { timeout: 40_000, intervals: [200] },
    )
    .toBe('manifestLoadTimeOut');
  // The page's early fetch is the first try; hls.js's two retries after a time-out go through the network.
  expect(masterTries).toBe(3);
  await expect(error.getByRole('button', { name: 'Повторить' })).toBeVisible();
  await noBrokenPage(frame);
  await expect.poll(async () => (await errorsOf(own)).some((s) => s.payload.details === 'manifestLoadTimeOut' && s.payload.fatal === true)).toBe(true);
});

test('a SourceBuffer full for the browser (its video quota cut to 1 MB) is the non-fatal bufferFullError: reported, and the film plays on', async ({ page }) => {
  // Chromium's own switch lowers the quota its Media Source keeps per video buffer (about 150 MB
  // otherwise, far above what hls.js asks to buffer): a browser of its own.
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--mse-video-buffer-size-limit-mb=1'] });
  try {
    const own = await browser.newPage({ baseURL: HARNESS_ORIGIN, viewport: VIEWPORT });
    const frame = await openHarness(own, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
    await expect.poll(async () => (await errorsOf(own)).filter((s) => s.payload.details === 'bufferFullError').length, { timeout: 20_000 }).toBeGreaterThan(0);
    const time = await videoTime(frame);
    await expectPlaysPast(frame, time + 1);
    await noBrokenPage(frame);
    await expect(frame.getByTestId('stream-error')).toHaveCount(0);
    const full = (await errorsOf(own)).filter((s) => s.payload.details === 'bufferFullError');
    expect(full.every((s) => s.payload.fatal === false && s.payload.errorType === 'media')).toBe(true);
  } finally {
    await browser.close();
  }
});

test('video init segments the browser cannot parse (their mvex box renamed): each append failure reported, then the stream error with its retry', async ({ page }) => {
  // Chromium's Media Source refuses a moov without mvex (an unfragmented MP4); hls.js passes fMP4
  // through without reading that box, so the error is the browser's own at the append.
  await page.context().route(/\/media\/hls\/film\/video\/\w+\/init\.mp4/, async (route) => {
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    const at = body.indexOf('mvex');
    expect(at).toBeGreaterThan(0);
    body.write('free', at, 'latin1');
    await route.fulfill({ response, body });
  });
  const frame = await openHarness(page, { query: `movie_id=101&auto_play=1&harness-client=${client}` });
  // hls.js retries the append, the engine recovers the media (SPEC.md §8's media recovery), then
  // the stream error shows. Measured over 5 runs: 13–17 reports in 3–20 s, each append failure a
  // non-fatal bufferAppendingError, the end a fatal bufferAppendError or mediaSourceRequiresReset.
  const error = frame.getByTestId('stream-error');
  await expect(error).toBeVisible({ timeout: 30_000 });
  await expect(error.getByRole('button', { name: 'Повторить' })).toBeVisible();
  await noBrokenPage(frame);
  // The reports reach the harness after the screen: waited on.
  await expect.poll(async () => (await errorsOf(page)).some((s) => s.payload.fatal === true)).toBe(true);
  const reported = await errorsOf(page);
  expect(reported.some((s) => s.payload.details === 'bufferAppendingError' && s.payload.fatal === false)).toBe(true);
  // Twice in 12 runs (on a loaded machine) a report of another type came too: only the media's own are checked.
  expect(reported.filter((s) => String(s.payload.details).startsWith('buffer') || s.payload.fatal === true).every((s) => s.payload.errorType === 'media')).toBe(true);
});
