/**
 * Episode end → next episode playing: the series' S1E2 (8 s) starts at 6 s (`t=6`), and the
 * figure runs from its `ended` to the next advancing frame of a blob: <video> (the same element
 * or a new one). The cold start it is compared with is the TTFF of S1E3 (SERIES_COLD in ttff.ts).
 */
import { cdp, CONTENT_SRC, navigate, openSession, waitEvent, waitStart, type Bench } from '../browser';
import { throttle } from './mobile';

/**
 * The same switch under the mobile profile (Lighthouse's: 4× CPU and a mobile network, as the
 * ttff section's), S1E2 played from its start: its 8 s leave the time the last 15 s of a real episode
 * leave to make the next one ready (src/engine/next-source.ts).
 */
export const MOBILE_NEXT_URL = '/?movie_id=102&season=1&episode=2&auto_play=1';

export interface NextSample {
  switchMs: number | null;
  /** Master playlists the page requested, in order (evidence of which episode played next). */
  masters?: string[];
  reason?: string;
}

export async function measureNextOnce(bench: Bench, url: string, { mobile = false } = {}): Promise<NextSample> {
  const session = await openSession(bench);
  const { page } = session;
  const advanceTimeoutMs = mobile ? 20_000 : 8_000;
  try {
    if (mobile) await throttle(await cdp(session));
    await navigate(page, url);
    const first = await waitStart(page, { srcPattern: CONTENT_SRC, timeoutMs: mobile ? 40_000 : 20_000 });
    if (!first) return { switchMs: null, reason: 'S1E2 never started playing' };
    const ended = await waitEvent(page, { type: 'ended', after: first.t, srcPattern: CONTENT_SRC, timeoutMs: 20_000 });
    if (!ended) return { switchMs: null, reason: 'S1E2 never fired ended within 20 s' };
    const next = await waitStart(page, { after: ended.t, srcPattern: CONTENT_SRC, timeoutMs: advanceTimeoutMs });
    if (!next) return { switchMs: null, reason: `no auto-advance: nothing played within ${advanceTimeoutMs / 1000} s after the episode ended` };
    const masters = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('/master.m3u8')),
    );
    return { switchMs: next.t - ended.t, masters };
  } finally {
    await session.close();
  }
}
