/**
 * Memory. Two measurements:
 * 1. Source switches: JS heap (after forced GC) after 1 vs N source switches, and the live
 *    HTMLVideoElement and MediaSource objects (CDP Runtime.queryObjects) after N. The player
 *    cannot switch episodes yet, so the switches drive the player's own MediaEngine
 *    (src/engine/hls-engine.ts) on a bench page: `engine.load(url)` on one <video>, cycling the
 *    film and the six series episodes, each switch waiting for the new source's first
 *    advancing frame. Re-measure through the player when episode switching exists.
 * 2. The player page itself after 2 s of playing the film: live <video>s and MediaSources.
 */
import { cdp, collectGarbage, countObjects, heapUsed, navigate, openSession, waitStart, type Bench } from '../browser';

const SOURCES = [
  '/media/hls/film/master.m3u8',
  ...['s1e1', 's1e2', 's1e3', 's2e1', 's2e2', 's2e3'].map((e) => `/media/hls/series/${e}/master.m3u8`),
];

export interface SwitchResult {
  method: string;
  switches: number;
  heapAfterFirstBytes: number;
  heapAfterLastBytes: number;
  videoElements: number;
  mediaSources: number;
  switchMs: number[];
  failedSwitches: number;
}

export interface PlayerSnapshot {
  heapBytes: number;
  videoElements: number;
  mediaSources: number;
}

export const SWITCH_METHOD =
  "the player's MediaEngine (src/engine/hls-engine.ts, bundled into /bench/pages/engine-switch.html) " +
  'switching one <video> between the film and the 6 series episodes with engine.load(url); each switch waits for the first advancing frame';

export async function measureSwitches(bench: Bench, switches: number, log: (line: string) => void): Promise<SwitchResult> {
  const session = await openSession(bench);
  const { page } = session;
  try {
    const client = await cdp(session);
    await navigate(page, '/bench/pages/engine-switch.html');
    await page.waitForFunction(() => window.__benchEngine !== undefined, null, { timeout: 20_000 });
    const switchMs: number[] = [];
    let failed = 0;
    const switchTo = async (index: number) => {
      const url = SOURCES[index % SOURCES.length]!;
      const started = await page.evaluate(async (src) => {
        const after = performance.now();
        window.__benchEngine!.load(src);
        const start = await window.__bench!.waitStart({ after, timeoutMs: 15_000 });
        return start ? start.t - after : null;
      }, url);
      if (started === null) failed += 1;
      else switchMs.push(started);
    };
    await switchTo(0);
    await page.evaluate(() => window.__bench!.quiet());
    await collectGarbage(client);
    const heapAfterFirstBytes = await heapUsed(client);
    for (let i = 1; i < switches; i++) {
      await switchTo(i);
      if (i % 10 === 9) log(`  memory: ${i + 1}/${switches} switches`);
    }
    await collectGarbage(client);
    const heapAfterLastBytes = await heapUsed(client);
    const videoElements = await countObjects(client, 'HTMLVideoElement');
    const mediaSources = await countObjects(client, 'MediaSource');
    return { method: SWITCH_METHOD, switches, heapAfterFirstBytes, heapAfterLastBytes, videoElements, mediaSources, switchMs, failedSwitches: failed };
  } finally {
    await session.close();
  }
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
