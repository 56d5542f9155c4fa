/**
 * Memory, through the player itself on the fixture series (two seasons of three episodes):
 * 1. Ads: the page starts with a queue of N pre-rolls (the bench ad list's `?count=`). Each ad
 *    is fast-forwarded to 0.3 s before its end once it shows a frame, so it runs its whole life
 *    (load, start, quartiles, complete) in about a second. Heap once the content plays after
 *    10 pre-rolls, against the same page after 1.
 * 2. Episode switches, continuing in the 10-ad page: the next-episode button, or from the last
 *    episode the 'Сезоны и серии' menu back to S1E1, each switch waiting for the new episode's
 *    first advancing frame. Heap after the 1st switch, taken once the work the player defers past
 *    its first frame has run (as the steady section's settled window), and after the 30th; the live
 *    HTMLVideoElement and MediaSource objects (CDP Runtime.queryObjects) after the 30th.
 * 3. The film page after 2 s of playing: live <video>s and MediaSources.
 */
import type { Page } from '@playwright/test';
import { SETTLED_WINDOW_MS } from './steady';
import { AD_SRC, cdp, collectGarbage, CONTENT_SRC, countObjects, heapUsed, navigate, openSession, waitEvent, waitStart, type Bench } from '../browser';

const SERIES_START = '/?movie_id=102&season=1&episode=1&auto_play=1';

/** The content's <video> and the one element that serves every ad of the page. */
export const EXPECTED_VIDEO_ELEMENTS = 2;

export const MEMORY_METHOD =
  `the player on ${SERIES_START} with a queue of pre-rolls (5 s creative, each fast-forwarded to 0.3 s before its end once it shows a frame); ` +
  'ads: heap once the content plays after 10 pre-rolls minus the same after 1 (two loads); ' +
  'switches, in the 10-ad load: the next-episode button, or from S2E3 the seasons menu back to S1E1, each waiting for the first advancing frame; ' +
  `the first switch's heap is taken no sooner than ${SETTLED_WINDOW_MS / 1000} s after the content's first frame (the deferred start-up work has run); ` +
  'heap = Runtime.getHeapUsage usedSize after two HeapProfiler.collectGarbage; ' +
  `leaked = live objects (Runtime.queryObjects) beyond ${EXPECTED_VIDEO_ELEMENTS} <video>s (the content's and the ad element) and the current MediaSource`;

export interface AdsRun {
  adsPlayed: number;
  heapBytes: number | null;
  reason?: string;
}

export interface SwitchResult {
  switches: number;
  byButton: number;
  byMenu: number;
  heapAfterFirstBytes: number | null;
  heapAfterLastBytes: number | null;
  videoElements: number;
  mediaSources: number;
  switchMs: number[];
  failedSwitches: number;
  reason?: string;
}

export interface MemoryResult {
  oneAd: AdsRun | null;
  tenAds: AdsRun;
  switches: SwitchResult | null;
}

export interface PlayerSnapshot {
  heapBytes: number;
  videoElements: number;
  mediaSources: number;
}

const adListUrl = (count: number) => `${SERIES_START}&data-ad-list-url=${encodeURIComponent(`/bench/ads/list.json?count=${count}`)}`;

/** Plays the queued pre-rolls, each fast-forwarded, then waits for the content. */
async function playAds(page: Page, count: number): Promise<{ played: number; contentAt?: number; reason?: string }> {
  let after = -Infinity;
  for (let played = 0; played < count; played++) {
    const ad = await waitStart(page, { after, srcPattern: AD_SRC, timeoutMs: 15_000 });
    if (!ad) return { played, reason: `ad ${played + 1} of ${count} showed no frame within 15 s` };
    await page.evaluate((src) => {
      const video = [...document.querySelectorAll('video')].find((v) => v.currentSrc === src);
      if (video && Number.isFinite(video.duration)) video.currentTime = Math.max(0, video.duration - 0.3);
    }, ad.src);
    const ended = await waitEvent(page, { type: ['ended', 'emptied'], video: ad.video, after: ad.t, timeoutMs: 10_000 });
    if (!ended) return { played, reason: `ad ${played + 1} of ${count} did not end within 10 s` };
    after = ended.t;
  }
  const content = await waitStart(page, { after, srcPattern: CONTENT_SRC, timeoutMs: 15_000 });
  return content ? { played: count, contentAt: content.t } : { played: count, reason: 'the content did not play after the ads' };
}

/**
 * One switch through the player's own controls; which way it went. Locators only: an
 * ElementHandle (page.$, waitForSelector) would keep its node alive and count as a leak.
 */
