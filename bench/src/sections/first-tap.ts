/**
 * The first tap on a phone (`first_tap`): each load, in a fresh context on the mobile profile
 * (as ttff_mobile sets it) with a phone's touch viewport and no autoplay, gets one tap at the
 * centre of our player (the bare page: its native play button) at a fixed moment after its first paint or after our controls. Recorded: what
 * lay under the finger, whether a <video> (ad or film) then played without a second tap, and
 * tap → its first advancing frame. Pure parts in first-tap-figures.ts.
 */
import type { Page } from '@playwright/test';
import { cdp, navigate, openSession, waitStart, type Bench } from '../browser';
import { describeUnderFinger, dueAt, type TapMoment, type TapSample, type UnderFinger } from './first-tap-figures';
import { throttle } from './mobile';
import { FILM, markControls, OUR_CONTROLS } from './ttff';

/** Lighthouse's phone (moto g power): 412×823 CSS px at 1.75 device pixels, touch. */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;
/** Our player's finger: the centre of the page, which the player fills (its big play button's place). */
export const TAP_POINT = { x: Math.round(PHONE.viewport.width / 2), y: Math.round(PHONE.viewport.height / 2) };
/**
 * The bare page's finger: Chromium's own play button, at the left end of the native control bar along
 * the bottom of the <video> (which fills the page). Chromium shows no play button in the middle of the
 * picture, and a tap there only shows the controls: it does not play.
 */
export const NATIVE_PLAY_POINT = { x: 24, y: PHONE.viewport.height - 48 };
/** A tap is honoured when a <video> shows advancing frames within this long. */
export const HONOUR_WAIT_MS = 20_000;
/** A page that paints nothing this long has its moments counted from navigation. */
export const PAINT_WAIT_MS = 15_000;
/** How long a load waits for our controls before a controls moment is given up (no tap). */
const CONTROLS_WAIT_MS = 40_000;

export interface TapContender {
  key: string;
  label: string;
  url: string;
  /**
   * Our player's controls (as the ttff sections mark them). A page without (the bare page, whose
   * controls are the browser's, painted with it) is tapped only at the moments after the first paint.
   */
  controls?: string;
  /** Where the finger lands, in CSS px. */
  point: { x: number; y: number };
}

export function tapContenders(adsUrl: string): TapContender[] {
  const controls = OUR_CONTROLS;
  return [
    { key: 'player', label: 'our player', url: '/?movie_id=101', controls, point: TAP_POINT },
    { key: 'player_preroll', label: 'our player with a pre-roll', url: adsUrl, controls, point: TAP_POINT },
    { key: 'bare_hls', label: 'bare hls.js, native controls', url: `/bench/pages/bare-hls-controls.html?src=${FILM}`, point: NATIVE_PLAY_POINT },
  ];
}

/** The page's paint entries, once it has one or after `timeoutMs`: first-paint and first-contentful-paint (ms from navigation). */
function waitPaint(page: Page): Promise<{ fp: number | null; fcp: number | null }> {
  return page.evaluate(
    (timeoutMs) =>
      new Promise((resolve) => {
        const read = () => {
          const entries = performance.getEntriesByType('paint');
          const at = (name: string) => entries.find((e) => e.name === name)?.startTime ?? null;
          return { fp: at('first-paint'), fcp: at('first-contentful-paint') };
        };
        const done = () => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(read());
        };
        const observer = new PerformanceObserver(() => done());
        observer.observe({ type: 'paint', buffered: true });
        const timer = setTimeout(done, timeoutMs);
      }),
    PAINT_WAIT_MS,
  );
}

/** At `due` (page clock), what `elementFromPoint` finds at `point` (the control it is part of: an icon's button), and when it looked. */
function lookAt(page: Page, due: number, point: TapContender['point']): Promise<{ now: number; under: UnderFinger }> {
  return page.evaluate(
    ({ due, x, y }) =>
      new Promise((resolve) => {
        setTimeout(() => {
          const hit = document.elementFromPoint(x, y);
          const el = hit?.closest('button, a, [role="button"], input, video') ?? hit;
          resolve({
            now: performance.now(),
            under: {
              painted: performance.getEntriesByType('paint').length > 0,
              tag: el?.tagName ?? null,
              testid: el?.getAttribute('data-testid') ?? null,
              withinTestid: el?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
              ariaLabel: el?.getAttribute('aria-label') ?? null,
              className: typeof el?.className === 'string' && el.className ? el.className : null,
              controls: el instanceof HTMLVideoElement && el.controls,
              text: el?.tagName === 'BUTTON' ? (el.textContent ?? '').trim() || null : null,
            },
          });
        }, Math.max(0, due - performance.now()));
      }),
    { due, ...point },
  );
}

