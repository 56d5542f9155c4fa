/**
 * Steady playback cost: main-thread TaskDuration and ScriptDuration (CDP Performance.getMetrics)
 * accumulated over N seconds of playing, our player vs the bare hls.js page, in two windows of
 * the same load:
 * - settled (the budget's figure): it opens 5 s after the first frame, once the work the player
 *   defers past its first frame (the error-reporting SDK and the device fingerprint: an idle
 *   moment after the first frame, 4 s at the latest) has run;
 * - early: it opens 1 s after the first frame, so that deferred one-off work falls inside it.
 * The instrumentation's frame callbacks are stopped first, so both pages carry the same (zero)
 * bench overhead.
 */
import { cdp, metrics, navigate, openSession, waitStart, type Bench } from '../browser';
import type { Contender } from './ttff';

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
  reason?: string;
}

/** When each window opens, after the first frame. */
export const EARLY_WINDOW_MS = 1000;
export const SETTLED_WINDOW_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureSteadyOnce(bench: Bench, contender: Contender, seconds: number): Promise<SteadySample> {
  const session = await openSession(bench);
  const { page } = session;
  const none = { taskMs: null, scriptMs: null, layoutMs: null, styleMs: null, earlyTaskMs: null, earlyScriptMs: null, playedS: null };
  try {
    const client = await cdp(session);
    await client.send('Performance.enable', { timeDomain: 'threadTicks' });
    await navigate(page, contender.url);
    const start = await waitStart(page, { timeoutMs: 20_000 });
    if (!start) return { ...none, reason: 'never started playing' };
    const started = Date.now();
    await page.evaluate(() => window.__bench!.quiet());
    const playing = () => page.evaluate((id) => {
      const videos = [...document.querySelectorAll('video')];
      const video = videos.find((v) => !v.paused) ?? videos[id] ?? videos[0];
      return video ? video.currentTime : 0;
    }, start.video);
    // Four snapshots, in time order: each window's start and end.
    const at = { earlyStart: EARLY_WINDOW_MS, settledStart: SETTLED_WINDOW_MS, earlyEnd: EARLY_WINDOW_MS + seconds * 1000, settledEnd: SETTLED_WINDOW_MS + seconds * 1000 };
    const taken: Partial<Record<keyof typeof at, { metrics: Record<string, number>; time: number }>> = {};
    for (const [name, ms] of Object.entries(at).sort((a, b) => a[1] - b[1]) as Array<[keyof typeof at, number]>) {
      await sleep(Math.max(0, started + ms - Date.now()));
      const values = await metrics(client);
      taken[name] = { metrics: values, time: await playing() };
    }
    const delta = (from: keyof typeof at, to: keyof typeof at, name: string) => ((taken[to]!.metrics[name] ?? 0) - (taken[from]!.metrics[name] ?? 0)) * 1000;
    return {
      taskMs: delta('settledStart', 'settledEnd', 'TaskDuration'),
      scriptMs: delta('settledStart', 'settledEnd', 'ScriptDuration'),
      layoutMs: delta('settledStart', 'settledEnd', 'LayoutDuration'),
      styleMs: delta('settledStart', 'settledEnd', 'RecalcStyleDuration'),
      earlyTaskMs: delta('earlyStart', 'earlyEnd', 'TaskDuration'),
      earlyScriptMs: delta('earlyStart', 'earlyEnd', 'ScriptDuration'),
      playedS: taken.settledEnd!.time - taken.settledStart!.time,
    };
  } finally {
    await session.close();
  }
}
