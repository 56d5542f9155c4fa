/**
 * Steady playback cost: main-thread TaskDuration and ScriptDuration (CDP Performance.getMetrics)
 * accumulated over N seconds of playing, our player vs the bare hls.js page. The window opens
 * 1 s after the first frame (start-up work excluded) and the instrumentation's frame callbacks
 * are stopped before it, so both pages carry the same (zero) bench overhead.
 */
import { cdp, metrics, navigate, openSession, waitStart, type Bench } from '../browser';
import type { Contender } from './ttff';

export interface SteadySample {
  taskMs: number | null;
  scriptMs: number | null;
  layoutMs: number | null;
  styleMs: number | null;
  playedS: number | null;
  reason?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureSteadyOnce(bench: Bench, contender: Contender, seconds: number): Promise<SteadySample> {
  const session = await openSession(bench);
  const { page } = session;
  const none = { taskMs: null, scriptMs: null, layoutMs: null, styleMs: null, playedS: null };
  try {
    const client = await cdp(session);
    await client.send('Performance.enable', { timeDomain: 'threadTicks' });
    await navigate(page, contender.url);
    const start = await waitStart(page, { timeoutMs: 20_000 });
    if (!start) return { ...none, reason: 'never started playing' };
    await page.evaluate(() => window.__bench!.quiet());
    await sleep(1000);
    const playing = () => page.evaluate((id) => {
      const videos = [...document.querySelectorAll('video')];
      const video = videos.find((v) => !v.paused) ?? videos[id] ?? videos[0];
      return video ? video.currentTime : 0;
    }, start.video);
    const t0 = await playing();
    const m0 = await metrics(client);
    await sleep(seconds * 1000);
    const m1 = await metrics(client);
    const t1 = await playing();
    const delta = (name: string) => ((m1[name] ?? 0) - (m0[name] ?? 0)) * 1000;
    return { taskMs: delta('TaskDuration'), scriptMs: delta('ScriptDuration'), layoutMs: delta('LayoutDuration'), styleMs: delta('RecalcStyleDuration'), playedS: t1 - t0 };
  } finally {
    await session.close();
  }
}
