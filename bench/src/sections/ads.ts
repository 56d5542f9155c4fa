/**
 * Pre-roll: first play (a click on the player, after it has loaded what it wanted to) → first
 * frame of the ad, and ad end → content frames advancing again. The ad ends at the first of
 * `ended`, `pause` or `emptied` on the ad's <video> (a player may stop its ad just before the
 * natural end, or tear the element down, instead of letting it fire `ended`).
 * Observable facts only: the content is the <video> playing a blob: (MSE) source; the ad is any
 * other <video> that presents frames. When no ad plays, the figures are null with the reason.
 */
import type { Page } from '@playwright/test';
import { AD_SRC, CONTENT_SRC, navigate, openSession, VIEWPORT, waitEvent, waitStart, type Bench } from '../browser';

export interface AdSample {
  playToAdFrameMs: number | null;
  adEndToContentMs: number | null;
  /** Which event ended the ad. */
  adEndEvent?: string;
  /** Set when the sample has no figure. */
  reason?: string;
}

/**
 * The viewer's first play: once the network is idle (the page has fetched what it wanted to), a
 * click in the middle of the page. Its event time, or null when it did not reach the page.
 */
async function clickWhenIdle(page: Page): Promise<number | null> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.mouse.click(VIEWPORT.width / 2, VIEWPORT.height / 2);
  return page.evaluate(() => window.__bench!.marks.first_click ?? window.__bench!.marks.first_pointerdown ?? null);
}

/** The floor page: the same creative in a bare <video>, preloaded, played by a click. */
export const AD_FLOOR_URL = '/bench/pages/ad-floor.html';

/**
 * The browser's own part of the first ad frame: click → first advancing frame of a bare <video>
 * holding the pre-roll's creative, loaded in advance as the player loads its ad.
 */
export async function measureAdFloorOnce(bench: Bench): Promise<number | null> {
  const session = await openSession(bench);
  const { page } = session;
  try {
    await navigate(page, AD_FLOOR_URL);
    if (!(await waitEvent(page, { type: 'loadeddata', timeoutMs: 20_000 }))) return null;
    const clickAt = await clickWhenIdle(page);
    if (clickAt === null) return null;
    const start = await waitStart(page, { after: clickAt, timeoutMs: 8_000 });
    return start ? start.t - clickAt : null;
  } finally {
    await session.close();
  }
}

export async function measureAdOnce(bench: Bench, url: string): Promise<AdSample> {
  const session = await openSession(bench);
  const { page } = session;
  try {
    await navigate(page, url);
    const ready = await waitEvent(page, { type: 'loadeddata', srcPattern: CONTENT_SRC, timeoutMs: 20_000 });
    if (!ready) return { playToAdFrameMs: null, adEndToContentMs: null, reason: 'the content never loaded (no loadeddata on a blob: <video> in 20 s)' };
    const clickAt = await clickWhenIdle(page);
    if (clickAt === null) return { playToAdFrameMs: null, adEndToContentMs: null, reason: 'the click did not reach the page' };

    const ad = await waitStart(page, { after: clickAt, srcPattern: AD_SRC, timeoutMs: 8_000 });
    if (!ad) {
      const content = await waitStart(page, { after: clickAt, srcPattern: CONTENT_SRC, timeoutMs: 1 });
      return {
        playToAdFrameMs: null,
        adEndToContentMs: null,
        reason: content
          ? 'no pre-roll: after the first play no second <video> presented a frame; the content started instead'
          : 'nothing presented a frame within 8 s after the first play',
      };
    }
    const playToAdFrameMs = ad.t - clickAt;
    const ended = await waitEvent(page, { type: ['ended', 'pause', 'emptied'], video: ad.video, after: ad.t, timeoutMs: 20_000 });
    if (!ended) return { playToAdFrameMs, adEndToContentMs: null, reason: 'the ad <video> neither ended, paused nor emptied within 20 s' };
    const content = await waitStart(page, { after: ended.t, srcPattern: CONTENT_SRC, timeoutMs: 8_000 });
    if (!content) return { playToAdFrameMs, adEndToContentMs: null, adEndEvent: ended.type, reason: 'the content did not play within 8 s after the ad ended' };
    return { playToAdFrameMs, adEndToContentMs: content.t - ended.t, adEndEvent: ended.type };
  } finally {
    await session.close();
  }
}