async function switchEpisode(page: Page): Promise<'button' | 'menu'> {
  const click = (testId: string) => page.getByTestId(testId).first().evaluate((node) => (node as HTMLElement).click(), null, { timeout: 5_000 });
  if ((await page.getByTestId('next-episode').count()) > 0) {
    await click('next-episode');
    return 'button';
  }
  await click('seasons-button');
  if ((await page.getByTestId('seasons-menu').getAttribute('data-page', { timeout: 5_000 })) === 'episodes') await click('seasons-back');
  await click('season-item');
  await click('episode-item');
  return 'menu';
}

async function runSwitches(page: Page, heap: () => Promise<number>, switches: number, settledAt: number, log: (line: string) => void): Promise<Omit<SwitchResult, 'videoElements' | 'mediaSources'>> {
  const switchMs: number[] = [];
  let failed = 0;
  let byButton = 0;
  let byMenu = 0;
  let heapAfterFirstBytes: number | null = null;
  for (let i = 0; i < switches; i++) {
    const after = await page.evaluate(() => performance.now());
    const way = await switchEpisode(page);
    if (way === 'button') byButton += 1;
    else byMenu += 1;
    const start = await waitStart(page, { after, srcPattern: CONTENT_SRC, timeoutMs: 15_000 });
    if (start) switchMs.push(start.t - after);
    else failed += 1;
    if (i === 0) {
      const now = await page.evaluate(() => (window.__bench!.quiet(), performance.now()));
      if (now < settledAt) await page.waitForTimeout(settledAt - now);
      heapAfterFirstBytes = await heap();
    }
    if (i % 10 === 9) log(`  memory: ${i + 1}/${switches} switches`);
  }
  return { switches, byButton, byMenu, heapAfterFirstBytes, heapAfterLastBytes: switches > 1 ? await heap() : heapAfterFirstBytes, switchMs, failedSwitches: failed };
}

/** Loads the series with `ads` pre-rolls; after them, optionally, `switches` episode switches. */
async function adsThenSwitches(bench: Bench, ads: number, switches: number, log: (line: string) => void): Promise<{ ads: AdsRun; switches: SwitchResult | null }> {
  const session = await openSession(bench);
  const { page } = session;
  try {
    const client = await cdp(session);
    const heap = async () => {
      await collectGarbage(client);
      return heapUsed(client);
    };
    await navigate(page, adListUrl(ads));
    const played = await playAds(page, ads);
    log(`  memory: ${played.played}/${ads} pre-rolls played${played.reason ? `; ${played.reason}` : ''}`);
    if (played.reason) {
      const none: SwitchResult = { switches: 0, byButton: 0, byMenu: 0, heapAfterFirstBytes: null, heapAfterLastBytes: null, videoElements: 0, mediaSources: 0, switchMs: [], failedSwitches: 0 };
      return { ads: { adsPlayed: played.played, heapBytes: null, reason: played.reason }, switches: switches > 0 ? { ...none, reason: `no switches: ${played.reason}` } : null };
    }
    const adsRun: AdsRun = { adsPlayed: played.played, heapBytes: await heap() };
    if (switches === 0) return { ads: adsRun, switches: null };
    const run = await runSwitches(page, heap, switches, played.contentAt! + SETTLED_WINDOW_MS, log);
    return {
      ads: adsRun,
      switches: { ...run, videoElements: await countObjects(client, 'HTMLVideoElement'), mediaSources: await countObjects(client, 'MediaSource') },
    };
  } finally {
    await session.close();
  }
}

/** `ads` pre-rolls then `switches` episode switches; with `baseline`, also a load with one pre-roll for the ads' heap growth. */
export async function measureMemory(bench: Bench, opts: { ads: number; switches: number; baseline: boolean }, log: (line: string) => void): Promise<MemoryResult> {
  const oneAd = opts.baseline ? (await adsThenSwitches(bench, 1, 0, log)).ads : null;
  const main = await adsThenSwitches(bench, opts.ads, opts.switches, log);
  return { oneAd, tenAds: main.ads, switches: main.switches };
}

export async function playerSnapshot(bench: Bench): Promise<PlayerSnapshot | null> {
  const session = await openSession(bench);
  const { page } = session;
  try {
    const client = await cdp(session);
    await navigate(page, '/?movie_id=101&auto_play=1');
    const start = await waitStart(page, { timeoutMs: 20_000 });
    if (!start) return null;
    await page.evaluate(() => window.__bench!.quiet());
    await page.waitForTimeout(2000);
    await collectGarbage(client);
    return {
      heapBytes: await heapUsed(client),
      videoElements: await countObjects(client, 'HTMLVideoElement'),
      mediaSources: await countObjects(client, 'MediaSource'),
    };
  } finally {
    await session.close();
  }
}
