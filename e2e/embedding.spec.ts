/**
 * Embedding as a site does it: a page at a deep address on the site's own origin (the harness
 * origin here) pastes the documented embed code (harness/common/embed-code.ts).
 */
import { expect, test, clickControl, expectPlaysPast, firesWithin, HARNESS_ORIGIN } from './support';

test("a site page at a deep address, with the documented embed code: every share link carries that address, with t= when ticked; the share popup's five networks open in a new tab, and its time code reads h:mm:ss", async ({ page }) => {
  await page.goto('/films/kino-123?from=list');
  const frame = page.frameLocator('iframe');
  await expectPlaysPast(frame, 0.5);
  await clickControl(frame, frame.getByTestId('share-button'));
  const popup = frame.getByTestId('share-popup');
  await expect(popup.getByRole('heading', { name: 'Поделиться' })).toBeVisible();
  const address = `${HARNESS_ORIGIN}/films/kino-123?from=list`;
  await expect(popup.getByTestId('share-link')).toHaveValue(address);
  for (const network of ['vk', 'ok', 'telegram', 'whatsapp', 'x']) {
    const anchor = popup.getByTestId(`share-${network}`);
    await expect(anchor).toHaveAttribute('href', new RegExp(`^https://.*${encodeURIComponent(address).replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}`));
    await expect(anchor).toHaveAttribute('target', '_blank');
    await expect(anchor).toHaveAttribute('rel', /noopener/);
  }
  await popup.getByText('Поделиться с тайм кодом').click();
  await expect(popup.getByTestId('share-timecode')).toBeChecked();
  await expect(popup.getByTestId('share-time')).toHaveText(/^0:00:\d\d$/);
  await expect(popup.getByTestId('share-link')).toHaveValue(new RegExp(`^${address.replace(/[.?]/g, '\\$&')}&t=\\d+$`));
  await expect(popup.getByTestId('share-vk')).toHaveAttribute('href', /from%3Dlist%26t%3D\d+/);
});

test("a series' shared link names its episode and second: opened by the recipient through the plain embed code, S2E3 plays from 1:35", async ({ page, browser }) => {
  // The sender watches S2E3 (30 minutes in content 133) from 1:35 on a site page; its episode_id gives way to season and episode.
  await page.goto('/films/serial?movie_id=133&episode_id=13323&t=95');
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('title')).toHaveText('2 сезон, 3 серия. Серия 3 сезона 2');
  await clickControl(frame, frame.getByTestId('share-button'));
  const popup = frame.getByTestId('share-popup');
  await popup.getByText('Поделиться с тайм кодом').click();
  // The film plays on while the popup is open: from 1:35 to under 1:50, however slow the machine.
  await expect(popup.getByTestId('share-time')).toHaveText(/^0:01:(3[5-9]|4\d)$/);
  const link = await popup.getByTestId('share-link').inputValue();
  const [, second] = new RegExp(`^${HARNESS_ORIGIN.replace(/[.]/g, '\\.')}/films/serial\\?movie_id=133&season=2&episode=3&t=(9[5-9]|10\\d)$`).exec(link) ?? [];
  expect(second, link).toBeDefined();

  // The recipient: another browser, nothing saved, the link as it came.
  const recipient = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  try {
    const opened = await recipient.newPage();
    await opened.goto(link);
    const player = opened.frameLocator('iframe');
    await expect(player.getByTestId('title')).toHaveText('2 сезон, 3 серия. Серия 3 сезона 2');
    await expectPlaysPast(player, Number(second) + 0.5);
    await expect(player.getByTestId('resume-prompt')).toHaveCount(0);
  } finally {
    await recipient.close();
  }
});

interface SdkEvent {
  event: string;
  value: unknown;
}
type SitePage = Window & { filmPlayer: Promise<Record<string, (...args: unknown[]) => Promise<unknown>>>; filmPlayerEvents: SdkEvent[] };

/** Calls an SDK method on the site page's attached player. */
const sdk = (page: import('@playwright/test').Page, method: string, ...args: unknown[]) =>
  page.evaluate(async ([name, params]) => (await (window as unknown as SitePage).filmPlayer)[name as string]!(...(params as unknown[])), [method, args] as const);
