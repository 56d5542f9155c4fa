/** Time to first frame: navigation start → first presented frame with media time advancing. */
import type { Page } from '@playwright/test';
import { cdp, navigate, openSession, waitStart, type Bench } from '../browser';
import { figure, pairedRatios, type Figure } from '../stats';

export const FILM = '/media/hls/film/master.m3u8';

export interface Contender {
  key: string;
  label: string;
  url: string;
  /** Level policy, as configured (the report also records the frame height actually shown first). */
  policy: string;
  /** Where the page has its controls: a section that asks for them also takes when they entered the page. */
  controls?: string;
}

/**
 * Our controls: the play/pause button, which the page's shell (src/start/page-shell.ts) shows with
 * the first frame and the app's control bar keeps; working in either.
 */
export const OUR_CONTROLS = '[data-testid="play-toggle"]';

export const CONTENDERS: readonly Contender[] = [
  { key: 'bare_hls', label: 'bare hls.js', url: `/bench/pages/bare-hls.html?src=${FILM}`, policy: 'hls.js defaults: startLevel auto (ABR from its default estimate), capLevelToPlayerSize off' },
  { key: 'videojs', label: 'video.js 8 (VHS)', url: `/bench/pages/videojs.html?src=${FILM}`, policy: 'VHS defaults: initial bandwidth estimate, renditions limited to the 1280×720 player' },
  { key: 'player', label: 'our player', url: '/?movie_id=101&auto_play=1', policy: 'our engine: hls.js defaults (startLevel auto), capLevelToPlayerSize off', controls: OUR_CONTROLS },
  { key: 'mp4_floor', label: 'progressive MP4', url: '/bench/media/film-720p-10s.mp4 in mp4.html', policy: 'one 720p file, no adaptation' },
];

/** The cold start of the series episode the next-episode figure compares with (S1E3). */
export const SERIES_COLD: Contender = { key: 'series_cold', label: 'our player, S1E3 cold', url: '/?movie_id=102&season=1&episode=3&auto_play=1', policy: 'as our player' };

const urlOf = (c: Contender) => (c.key === 'mp4_floor' ? '/bench/pages/mp4.html' : c.url);

export interface Sample {
  ms: number | null;
  height: number | null;
  /** When the contender's controls entered the page, if asked for. */
  controlsMs: number | null;
  errors: string[];
}


/** The contenders of the throttled section: ours against the floor and the common player. */
export const CPU_CONTENDERS: readonly Contender[] = CONTENDERS.filter((c) => c.key !== 'mp4_floor');

/** Chromium's CPU throttling as DevTools applies it, standing in for a mid-range phone. */
export const PHONE_CPU_RATE = 4;

/**
 * Notes when `selector` first matches, as `window.__bench.marks.controls` (performance.now() ms): a
 * MutationObserver added before any page script (after the instrument, bench/pages/instrument.ts).
 */
export async function markControls(page: Page, selector: string): Promise<void> {
  await page.addInitScript((sel: string) => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector(sel) || !window.__bench) return;
      window.__bench.marks.controls = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

/**
 * One load in a fresh context. `cpuRate` > 1 slows the page's CPU by that factor
 * (CDP Emulation.setCPUThrottlingRate), set on the page before it navigates. With `withControls`,
 * a contender that names its controls is also waited for until they are in the page.
 */
export async function measureOnce(bench: Bench, contender: Contender, timeoutMs = 20_000, cpuRate = 1, withControls = false): Promise<Sample> {
  const session = await openSession(bench);
  const controls = withControls ? contender.controls : undefined;
  try {
    if (cpuRate > 1) await (await cdp(session)).send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    if (controls) await markControls(session.page, controls);
    await navigate(session.page, urlOf(contender));
    const start = await waitStart(session.page, { timeoutMs });
    let controlsMs: number | null = null;
    if (start && controls) {
      const shown = await session.page.waitForFunction(() => window.__bench?.marks.controls ?? false, null, { timeout: timeoutMs }).catch(() => null);
      controlsMs = shown ? ((await shown.jsonValue()) as number) : null;
    }
    return { ms: start ? start.t : null, height: start ? start.height : null, controlsMs, errors: session.errors };
  } catch (err) {
    return { ms: null, height: null, controlsMs: null, errors: [...session.errors, String(err)] };
  } finally {
    await session.close();
  }
}

export interface TtffResult {
  figures: Record<string, Figure | null>;
  samples: Record<string, Array<number | null>>;
  heights: Record<string, Record<string, number>>;
  ratioVsBare: Figure | null;
  ratioVsVideojs: Figure | null;
  /** Navigation → our controls in the page, and our first frame → them (when the section asks for them). */
  controls: Figure | null;
  frameToControls: Figure | null;
  failures: Record<string, number>;
  errors: string[];
}

/**
 * Each iteration measures every contender once, in an order rotated by the iteration so no
 * contender always goes first; a warm-up round (not counted) primes the server and the disk.
 */
export async function runTtff(
  bench: Bench,
  contenders: readonly Contender[],
  iterations: number,
  warmUp: boolean,
  log: (line: string) => void,
  more: () => boolean = () => true,
  cpuRate = 1,
  withControls = false,
): Promise<TtffResult> {
  const controls: Array<number | null> = [];
  const frameToControls: Array<number | null> = [];
  const samples: Record<string, Array<number | null>> = Object.fromEntries(contenders.map((c) => [c.key, []]));
  const heights: Record<string, Record<string, number>> = Object.fromEntries(contenders.map((c) => [c.key, {}]));
  const failures: Record<string, number> = {};
  const errors = new Set<string>();
  if (warmUp) for (const c of contenders) await measureOnce(bench, c, undefined, cpuRate, withControls);
  for (let i = 0; i < iterations; i++) {
    if (i > 1 && !more()) break;
    const order = contenders.map((_, k) => contenders[(k + i) % contenders.length]!);
    const row: string[] = [];
    for (const c of order) {
      const sample = await measureOnce(bench, c, cpuRate > 1 ? 40_000 : 20_000, cpuRate, withControls);
      samples[c.key]!.push(sample.ms);
      if (withControls && c.controls) {
        controls.push(sample.controlsMs);
        frameToControls.push(sample.ms !== null && sample.controlsMs !== null ? sample.controlsMs - sample.ms : null);
      }
      if (sample.ms === null) failures[c.key] = (failures[c.key] ?? 0) + 1;
      if (sample.height !== null) heights[c.key]![`${sample.height}p`] = (heights[c.key]![`${sample.height}p`] ?? 0) + 1;
      sample.errors.forEach((e) => errors.add(`${c.key}: ${e}`));
      row.push(`${c.key}=${sample.ms === null ? '—' : sample.ms.toFixed(0)}${sample.controlsMs === null ? '' : ` (controls ${sample.controlsMs.toFixed(0)})`}`);
    }
    log(`  ttff${cpuRate > 1 ? ` cpu ${cpuRate}×` : ''} ${i + 1}/${iterations}: ${row.join(' ')}`);
  }
  const figures = Object.fromEntries(contenders.map((c) => [c.key, figure(samples[c.key]!)]));
  const player = samples.player ?? [];
  return {
    figures,
    samples,
    heights,
    ratioVsBare: figure(pairedRatios(player, samples.bare_hls ?? [])),
    ratioVsVideojs: figure(pairedRatios(player, samples.videojs ?? [])),
    controls: figure(controls),
    frameToControls: figure(frameToControls),
    failures,
    errors: [...errors].slice(0, 20),
  };
}
