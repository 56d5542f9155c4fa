/**
 * AES-128 streams (SPEC.md §7 "Keys are fetched as binary with a time-out from policy and no
 * retry"; §8 "key load error or timeout"). Content 140 is the film encrypted whole with AES-128
 * (fixtures/hls/film-aes, every video and audio playlist naming ../../key.bin); the harness serves
 * the key and its `key` fault target breaks it for one client.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test, clearFaults, clickControl, expectPlaysPast, injectFaults, loggedRequests, openHarness, requestsWithin, servedPaths } from './support';

const KEY = '/media/hls/film-aes/key.bin';
const PLAYBACK_ERROR = 'Не удалось воспроизвести видео';
/** The key policy's time to first byte (src/engine/hls-engine.ts KEY_LOAD_POLICY.default.maxTimeToFirstByteMs). */
const KEY_TIMEOUT_MS = 8_000;

interface Stat {
  event: string;
  payload: Record<string, unknown>;
}
/** rstat4 events the harness page received (through the cross-origin relay). */
const stats = (page: Page) => page.evaluate(() => (window as unknown as { __harnessStats?: Stat[] }).__harnessStats ?? []);
const keyErrors = async (page: Page) => (await stats(page)).filter((s) => s.event === 'videoplayer_error' && String(s.payload.details).startsWith('key'));

/** This client's requests for the key, from the harness request log. */
const keyRequests = async (page: Page, client: string) => (await loggedRequests(page, `harness-client=${client}`)).filter((entry) => entry.path === KEY);

const option = (frame: FrameLocator, name: string) => frame.getByTestId('settings-menu').getByRole('menuitemradio', { name, exact: true });

/** The stream error with its retry, naming this hls.js detail. */
async function expectStreamError(frame: FrameLocator, detail: string, timeout?: number) {
  const error = frame.getByTestId('stream-error');
  await expect(error).toHaveAttribute('data-detail', detail, { timeout });
  await expect(error).toContainText(PLAYBACK_ERROR);
  await expect(error.getByRole('button', { name: 'Повторить' })).toBeVisible();
}

let client = '';
test.beforeEach(({}, testInfo) => {
  client = `aes-${testInfo.workerIndex}-${Date.now()}`;
});
test.afterEach(async ({ page }) => {
  await clearFaults(page, client);
});

test('140: the AES-128 film decrypts and plays past 3 s with its audio, and its subtitles show', async ({ page }) => {
  const frame = await openHarness(page, { query: `movie_id=140&auto_play=1&harness-client=${client}` });
  await expect(frame.getByTestId('title')).toContainText('Испытательная таблица (AES-128)');
  await expectPlaysPast(frame, 0.5);

  // Subtitles, chosen in the UI: a cue of the clear WebVTT track shows over the decrypted video.
  await clickControl(frame, frame.getByTestId('subtitles-button'));
  await expect(frame.getByTestId('settings-menu')).toHaveAttribute('data-menu', 'subs');
  await option(frame, 'Русские').click();
  await expect(frame.getByTestId('captions')).toHaveText(/^Субтитры RU \d:\d\d:\d\d$/);

  await expectPlaysPast(frame, 3);
  // Audio: the default track is active, its encrypted segments came, and they reach the decoder.
  await clickControl(frame, frame.getByTestId('settings-button'));
  await expect(frame.getByTestId('menu-row-audio').locator('.menu__value')).toHaveText('Русский (RU)');
  await expect.poll(() => frame.locator('video').evaluate((video) => (video as HTMLVideoElement & { webkitAudioDecodedByteCount: number }).webkitAudioDecodedByteCount)).toBeGreaterThan(0);
  const served = await servedPaths(page, `harness-client=${client}`);
  expect(served).toContain('200 /media/hls/film-aes/audio/ru/seg-000.ts');
  // One key for every playlist, fetched once.
  expect(served.filter((line) => line.endsWith(KEY))).toEqual([`200 ${KEY}`]);
  await expect(frame.getByTestId('stream-error')).toHaveCount(0);
});