const sdkEvents = (page: import('@playwright/test').Page, name: string) =>
  page.evaluate((event) => (window as unknown as SitePage).filmPlayerEvents.filter((entry) => entry.event === event).map((entry) => entry.value), name);

test('the host SDK drives the film: attach, play, timeupdate, setCurrentTime, seeked, ended; a sibling frame is not obeyed; a single-page address change reaches the share link', async ({ page }) => {
  await page.goto('/films/kino-7?sdk=1&auto_play=0');
  const frame = page.frameLocator('iframe[title="Видеоплеер"]');
  await sdk(page, 'play');
  await expect.poll(() => sdkEvents(page, 'play')).toHaveLength(1);
  await expect.poll(async () => (await sdkEvents(page, 'timeupdate')).length).toBeGreaterThan(0);
  const [update] = (await sdkEvents(page, 'timeupdate')) as Array<{ seconds: number; duration: number }>;
  // The media's own duration (30.00x s: its last segment's samples end a little past 30 s).
  expect(update).toMatchObject({ seconds: expect.any(Number), duration: expect.closeTo(30, 1) });

  // A sibling frame (not the parent) asking for a pause changes nothing.
  const playerOrigin = new URL((await page.locator('iframe[src]').first().getAttribute('src'))!).origin;
  await page.evaluate((origin) => {
    const sibling = document.createElement('iframe');
    document.body.append(sibling);
    // Run in the sibling, so the message's source is the sibling's window, not the parent's.
    (sibling.contentWindow as Window & { eval(code: string): void }).eval(
      `window.top.frames[0].postMessage(JSON.stringify({ context: 'player.js', version: '0.0.11', method: 'pause' }), ${JSON.stringify(origin)})`,
    );
  }, playerOrigin);
  expect(await firesWithin(frame.locator('video.player__media'), 'pause', 500)).toBe(false);

  // 2 s before the end of the 30 s film: what is proven is the seek and the end, not the 2 s between.
  await sdk(page, 'setCurrentTime', 28);
  await expect.poll(async () => (await sdkEvents(page, 'seeked')).length).toBeGreaterThan(0);
  expect(await sdk(page, 'getCurrentTime')).toBeGreaterThanOrEqual(28);
  // Polled every 250 ms: the default back-off reaches 1 s between reads while the film plays on.
  await expect.poll(() => sdkEvents(page, 'ended'), { timeout: 15_000, intervals: [250] }).toHaveLength(1);

  // The site changes its address without a reload: the SDK tells the player.
  await page.evaluate(() => history.pushState({}, '', '/films/kino-7/trailer?tab=2'));
  await clickControl(frame, frame.getByTestId('share-button'));
  await expect(frame.getByTestId('share-link')).toHaveValue(`${HARNESS_ORIGIN}/films/kino-7/trailer?tab=2`);
});

test('the host SDK on a series: setEpisode plays that episode, episodeChanged and getEpisode report it', async ({ page }) => {
  await page.goto('/films/serial?sdk=1&movie_id=102&auto_play=1');
  // The first episode plays. (Its own episodeChanged went out before the SDK's listener was added,
  // at ready: waiting for one meant waiting for S1E1's end, 10 s later.)
  await expect.poll(async () => (await sdkEvents(page, 'timeupdate')).length).toBeGreaterThan(0);
  await sdk(page, 'setEpisode', 10223);
  await expect.poll(async () => ((await sdkEvents(page, 'episodeChanged')) as Array<{ id: number }>).map((episode) => episode.id)).toContain(10223);
  await expect(page.frameLocator('iframe').getByTestId('title')).toHaveText('2 сезон, 3 серия. Серия 3 сезона 2');
  expect(await sdk(page, 'getEpisode')).toMatchObject({ id: 10223 });
});

test("the player.js library's own QUnit suite passes against two embedded films on the player origin", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/playerjs/suite');
  await page.waitForFunction(() => (window as unknown as { __qunit?: unknown }).__qunit !== undefined, undefined, { timeout: 110_000 });
  const result = await page.evaluate(() => (window as unknown as { __qunit: { failed: number; passed: number; total: number; failures: unknown[] } }).__qunit);
  expect(result.failures).toEqual([]);
  expect(result.failed).toBe(0);
  expect(result.passed).toBe(result.total);
  // Two players, each through every test its ready announced support for.
  expect(result.total).toBeGreaterThanOrEqual(30);
});
