/**
 * Autoplay under Chromium's real policy (project chromium-real-policy in playwright.config.ts:
 * `--autoplay-policy=document-user-activation-required`, as a viewer arriving from another site
 * gets, instead of the suite's no-user-gesture-required).
 *
 * Each test has a browser context of its own: permission and activation must not carry over.
 * Playwright's evaluate and locator reads run with `userGesture: true`, which would let the page
 * autoplay, so a test touches neither the player nor the harness page (whose activation the
 * frame's `allow="autoplay"` delegates) until the player's own attempt is over. It learns that
 * from the harness server: the page's injected rstat4 relay beacons every stat there, and Node
 * polls `/__harness/stats` (plain HTTP, no browser involved).
 */
import type { Browser, FrameLocator, Page } from '@playwright/test';
import { expect, test, expectAdPlaysPast, expectPlaysPast, HARNESS_ORIGIN, PLAYER_ORIGIN } from './support';
import { VIEWPORT } from '../playwright.config';

interface Stat {
  event: string;
  payload: { result?: string; adId?: string; type?: string } | null;
}

/** The stats one player page sent, by its harness-client mark; from Node, not the browser. */
async function statsOf(client: string): Promise<Stat[]> {
  const response = await fetch(`${HARNESS_ORIGIN}/__harness/stats?mark=${encodeURIComponent(`harness-client=${client}`)}`);
  return (await response.json()) as Stat[];
}

/**
 * Waits for the player's `videoplayer_autoplay` outcome without touching the page. When none
 * comes, the failure says what the player shows (read then: the attempt is long over).
 */
async function autoplayOutcome(page: Page, client: string, timeout = 15_000): Promise<string> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const result = (await statsOf(client)).find((stat) => stat.event === 'videoplayer_autoplay')?.payload?.result;
    if (result !== undefined) return result;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const player = page.frames().find((frame) => frame.url().includes(`harness-client=${client}`)) ?? page.mainFrame();
  const shown = await player
    .evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('video.player__media');
      return { time: video?.currentTime, paused: video?.paused, muted: video?.muted, status: document.querySelector('[data-testid="player"]')?.getAttribute('data-status'), ad: document.querySelector('[data-testid="ad-overlay"]') !== null };
    })
    .catch((error: unknown) => String(error));
  throw new Error(`no videoplayer_autoplay stat from the player within ${timeout / 1000} s (read from the harness server); the player shows ${JSON.stringify(shown)}`);
}

let clients = 0;
const newClient = () => `real-policy-${process.pid}-${++clients}-${Date.now()}`;

/** A page in a context of its own. */
async function freshPage(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * After the attempt: Chromium refuses sound without activation, so the film plays muted with
 * 'Включить звук' over the picture, whose click unmutes it and it plays on.
 */
async function expectMutedThenUnmute(frame: FrameLocator | Page, outcome: string) {
  expect(outcome, 'Chromium refuses sound without a gesture: muted').toBe('muted');
  await expectPlaysPast(frame, 0.3);
  const video = frame.locator('video.player__media');
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
  // Over the picture: not the control bar's mute toggle (whose name is the same when muted).
  const unmute = frame.getByRole('button', { name: 'Включить звук', exact: true }).and(frame.locator(':not([data-testid="mute-toggle"])'));
  await expect(unmute).toBeVisible();
  await unmute.click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
  const at = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expectPlaysPast(frame, at + 0.3);
}

test.describe('autoplay under Chromium’s real policy (document-user-activation-required)', () => {
  test("the player page on its own, auto_play=1: the film plays muted behind 'Включить звук', whose click unmutes it", async ({ browser }) => {
    await freshPage(browser, async (page) => {
      const client = newClient();
      await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&auto_play=1&harness-client=${client}`);
      await expectMutedThenUnmute(page, await autoplayOutcome(page, client));
    });
  });

  test("embedded cross-origin in the harness, auto_play=1: the film plays muted, the harness status line says so, and the unmute works", async ({ browser }) => {
    await freshPage(browser, async (page) => {
      const client = newClient();
      const query = `movie_id=101&auto_play=1&harness-client=${client}`;
      await page.goto(`${HARNESS_ORIGIN}/?${new URLSearchParams({ scenario: 'film', embed: 'cross', query })}`);
      const outcome = await autoplayOutcome(page, client);
      await expect(page.getByTestId('status-autoplay')).toHaveText(`autoplay: ${outcome}`);
      await expectMutedThenUnmute(page.frameLocator('#player-frame'), outcome);
    });
  });

  test('advert=1&auto_play=1: the pre-roll plays, then the film by itself', async ({ browser }) => {
    await freshPage(browser, async (page) => {
      const client = newClient();
      await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&advert=1&auto_play=1&harness-client=${client}`);
      // The outcome comes with the ad's start (or with the film's, after it).
      expect(await autoplayOutcome(page, client, 20_000)).toBe('muted');
      await expect
        .poll(async () => (await statsOf(client)).filter((stat) => stat.payload?.type === 'preroll' && /^videoplayer_ad_(play|ended)$/.test(stat.event)).map((stat) => stat.event), {
          message: 'the pre-roll plays to its end',
          timeout: 15_000,
        })
        .toEqual(['videoplayer_ad_play', 'videoplayer_ad_ended']);
      await expectPlaysPast(page, 0.5);
    });
  });

  test('advert=1, one click: the pre-roll plays, then the film, with no second click', async ({ browser }) => {
    await freshPage(browser, async (page) => {
      await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&advert=1&harness-client=${newClient()}`);
      await page.locator('button.player__big-play').click();
      await expectAdPlaysPast(page, 1);
      // The film waits behind the ad: paused at its start (the click's unlock may play it for a few ms, for WebKit).
      expect(await page.locator('video.player__media').evaluate((video: HTMLVideoElement) => ({ paused: video.paused, start: video.currentTime < 0.1 }))).toEqual({ paused: true, start: true });
      await expectPlaysPast(page, 0.5, 20_000);
      expect(await page.locator('video.player__media').evaluate((video: HTMLVideoElement) => video.muted)).toBe(false);
    });
  });
});
