/**
 * The first tap on a phone (issue 47): a viewer taps the play button the moment it is painted, on a
 * touch phone at 4× CPU under Chromium's real autoplay policy (this file runs in the
 * chromium-real-policy project). The page's shell (src/start/page-shell.ts) answers the tap before
 * the app exists; the film, or the pre-roll then the film, plays without a second tap.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test, expectAdPlaysPast, expectPlaysPast, injectFaults, PLAYER_ORIGIN } from './support';

/** A phone as the bench's first-tap section has it: 412×823, touch, 4× CPU. */
async function phone(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  try {
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await run(page);
  } finally {
    await context.close();
  }
}

/**
 * Taps the play button as soon as it is painted, where it is: the middle of the player (on a phone
 * the bar's play button takes its place once the first frame shows, which may be at that moment).
 */
async function tapPlayWhenPainted(page: Page) {
  await page.getByTestId('big-play').waitFor({ state: 'visible', timeout: 20_000 });
  const { width, height } = page.viewportSize()!;
  await page.touchscreen.tap(width / 2, height / 2);
}

test.describe('the first tap on a phone at 4× CPU', () => {
  test('on the play button the moment it shows: the film plays, with sound, without a second tap', async ({ browser }) => {
    await phone(browser, async (page) => {
      await page.goto(`${PLAYER_ORIGIN}/?movie_id=101`, { waitUntil: 'commit' });
      await tapPlayWhenPainted(page);
      // Feedback at once: the button gives way to the spinner or to the playing film.
      await expect(page.getByTestId('big-play')).toBeHidden({ timeout: 1000 });
      await expectPlaysPast(page, 0.5);
      expect(await page.locator('video.player__media').evaluate((video: HTMLVideoElement) => video.muted), 'the tap allowed sound').toBe(false);
    });
  });

  test('with a pre-roll: the tap starts the ad, then the film follows by itself', async ({ browser }) => {
    await phone(browser, async (page) => {
      await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&advert=1`, { waitUntil: 'commit' });
      await tapPlayWhenPainted(page);
      await expect(page.getByTestId('big-play')).toBeHidden({ timeout: 1000 });
      await expectAdPlaysPast(page, 1, 25_000);
      await expectPlaysPast(page, 0.5, 25_000);
    });
  });

  test("with a pre-roll and the app's code slow (3 s): the tap plays the ad from the page's start, badged; the app adopts it and sends its impression, then the film follows", async ({ browser }) => {
    await phone(browser, async (page) => {
      const client = `first-tap-slow-app-${Date.now()}`;
      await injectFaults(page, client, [{ target: 'app', action: { type: 'delay', ms: 3000 }, count: 1 }]);
      const pings: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/track/')) pings.push(url.pathname.slice('/track/'.length));
      });
      await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&advert=1&harness-client=${client}`, { waitUntil: 'commit' });
      await tapPlayWhenPainted(page);
      await expectAdPlaysPast(page, 1, 20_000);
      // Still the page's start: its shell, with the ad's badge, and no impression yet (only the app sends it).
      await expect(page.getByTestId('shell-ad-badge')).toHaveText('Реклама');
      expect(pings).toEqual([]);
      await expect.poll(() => ['impression', 'start'].filter((ping) => pings.includes(ping)), { timeout: 15_000 }).toEqual(['impression', 'start']);
      await expectPlaysPast(page, 0.5, 25_000);
      expect(pings, 'the ad was adopted where it was: no second start').toEqual(expect.arrayContaining(['complete']));
      expect(pings.filter((ping) => ping === 'start')).toHaveLength(1);
    });
  });
});