/** Navigation → our controls in the page, or null when they did not come within the wait. */
async function waitControls(page: Page): Promise<number | null> {
  const shown = await page.waitForFunction(() => window.__bench?.marks.controls ?? false, null, { timeout: CONTROLS_WAIT_MS }).catch(() => null);
  return shown ? ((await shown.jsonValue()) as number) : null;
}

/** One load of `contender` with one tap at `moment`. */
export async function tapOnce(bench: Bench, contender: TapContender, moment: TapMoment, iteration: number): Promise<TapSample & { errors: string[] }> {
  const session = await openSession(bench, PHONE);
  const { page } = session;
  const sample: TapSample & { errors: string[] } = { moment: moment.id, iteration, paintMs: null, fcpMs: null, controlsMs: null, tapMs: null, under: null, honoured: false, tapToFrameMs: null, played: null, errors: session.errors };
  try {
    await throttle(await cdp(session));
    if (contender.controls) await markControls(page, contender.controls);
    await navigate(page, contender.url);
    const paint = await waitPaint(page);
    const painted = [paint.fp, paint.fcp].filter((t): t is number => t !== null);
    sample.paintMs = painted.length ? Math.min(...painted) : null;
    sample.fcpMs = paint.fcp;
    if (moment.from === 'controls') sample.controlsMs = await waitControls(page);
    const due = dueAt(moment, sample.paintMs, sample.controlsMs);
    if (due === null) return { ...sample, reason: `our controls did not come within ${CONTROLS_WAIT_MS / 1000} s` };
    const look = await lookAt(page, due, contender.point);
    await page.touchscreen.tap(contender.point.x, contender.point.y);
    sample.under = describeUnderFinger(look.under);
    const pointerdown = await page.evaluate(() => window.__bench!.marks.first_pointerdown ?? null);
    sample.tapMs = pointerdown ?? look.now;
    // Our controls' time for a paint moment too, when they have come by the tap (for the table).
    if (contender.controls) sample.controlsMs ??= await page.evaluate(() => window.__bench!.marks.controls ?? null);
    const start = await waitStart(page, { after: sample.tapMs, timeoutMs: HONOUR_WAIT_MS });
    if (!start) return { ...sample, reason: `no <video> played within ${HONOUR_WAIT_MS / 1000} s of the tap` };
    return { ...sample, honoured: true, tapToFrameMs: start.t - sample.tapMs, played: /^blob:/.test(start.src) ? 'film' : 'ad' };
  } catch (err) {
    return { ...sample, reason: String(err).split('\n')[0] };
  } finally {
    await session.close();
  }
}

export interface FirstTapResult {
  samples: Record<string, TapSample[]>;
  errors: string[];
}

/**
 * Every moment loads every contender once per iteration, in an order rotated by the moment and
 * the iteration. The first iteration always runs whole (a table with holes says less); later ones
 * only while `more()` allows.
 */
export async function runFirstTap(
  bench: Bench,
  contenders: readonly TapContender[],
  moments: readonly TapMoment[],
  opts: { iterations: number; log: (line: string) => void; more: () => boolean },
): Promise<FirstTapResult> {
  const samples: Record<string, TapSample[]> = Object.fromEntries(contenders.map((c) => [c.key, []]));
  const errors = new Set<string>();
  for (let i = 0; i < opts.iterations; i++) {
    if (i > 0 && !opts.more()) break;
    for (const [k, m] of moments.entries()) {
      const tapped = contenders.filter((c) => m.from === 'paint' || c.controls);
      const order = tapped.map((_, j) => tapped[(j + k + i) % tapped.length]!);
      const row: string[] = [];
      for (const c of order) {
        const { errors: pageErrors, ...s } = await tapOnce(bench, c, m, i);
        samples[c.key]!.push(s);
        pageErrors.forEach((e) => errors.add(`${c.key}: ${e}`));
        if (s.tapMs === null) row.push(`${c.key}: no tap (${s.reason ?? '?'})`);
        else row.push(`${c.key}: ${s.honoured ? `${s.played} ${s.tapToFrameMs!.toFixed(0)} ms` : 'lost'}, tap ${s.tapMs.toFixed(0)} (paint ${s.paintMs?.toFixed(0) ?? '—'}) on ${s.under}`);
      }
      opts.log(`  first tap ${m.id} ${i + 1}/${opts.iterations}: ${row.join('; ')}`);
    }
  }
  return { samples, errors: [...errors].slice(0, 20) };
}
