/**
 * Steady playback cost: main-thread TaskDuration and ScriptDuration (CDP Performance.getMetrics)
 * accumulated over N seconds of playing, our player vs the bare hls.js page, in two windows of
 * the same load:
 * - settled (the budget's figure): it opens 8 s after the first frame, once the work the player
 *   defers past its first frame has run: the error-reporting SDK and the device fingerprint start
 *   in an idle moment once the buffer is safe, 4 s after the app's start at the latest (plus up to
 *   1 s for the idle moment), and the SDK's page-load transaction ends 1 s after it starts and is
 *   then sent. At 5 s that send still fell inside the window in 2 of 6 loads on the full CPU;
 * - early: it opens 1 s after the first frame, so that deferred one-off work falls inside it.
 * The instrumentation's frame callbacks are stopped first, so both pages carry the same (zero)
 * bench overhead. Also per load: the longest main-thread task of the settled window (Long Tasks
 * API: tasks of 50 ms and more, 0 when none), and the first frame (navigation start → first
 * advancing frame, as ttff measures it). With `cpuRate` > 1 the page's CPU is throttled
 * (CDP Emulation.setCPUThrottlingRate) before it navigates.
 */
import type { CDPSession, Page } from '@playwright/test';
import { cdp, metrics, navigate, openSession, waitStart, type Bench, type FrameStart } from '../browser';
import type { Contender } from './ttff';

/** Every long task of the page as [startTime, duration], from before its first script. */
const LONG_TASKS = `(() => {
  const tasks = (window.__benchLongTasks = []);
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

export interface SteadySample {
  /** The settled window. */
  taskMs: number | null;
  scriptMs: number | null;
  layoutMs: number | null;
  styleMs: number | null;
  /** The early window. */
  earlyTaskMs: number | null;
  earlyScriptMs: number | null;
  /** Media seconds played during the settled window. */
  playedS: number | null;
  /** The longest task (≥ 50 ms) that started in the settled window; 0 when none. */
  longestTaskMs: number | null;
  /** Navigation start → first advancing frame. */
  firstFrameMs: number | null;
  reason?: string;
}

/** When each window opens, after the first frame. */
export const EARLY_WINDOW_MS = 1000;
export const SETTLED_WINDOW_MS = 8000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads `url` in the session, its CPU throttled by `cpuRate` first, and waits for its first frame;
 * then stops the instrumentation's frame callbacks, so the page carries no bench overhead from here.
 * Null when it never played.
 */
export async function loadPlaying(page: Page, client: CDPSession, url: string, cpuRate: number): Promise<FrameStart | null> {
  if (cpuRate > 1) await client.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await navigate(page, url);
  const start = await waitStart(page, { timeoutMs: cpuRate > 1 ? 40_000 : 20_000 });
  if (start) await page.evaluate(() => window.__bench!.quiet());
  return start;
}

export async function measureSteadyOnce(bench: Bench, contender: Contender, seconds: number, cpuRate = 1): Promise<SteadySample> {
  const session = await openSession(bench);
  const { page } = session;
  const none = { taskMs: null, scriptMs: null, layoutMs: null, styleMs: null, earlyTaskMs: null, earlyScriptMs: null, playedS: null, longestTaskMs: null, firstFrameMs: null };
  try {
    const client = await cdp(session);
    await client.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.addInitScript({ content: LONG_TASKS });
    const start = await loadPlaying(page, client, contender.url, cpuRate);
    if (!start) return { ...none, reason: 'never started playing' };
    const started = Date.now();
    const playing = () => page.evaluate((id) => {
      const videos = [...document.querySelectorAll('video')];
      const video = videos.find((v) => !v.paused) ?? videos[id] ?? videos[0];
      return video ? video.currentTime : 0;
    }, start.video);
    // Four snapshots, in time order: each window's start and end.
    const at = { earlyStart: EARLY_WINDOW_MS, settledStart: SETTLED_WINDOW_MS, earlyEnd: EARLY_WINDOW_MS + seconds * 1000, settledEnd: SETTLED_WINDOW_MS + seconds * 1000 };
    const taken: Partial<Record<keyof typeof at, { metrics: Record<string, number>; time: number; now: number }>> = {};
    for (const [name, ms] of Object.entries(at).sort((a, b) => a[1] - b[1]) as Array<[keyof typeof at, number]>) {
      await sleep(Math.max(0, started + ms - Date.now()));
      const values = await metrics(client);
      taken[name] = { metrics: values, time: await playing(), now: await page.evaluate(() => performance.now()) };
    }
    const [from, to] = [taken.settledStart!.now, taken.settledEnd!.now];
    const longest = await page.evaluate(
      ([a, b]) => Math.max(0, ...((window as unknown as { __benchLongTasks?: Array<[number, number]> }).__benchLongTasks ?? []).filter(([t]) => t >= a && t < b).map(([, d]) => d)),
      [from, to] as const,
    );
    const delta = (from: keyof typeof at, to: keyof typeof at, name: string) => ((taken[to]!.metrics[name] ?? 0) - (taken[from]!.metrics[name] ?? 0)) * 1000;
    return {
      taskMs: delta('settledStart', 'settledEnd', 'TaskDuration'),
      scriptMs: delta('settledStart', 'settledEnd', 'ScriptDuration'),
      layoutMs: delta('settledStart', 'settledEnd', 'LayoutDuration'),
      styleMs: delta('settledStart', 'settledEnd', 'RecalcStyleDuration'),
      earlyTaskMs: delta('earlyStart', 'earlyEnd', 'TaskDuration'),
      earlyScriptMs: delta('earlyStart', 'earlyEnd', 'ScriptDuration'),
      playedS: taken.settledEnd!.time - taken.settledStart!.time,
      longestTaskMs: longest,
      firstFrameMs: start.t,
    };
  } finally {
    await session.close();
  }
}