test("a key answered 500 is asked for at most once per stream, not retried, and gives the key load error with a retry; after 'Повторить', a key held past the policy's time-out gives the key time-out", async ({ page, clockPage: own }) => {
  // The key policy's 8 s are jumped by the page's clock (the worker's clock page, support.ts).
  await injectFaults(page, client, [{ target: 'key', action: { type: 'status', status: 500 }, count: null }]);
  const frame = await openHarness(own, { query: `movie_id=140&auto_play=1&harness-client=${client}` });
  await expectStreamError(frame, 'keyLoadError');
  // No retry: no further key request (a switch to the other rendition would ask at once)...
  expect(await requestsWithin(own, (url) => new URL(url).pathname === KEY, 1000)).toBe(false);
  // ...and the harness saw one request from each stream at most. The video and the audio
  // playlists name the same key: a stream whose first segment asks for it while the other's request
  // is under way shares that request (the usual case); one that asks after it failed sends its own
  // (seen once in a clean-clone run). Neither stream asks twice.
  const asked = (await keyRequests(page, client)).map((entry) => [entry.status, entry.fault]);
  expect(asked.length).toBeGreaterThanOrEqual(1);
  expect(asked.length).toBeLessThanOrEqual(2);
  expect(asked.every(([status, fault]) => status === 500 && fault === 'key: 500')).toBe(true);
  // Reported as the fatal stream error it is. (The video and the audio stream each report the
  // one failed request, so there may be two events: both the key load error.)
  await expect.poll(async () => (await keyErrors(own)).some((s) => s.payload.fatal === true)).toBe(true);
  let reported = (await keyErrors(own)).map((s) => s.payload);
  expect(reported.find((payload) => payload.fatal === true)).toMatchObject({ contentId: 140, details: 'keyLoadError', errorType: 'network', responseCode: 500 });
  expect(reported.every((payload) => payload.details === 'keyLoadError')).toBe(true);

  // The retry loads the stream again, and now the key is held: the player gives up at the
  // policy's time-out, not before.
  await injectFaults(page, client, [{ target: 'key', action: { type: 'timeout' }, count: null }]);
  const earlier = reported.length;
  // Held requests reach the harness's log only once abandoned: the page's own are counted here.
  let keyTries = 0;
  own.on('request', (request) => {
    if (new URL(request.url()).pathname === KEY) keyTries++;
  });
  const keyAsked = own.waitForRequest((request) => new URL(request.url()).pathname === KEY);
  await frame.getByTestId('stream-error').getByRole('button', { name: 'Повторить' }).click();
  await keyAsked;
  const error = frame.getByTestId('stream-error');
  await expect(error).toHaveCount(0);
  await own.clock.fastForward(KEY_TIMEOUT_MS - 2_000);
  // A shorter time-out would have fired in that jump: its error would show at once.
  const early = await error.waitFor({ state: 'attached', timeout: 500 }).then(
    () => true,
    () => false,
  );
  expect(early, 'the key time-out came before the policy time').toBe(false);
  await own.clock.fastForward(3_000);
  await expectStreamError(frame, 'keyLoadTimeOut');
  await expect.poll(async () => (await keyErrors(own)).slice(earlier).some((s) => s.payload.fatal === true)).toBe(true);
  reported = (await keyErrors(own)).slice(earlier).map((s) => s.payload);
  expect(reported.find((payload) => payload.fatal === true)).toMatchObject({ contentId: 140, details: 'keyLoadTimeOut', errorType: 'network' });
  expect(reported.every((payload) => payload.details === 'keyLoadTimeOut')).toBe(true);
  // One request, held by the harness and abandoned by the player at its time-out: not retried.
  const held = async () => (await keyRequests(page, client)).filter((entry) => entry.fault === 'key: timeout');
  await expect.poll(async () => (await held()).length).toBe(1);
  expect((await held())[0]).toMatchObject({ aborted: true, status: 0 });
  expect(keyTries).toBe(1);
});
