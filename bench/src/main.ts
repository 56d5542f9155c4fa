/**
 * `npm run bench`: side-by-side benchmarks of the player against a bare hls.js page, video.js 8
 * and a progressive MP4, on the fixture film, in one run (see bench/README.md).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { launch, type Bench } from './browser';
import { BUDGETS, evaluateBudgets, exitCodeFor, type BudgetResult } from './budgets';
import { parseOptions, type BenchOptions, type Section as SectionName } from './options';
import { formatBudgets, formatTable, newSection, put, putMax, single, skipAll, type Row, type Section } from './report';
import { buildAll, instrumentSource, startHarness, type BenchServer } from './server';
import { AD_FLOOR_URL, measureAdFloorOnce, measureAdOnce, type AdSample } from './sections/ads';
import { measureBundle } from './sections/bundle';
import { HONOUR_WAIT_MS, NATIVE_PLAY_POINT, PAINT_WAIT_MS, PHONE, runFirstTap, TAP_POINT, tapContenders } from './sections/first-tap';
import { lostTaps, momentTable, QUICK_TAP_MOMENTS, ratioVsBare, TAP_MOMENTS, tapToFrame } from './sections/first-tap-figures';
import { EXPECTED_VIDEO_ELEMENTS, measureMemory, MEMORY_METHOD, playerSnapshot } from './sections/memory';
import { BUFFER_PROBE_MS, REBUFFER_WINDOW_MS, runMobile, type MobileResult, type MobileSample } from './sections/mobile';
import { MOBILE_PROFILE, networkConditions, qualityDrop } from './sections/mobile-figures';
import { measureNextOnce, MOBILE_NEXT_URL, type NextSample } from './sections/next-episode';
import { EARLY_WINDOW_MS, SETTLED_WINDOW_MS } from './sections/steady';
import { ensureTsFilm, FIRST_FRAME_FIGURES, putSteady, runSteadyVariant, STEADY_FIGURES, STEADY_VARIANTS, steadyPart, TS_FILM } from './sections/steady-run';
import { CONTENDERS, CPU_CONTENDERS, measureOnce, PHONE_CPU_RATE, runTtff, SERIES_COLD } from './sections/ttff';
import { figure, pairedRatios, round } from './stats';

const PACKAGES = ['hls.js', 'video.js', 'react', 'react-dom', 'effector', 'effector-react', '@playwright/test', 'esbuild'];

const ROWS: readonly Row[] = [
  { label: 'TTFF bare hls.js', key: 'ttff.bare_hls_ms' },
  { label: 'TTFF video.js 8', key: 'ttff.videojs_ms' },
  { label: 'TTFF our player', key: 'ttff.player_ms' },
  { label: 'TTFF progressive MP4', key: 'ttff.mp4_floor_ms' },
  { label: 'TTFF ours / bare', key: 'ttff.ratio_vs_bare' },
  { label: 'TTFF ours / video.js', key: 'ttff.ratio_vs_videojs' },
  { label: 'TTFF 4× CPU bare hls.js', key: 'ttff.cpu4x.bare_hls_ms' },
  { label: 'TTFF 4× CPU video.js 8', key: 'ttff.cpu4x.videojs_ms' },
  { label: 'TTFF 4× CPU our player', key: 'ttff.cpu4x.player_ms' },
  { label: 'TTFF 4× CPU ours / bare', key: 'ttff.cpu4x.ratio_vs_bare' },
  { label: 'TTFF 4× CPU p90 ours / bare p90', key: 'ttff.cpu4x.p90_ratio_vs_bare' },
  { label: 'TTFF 4× CPU ours / video.js', key: 'ttff.cpu4x.ratio_vs_videojs' },
  { label: 'controls 4× CPU, ours', key: 'ttff.cpu4x.player_controls_ms' },
  { label: 'first frame → controls 4× CPU', key: 'ttff.cpu4x.player_frame_to_controls_ms' },
  { label: 'TTFF mobile bare hls.js', key: 'ttff.mobile.bare_hls_ms' },
  { label: 'TTFF mobile video.js 8', key: 'ttff.mobile.videojs_ms' },
  { label: 'TTFF mobile our player', key: 'ttff.mobile.player_ms' },
  { label: 'TTFF mobile ours / bare', key: 'ttff.mobile.ratio_vs_bare' },
  { label: 'TTFF mobile ours / video.js', key: 'ttff.mobile.ratio_vs_videojs' },
  { label: 'JS before frame mobile, bare', key: 'ttff.mobile.bare_hls_js_before_frame_bytes' },
  { label: 'JS before frame mobile, video.js', key: 'ttff.mobile.videojs_js_before_frame_bytes' },
  { label: 'JS before frame mobile, ours', key: 'ttff.mobile.player_js_before_frame_bytes' },
  { label: 'all bytes before frame mobile, ours', key: 'ttff.mobile.player_total_before_frame_bytes' },
  { label: 'controls mobile, ours', key: 'ttff.mobile.player_controls_ms' },
  { label: 'first frame → controls mobile', key: 'ttff.mobile.player_frame_to_controls_ms' },
  { label: 'buffer 5 s after frame mobile, bare', key: 'ttff.mobile.bare_hls_buffer_ahead_5s_ms' },
  { label: 'buffer 5 s after frame mobile, ours', key: 'ttff.mobile.player_buffer_ahead_5s_ms' },
  { label: 'buffer mobile ours / bare', key: 'ttff.mobile.buffer_ratio_vs_bare' },
  { label: 'rebuffers 30 s mobile, bare (worst)', key: 'ttff.mobile.bare_hls_rebuffers_max' },
  { label: 'rebuffers 30 s mobile, ours (worst)', key: 'ttff.mobile.player_rebuffers_max' },
  { label: 'stalled 30 s mobile, ours', key: 'ttff.mobile.player_stalled_ms' },
  { label: 'first tap lost, ours', key: 'first_tap.player.lost' },
  { label: 'first tap lost, ours with pre-roll', key: 'first_tap.player_preroll.lost' },
  { label: 'first tap lost, bare native controls', key: 'first_tap.bare_hls.lost' },
  { label: 'first tap → frame, ours', key: 'first_tap.player.tap_to_frame_ms' },
  { label: 'first tap → frame, ours with pre-roll', key: 'first_tap.player_preroll.tap_to_frame_ms' },
  { label: 'first tap → frame, bare native controls', key: 'first_tap.bare_hls.tap_to_frame_ms' },
  { label: 'first tap → frame ours / bare', key: 'first_tap.player.tap_to_frame_ratio_vs_bare' },
  { label: 'first tap → frame pre-roll / bare', key: 'first_tap.player_preroll.tap_to_frame_ratio_vs_bare' },
  { label: 'first play → ad frame', key: 'ads.play_to_ad_frame_ms' },
  { label: 'play → frame, bare <video>', key: 'ads.floor_play_to_frame_ms' },
  { label: 'ad end → content', key: 'ads.ad_end_to_content_ms' },
  { label: 'episode end → next', key: 'next_episode.switch_ms' },
  { label: 'cold start S1E3', key: 'next_episode.cold_ms' },
  { label: 'next / cold', key: 'next_episode.ratio_vs_cold' },
  { label: 'episode end → next, mobile', key: 'next_episode.mobile_switch_ms' },
  { label: 'steady task time, ours', key: 'steady.player_task_ms' },
  { label: 'steady task time, bare', key: 'steady.bare_hls_task_ms' },
  { label: 'steady task ours / bare', key: 'steady.main_thread_ratio_vs_bare' },
  { label: 'steady script ours / bare', key: 'steady.script_ratio_vs_bare' },
  { label: 'early window task, ours', key: 'steady.player_early_task_ms' },
  { label: 'early window task, bare', key: 'steady.bare_hls_early_task_ms' },
  { label: 'early window ours / bare', key: 'steady.early_main_thread_ratio_vs_bare' },
  { label: 'steady longest task, ours', key: 'steady.player_longest_task_ms' },
  { label: 'steady longest task, bare', key: 'steady.bare_hls_longest_task_ms' },
  { label: 'steady TS task, ours', key: 'steady.ts.player_task_ms' },
  { label: 'steady TS task, bare', key: 'steady.ts.bare_hls_task_ms' },
  { label: 'steady TS ours / bare', key: 'steady.ts.main_thread_ratio_vs_bare' },
  { label: 'steady TS longest task, ours', key: 'steady.ts.player_longest_task_ms' },
  { label: 'steady TS longest task, bare', key: 'steady.ts.bare_hls_longest_task_ms' },
  { label: 'steady 4× CPU task, ours', key: 'steady.cpu4x.player_task_ms' },
  { label: 'steady 4× CPU task, bare', key: 'steady.cpu4x.bare_hls_task_ms' },
  { label: 'steady 4× CPU ours / bare', key: 'steady.cpu4x.main_thread_ratio_vs_bare' },
  { label: 'steady 4× CPU longest task, ours', key: 'steady.cpu4x.player_longest_task_ms' },
  { label: 'steady 4× CPU longest task, bare', key: 'steady.cpu4x.bare_hls_longest_task_ms' },
  { label: 'steady TS 4× CPU task, ours', key: 'steady.cpu4x_ts.player_task_ms' },
  { label: 'steady TS 4× CPU task, bare', key: 'steady.cpu4x_ts.bare_hls_task_ms' },
  { label: 'steady TS 4× CPU ours / bare', key: 'steady.cpu4x_ts.main_thread_ratio_vs_bare' },
  { label: 'steady TS 4× CPU longest task, ours', key: 'steady.cpu4x_ts.player_longest_task_ms' },
  { label: 'steady TS 4× CPU longest task, bare', key: 'steady.cpu4x_ts.bare_hls_longest_task_ms' },
  { label: 'first frame TS 4× CPU, ours', key: 'steady.cpu4x_ts.player_first_frame_ms' },
  { label: 'first frame TS 4× CPU, bare', key: 'steady.cpu4x_ts.bare_hls_first_frame_ms' },
  { label: 'first frame TS 4× CPU ours / bare', key: 'steady.cpu4x_ts.first_frame_ratio_vs_bare' },
  { label: 'heap growth 1 → N switches', key: 'memory.heap_growth_bytes' },
  { label: 'leaked <video> elements', key: 'memory.leaked_video_elements' },
  { label: 'leaked MediaSources', key: 'memory.leaked_media_sources' },
  { label: 'heap growth 1 → 10 ads', key: 'memory.ads_heap_growth_bytes' },
  { label: 'player page live <video>s', key: 'memory.player_live_video_elements' },
  { label: 'player page live MediaSources', key: 'memory.player_live_media_sources' },
  { label: 'initial JS gzip', key: 'bundle.initial_js_gzip_bytes' },
  { label: 'player JS gzip (with the app)', key: 'bundle.player_js_gzip_bytes' },
  { label: 'initial JS brotli', key: 'bundle.initial_js_brotli_bytes' },
  { label: 'initial CSS gzip', key: 'bundle.initial_css_gzip_bytes' },
  { label: 'own code gzip', key: 'bundle.own_code_gzip_bytes' },
  { label: 'own code gzip (with the app)', key: 'bundle.own_code_with_app_gzip_bytes' },
  { label: 'own code gzip (proportional)', key: 'bundle.own_code_proportional_gzip_bytes' },
];

async function packageVersions(repo: string): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const name of PACKAGES) {
    try {
      out[name] = (JSON.parse(await readFile(path.join(repo, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      out[name] = null;
    }
  }
  return out;
}

/** Sample lists in the JSON: milliseconds to 0.1, missing samples as null. */
const ms = (values: ReadonlyArray<number | null>) => values.map((v) => (v === null ? null : round(v, 1)));

const errorText = (err: unknown) => (err instanceof Error ? err.message.split('\n')[0]! : String(err));

interface Context {
  repo: string;
  opts: BenchOptions;
  bench: Bench;
  log: (line: string) => void;
  /** False once this section should stop iterating to leave time for the ones after it. */
  more: (section: SectionName) => boolean;
}

/** Rough seconds one iteration of each later section needs; reserved out of the time budget. */
const RESERVE_S: Record<SectionName, number> = { bundle: 0, ttff: 10, ttff_cpu4x: 15, ttff_mobile: 115, first_tap: 340, next_episode: 30, ads: 15, steady: 170, memory: 50 };
/** Order the sections run in. */
const ORDER: readonly SectionName[] = ['bundle', 'ttff', 'ttff_cpu4x', 'ttff_mobile', 'first_tap', 'next_episode', 'ads', 'steady', 'memory'];

async function ttffSection(ctx: Context, section: Section): Promise<void> {
  const iterations = ctx.opts.quick ? 1 : ctx.opts.iterations;
  const result = await runTtff(ctx.bench, CONTENDERS, iterations, !ctx.opts.quick, ctx.log, () => ctx.more('ttff'));
  for (const c of CONTENDERS) put(section, `${c.key}_ms`, result.figures[c.key] ?? null, `${c.label} never presented an advancing frame`);
  put(section, 'ratio_vs_bare', result.ratioVsBare, 'no iteration with both figures');
  put(section, 'ratio_vs_videojs', result.ratioVsVideojs, 'no iteration with both figures');
  section.first_frame_heights = result.heights;
  section.level_policy = Object.fromEntries(CONTENDERS.map((c) => [c.key, c.policy]));
  section.urls = Object.fromEntries(CONTENDERS.map((c) => [c.key, c.url]));
  section.failures = result.failures;
  section.page_errors = result.errors;
  section.samples = Object.fromEntries(Object.entries(result.samples).map(([k, v]) => [`${k}_ms`, ms(v)]));
  section.method =
    'navigation start (performance.timeOrigin) → requestVideoFrameCallback presentationTime of the first frame shown while playing, ' +
    'confirmed by a later frame with a larger mediaTime; fresh browser context (empty cache) per load; contenders alternate within ' +
    `each iteration in a rotated order${ctx.opts.quick ? '' : '; one uncounted warm-up round'}; ratios are medians of per-iteration pairs`;
}

/** Time to first frame at 4× CPU: ours, the bare hls.js page and video.js, alternated as above. */
async function cpuSection(ctx: Context, section: Section): Promise<void> {
  const iterations = ctx.opts.quick ? 1 : ctx.opts.iterations;
  const result = await runTtff(ctx.bench, CPU_CONTENDERS, iterations, !ctx.opts.quick, ctx.log, () => ctx.more('ttff_cpu4x'), PHONE_CPU_RATE, true);
  for (const c of CPU_CONTENDERS) put(section, `${c.key}_ms`, result.figures[c.key] ?? null, `${c.label} never presented an advancing frame at ${PHONE_CPU_RATE}× CPU`);
  put(section, 'ratio_vs_bare', result.ratioVsBare, 'no iteration with both figures');
  put(section, 'ratio_vs_videojs', result.ratioVsVideojs, 'no iteration with both figures');
  const player = result.figures.player;
  const bare = result.figures.bare_hls;
  put(section, 'p90_ratio_vs_bare', player && bare ? single(player.p90 / bare.p90) : null, 'no p90 for both pages');
  // Not a budget: how long a phone viewer watches the film before the player's controls exist.
  put(section, 'player_controls_ms', result.controls, 'our controls never entered the page within the load time-out');
  put(section, 'player_frame_to_controls_ms', result.frameToControls, 'no load with both our first frame and our controls');
  section.cpu_throttling_rate = PHONE_CPU_RATE;
  section.first_frame_heights = result.heights;
  section.failures = result.failures;
  section.page_errors = result.errors;
  section.samples = Object.fromEntries(Object.entries(result.samples).map(([k, v]) => [`${k}_ms`, ms(v)]));
  section.method =
    `as ttff, with CDP Emulation.setCPUThrottlingRate rate ${PHONE_CPU_RATE} set on each fresh page before it navigates ` +
    '(the DevTools throttling standing in for a mid-range phone); p90_ratio_vs_bare = our p90 / the bare page\'s p90; ' +
    'player_controls_ms = navigation start → our player surface ([data-testid="player"]) in the DOM (a MutationObserver added before any page script), ' +
    'player_frame_to_controls_ms = the median of each load\'s controls time minus its first-frame time';
}

const MOBILE_PER_CONTENDER = ['ms', 'js_before_frame_bytes', 'total_before_frame_bytes', 'buffer_ahead_5s_ms', 'rebuffers_max', 'stalled_ms'];

/** One field of every mobile sample of a contender. */
const mobileField = <K extends keyof MobileSample>(result: MobileResult, key: string, field: K): Array<MobileSample[K]> => (result.samples[key] ?? []).map((s) => s[field]);

/** The mobile section's figures: each contender's, then ours against the others'. */
function putMobileFigures(section: Section, result: MobileResult, quick: boolean): void {
  const of = <K extends keyof MobileSample>(key: string, field: K) => mobileField(result, key, field);
  const noWindow = `skipped (--quick: the ${REBUFFER_WINDOW_MS / 1000} s after the first frame are not watched)`;
  for (const c of CPU_CONTENDERS) {
    const never = `${c.label} never presented an advancing frame on the mobile profile`;
    put(section, `${c.key}_ms`, figure(of(c.key, 'ms')), never);
    put(section, `${c.key}_js_before_frame_bytes`, figure(of(c.key, 'jsBytes')), never);
    put(section, `${c.key}_total_before_frame_bytes`, figure(of(c.key, 'totalBytes')), never);
    put(section, `${c.key}_buffer_ahead_5s_ms`, figure(of(c.key, 'bufferAheadMs')), never);
    putMax(section, `${c.key}_rebuffers_max`, of(c.key, 'rebuffers'), quick ? noWindow : never);
    put(section, `${c.key}_stalled_ms`, figure(of(c.key, 'stalledMs')), quick ? noWindow : never);
  }
  put(section, 'ratio_vs_bare', figure(pairedRatios(of('player', 'ms'), of('bare_hls', 'ms'))), 'no iteration with both figures');
  put(section, 'ratio_vs_videojs', figure(pairedRatios(of('player', 'ms'), of('videojs', 'ms'))), 'no iteration with both figures');
  const player = figure(of('player', 'ms'));
  const bare = figure(of('bare_hls', 'ms'));
  // As the 4× section's: our p90 over the bare page's p90 (no budget here; the budget is ratio_vs_bare_p90).
  put(section, 'p90_ratio_vs_bare', player && bare ? single(player.p90 / bare.p90) : null, 'no p90 for both pages');
  put(section, 'buffer_ratio_vs_bare', figure(pairedRatios(of('player', 'bufferAheadMs'), of('bare_hls', 'bufferAheadMs'))), 'no iteration with both buffer figures and a non-empty bare buffer');
  put(section, 'player_controls_ms', figure(of('player', 'controlsMs')), 'our controls never entered the page within the load');
  const frameToControls = (result.samples.player ?? []).map((s) => (s.ms !== null && s.controlsMs !== null ? s.controlsMs - s.ms : null));
  put(section, 'player_frame_to_controls_ms', figure(frameToControls), 'no load with both our first frame and our controls');
}

const tally = (values: Iterable<string>) => {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
};

/** What the mobile section's loads saw besides the figures, by contender: heights, encodings, requests outside the throttle, the samples. */
function putMobileDetails(section: Section, result: MobileResult, quick: boolean, windowMs: number): void {
  const byContender = <T>(fn: (list: MobileSample[]) => T) => Object.fromEntries(CPU_CONTENDERS.map((c) => [c.key, fn(result.samples[c.key] ?? [])]));
  section.first_frame_heights = byContender((list) => tally(list.filter((s) => s.height !== null).map((s) => `${s.height}p`)));
  section.heights_played = byContender((list) => list.map((s) => s.heights));
  section.quality_drops = byContender((list) => (quick ? null : list.filter((s) => qualityDrop(s.heights)).length));
  section.js_encodings = byContender((list) => {
    const out: Record<string, number> = {};
    for (const s of list) for (const [k, n] of Object.entries(s.jsEncodings)) out[k] = (out[k] ?? 0) + n;
    return out;
  });
  section.unthrottled_requests = byContender((list) => [...new Set(list.flatMap((s) => s.unthrottled))]);
  section.other_target_requests = byContender((list) => [...new Set(list.flatMap((s) => s.otherTargets))]);
  section.workers = byContender((list) => [...new Set(list.flatMap((s) => s.workers))]);
  section.child_frames = byContender((list) => [...new Set(list.flatMap((s) => s.frames))]);
  section.clock_check_ms = byContender((list) => ms(list.map((s) => s.clockCheckMs)));
  section.profile = {
    name: MOBILE_PROFILE.name,
    cpu_throttling_rate: MOBILE_PROFILE.cpuRate,
    latency_ms: MOBILE_PROFILE.latencyMs,
    download_kbps: MOBILE_PROFILE.downloadKbps,
    upload_kbps: MOBILE_PROFILE.uploadKbps,
    cdp_network_conditions: networkConditions(MOBILE_PROFILE),
  };
  section.buffer_probe_ms = BUFFER_PROBE_MS;
  section.rebuffer_window_ms = windowMs;
  section.level_policy = Object.fromEntries(CPU_CONTENDERS.map((c) => [c.key, c.policy]));
  section.failures = result.failures;
  section.page_errors = result.errors;
  section.samples = byContender((list) => ({
    ms: ms(list.map((s) => s.ms)),
    js_before_frame_bytes: list.map((s) => s.jsBytes),
    js_files_before_frame: list.map((s) => s.jsFiles),
    total_before_frame_bytes: list.map((s) => s.totalBytes),
    buffer_ahead_5s_ms: ms(list.map((s) => s.bufferAheadMs)),
    rebuffers: list.map((s) => s.rebuffers),
    stalled_ms: ms(list.map((s) => s.stalledMs)),
    played_ms: ms(list.map((s) => s.playedMs)),
    controls_ms: ms(list.map((s) => s.controlsMs)),
  }));
}

/** How the mobile section measures, as the report states it. */
function mobileMethod(quick: boolean): string {
  return (
    `each load in a fresh context (empty cache) with, before it navigates, CDP Emulation.setCPUThrottlingRate ${MOBILE_PROFILE.cpuRate} and ` +
    `Network.emulateNetworkConditions ${JSON.stringify(networkConditions(MOBILE_PROFILE))} on the page's target (Lighthouse's mobile profile: ` +
    `DevTools' Slow 4G, kbit/s × 1024 / 8 floored as Lighthouse converts it); the server's responses as it sends them (the bench compresses nothing); ` +
    'first frame as ttff; bytes before the first frame = CDP Network.loadingFinished.encodedDataLength (headers included) of the responses ' +
    "finished by then (CDP times put on the page's clock through requestWillBeSent's wallTime and performance.timeOrigin), JavaScript = " +
    'Script resources and any JavaScript MIME type (a prefetched chunk); buffer = the content <video>\'s buffered end in the range holding ' +
    `currentTime, minus currentTime, ${BUFFER_PROBE_MS / 1000} s after the first frame; rebuffers = stalls that began in the ${REBUFFER_WINDOW_MS / 1000} s after ` +
    'the first frame (a waiting event while not seeking and not ended; more waiting events before the next playing are the same stall), ' +
    'stalled_ms their time to the next playing; *_rebuffers_max = the worst load; heights_played = the first frame\'s height then each ' +
    'resize of the content <video> in the window; ratios are medians of per-iteration pairs, ratio_vs_bare_p90 the p90 of those pairs ' +
    `(the budget's), p90_ratio_vs_bare our p90 / the bare page's p90 (as the 4× section's); contenders rotate within each iteration` +
    `${quick ? '' : '; one uncounted warm-up round (first frame only)'}; unthrottled_requests = http(s) requests whose first byte ` +
    `(Playwright's request.timing) came sooner than 90% of the ${MOBILE_PROFILE.latencyMs} ms latency: outside the throttle (a dedicated ` +
    "worker's requests are throttled with its page; an out-of-process frame's own requests are not); other_target_requests = http(s) " +
    "requests of the context that the page's CDP session did not see (a worker's or another frame's), missing from the byte counts"
  );
}

/**
 * Time to first frame on Lighthouse's mobile profile (4× CPU, DevTools' Slow 4G), with the bytes
 * before it, the buffer 5 s later and the stalls in the 30 s after it, from the same loads.
 */
async function mobileSection(ctx: Context, section: Section): Promise<void> {
  const quick = ctx.opts.quick;
  const windowMs = quick ? 0 : REBUFFER_WINDOW_MS;
  const result = await runMobile(ctx.bench, CPU_CONTENDERS, {
    iterations: quick ? 1 : ctx.opts.mobileIterations,
    warmUp: !quick,
    windowMs,
    log: ctx.log,
    more: () => ctx.more('ttff_mobile'),
  });
  putMobileFigures(section, result, quick);
  putMobileDetails(section, result, quick, windowMs);
  section.method = mobileMethod(quick);
}

/** How the first-tap section measures, as the report states it. */
const FIRST_TAP_METHOD =
  `each load in a fresh context on a ${PHONE.viewport.width}×${PHONE.viewport.height} touch viewport (isMobile, ${PHONE.deviceScaleFactor} device pixels) on the mobile profile ` +
  `as ttff_mobile sets it, no autoplay; one Playwright touchscreen tap at the load's moment, on ours at (${TAP_POINT.x}, ${TAP_POINT.y}), the centre of the page the player fills, ` +
  `on the bare page at (${NATIVE_PLAY_POINT.x}, ${NATIVE_PLAY_POINT.y}), Chromium's native play button (a tap in the middle of a <video controls> does not play): ` +
  `after the first paint (the earliest PerformanceObserver paint entry; navigation start when none came within ${PAINT_WAIT_MS / 1000} s) or after our ` +
  'controls ([data-testid="player"] in the DOM; the bare page, whose native controls come with its first paint, is tapped only after its paint); under = document.elementFromPoint at that ' +
  `point just before the tap; honoured = some <video> presented an advancing frame (requestVideoFrameCallback, as ttff) within ${HONOUR_WAIT_MS / 1000} s ` +
  'after the tap\'s pointerdown; tap_to_frame_ms = pointerdown → that frame; lost = taps not honoured; tap_to_frame_ratio_vs_bare = the median of ours ' +
  'over the moments after the first paint (same iteration) where both pages had painted and both taps were honoured / the bare page\'s median over the same moments';

/** The first tap on a phone: ours without and with a pre-roll and the bare page with native controls, one tap per load. */
async function firstTapSection(ctx: Context, section: Section): Promise<void> {
  const moments = ctx.opts.quick ? QUICK_TAP_MOMENTS : TAP_MOMENTS;
  const contenders = tapContenders(ctx.opts.adsUrl);
  const iterations = ctx.opts.quick ? 1 : ctx.opts.tapIterations;
  const result = await runFirstTap(ctx.bench, contenders, moments, { iterations, log: ctx.log, more: () => ctx.more('first_tap') });
  const bare = result.samples.bare_hls ?? [];
  for (const c of contenders) {
    const samples = result.samples[c.key] ?? [];
    const part = newSection({ label: c.label, url: c.url });
    const taps = samples.filter((s) => s.tapMs !== null).length;
    put(part, 'lost', single(taps > 0 ? lostTaps(samples) : null), 'no load made its tap');
    put(part, 'tap_to_frame_ms', tapToFrame(samples), `no tap was followed by a playing <video> within ${HONOUR_WAIT_MS / 1000} s`);
    if (c.key !== 'bare_hls') {
      const compared = ratioVsBare(samples, bare);
      put(part, 'tap_to_frame_ratio_vs_bare', single(compared.ratio), 'no moment where both pages had painted and both taps were honoured');
      part.compared_moments = compared.moments;
    }
    part.taps = samples.map((s) => ({ ...s, paintMs: s.paintMs === null ? null : round(s.paintMs, 1), fcpMs: s.fcpMs === null ? null : round(s.fcpMs, 1), controlsMs: s.controlsMs === null ? null : round(s.controlsMs, 1), tapMs: s.tapMs === null ? null : round(s.tapMs, 1), tapToFrameMs: s.tapToFrameMs === null ? null : round(s.tapToFrameMs, 1) }));
    section[c.key] = part;
  }
  section.moments = moments.map((m) => m.id);
  section.table = momentTable(moments, result.samples);
  section.viewport = PHONE;
  section.page_errors = result.errors;
  section.method = FIRST_TAP_METHOD;
}

async function adsSection(ctx: Context, section: Section): Promise<void> {
  const samples: AdSample[] = [];
  const floors: Array<number | null> = [];
  for (let i = 0; i < ctx.opts.adsIterations; i++) {
    if (i > 1 && !ctx.more('ads')) break;
    const sample = await measureAdOnce(ctx.bench, ctx.opts.adsUrl);
    samples.push(sample);
    floors.push(await measureAdFloorOnce(ctx.bench));
    const figures = `play→ad ${sample.playToAdFrameMs?.toFixed(0) ?? '—'} ms (bare <video> ${floors.at(-1)?.toFixed(0) ?? '—'} ms), ad end (${sample.adEndEvent ?? '—'})→content ${sample.adEndToContentMs?.toFixed(0) ?? '—'} ms`;
    ctx.log(`  ads ${i + 1}/${ctx.opts.adsIterations}: ${figures}${sample.reason ? `; ${sample.reason}` : ''}`);
    // No pre-roll twice running from the start: no point repeating (one miss alone may be a flake).
    if (i === 1 && samples.every((s) => s.playToAdFrameMs === null)) break;
  }
  const reason = samples.find((s) => s.reason)?.reason;
  put(section, 'play_to_ad_frame_ms', figure(samples.map((s) => s.playToAdFrameMs)), reason);
  put(section, 'ad_end_to_content_ms', figure(samples.map((s) => s.adEndToContentMs)), reason);
  put(section, 'floor_play_to_frame_ms', figure(floors), floors.every((f) => f === null) ? `the bare <video> on ${AD_FLOOR_URL} showed no advancing frame after the click` : undefined);
  section.scenario = ctx.opts.adsUrl;
  section.ad_end_events = samples.map((s) => s.adEndEvent ?? null);
  section.samples = { play_to_ad_frame_ms: ms(samples.map((s) => s.playToAdFrameMs)), ad_end_to_content_ms: ms(samples.map((s) => s.adEndToContentMs)), floor_play_to_frame_ms: ms(floors) };
  section.method =
    'player loaded without autoplay with a one-pre-roll ad list (5 s creative), network idle, then a click in the middle of the player: ' +
    'click event time → first advancing frame of a <video> that is not the blob: content; ad end (the first ended, pause or emptied ' +
    'event of the ad <video>) → first advancing frame of the blob: content <video>; the floor: the same creative in a bare <video> ' +
    `(${AD_FLOOR_URL}, preload=auto, network idle), click → its first advancing frame, one after each player sample`;
}

/** Loads of the next-episode switch under the mobile profile (each about 15 s). */
const MOBILE_SWITCHES = 3;

async function nextEpisodeSection(ctx: Context, section: Section): Promise<void> {
  const iterations = ctx.opts.nextIterations;
  const switches: NextSample[] = [];
  const cold: Array<number | null> = [];
  let advancing = true;
  for (let i = 0; i < iterations; i++) {
    if (i > 1 && !ctx.more('next_episode')) break;
    const steps = [
      async () => {
        if (!advancing) return;
        const sample = await measureNextOnce(ctx.bench, ctx.opts.nextUrl);
        switches.push(sample);
        if (sample.switchMs === null && switches.length === 1) advancing = false;
      },
      async () => cold.push((await measureOnce(ctx.bench, SERIES_COLD)).ms),
    ];
    if (i % 2 === 1) steps.reverse();
    for (const step of steps) await step();
    const last = switches[switches.length - 1];
    ctx.log(`  next episode ${i + 1}/${iterations}: switch ${last?.switchMs?.toFixed(0) ?? last?.reason ?? '—'}, cold ${cold[cold.length - 1]?.toFixed(0) ?? '—'}`);
  }
  const reason = switches.find((s) => s.reason)?.reason;
  const switchFig = figure(switches.map((s) => s.switchMs));
  const coldFig = figure(cold);
  put(section, 'switch_ms', switchFig, reason);
  put(section, 'cold_ms', coldFig, 'S1E3 never presented an advancing frame');
  put(section, 'ratio_vs_cold', switchFig && coldFig ? figure(switchFig.samples.map((s) => s / coldFig.median)) : null, reason ?? 'no cold start figure');
  section.masters_requested = switches.find((s) => s.masters)?.masters ?? null;
  section.scenario = ctx.opts.nextUrl;
  section.cold_url = SERIES_COLD.url;
  const mobile = advancing ? await mobileSwitches(ctx) : [];
  const mobileReason = mobile.find((s) => s.reason)?.reason ?? reason;
  put(section, 'mobile_switch_ms', figure(mobile.map((s) => s.switchMs)), mobileReason ?? 'not measured');
  section.mobile_scenario = MOBILE_NEXT_URL;
  section.samples = { switch_ms: ms(switches.map((s) => s.switchMs)), cold_ms: ms(cold), mobile_switch_ms: ms(mobile.map((s) => s.switchMs)) };
  section.method =
    'S1E2 (8 s) played from t=6: its ended event → first advancing frame of a blob: <video> after it (same or new element); ' +
    'cold = TTFF of S1E3 in a fresh context; the two alternate within each iteration; ratio = each switch / median cold; ' +
    `mobile = the same switch under the mobile profile (as ttff's: 4× CPU, Lighthouse's mobile network) from ${MOBILE_NEXT_URL}, S1E2 from its start`;
}

/** The switch under the mobile profile: a few loads, as many as the time budget allows past the first. */
async function mobileSwitches(ctx: Context): Promise<NextSample[]> {
  const samples: NextSample[] = [];
  for (let i = 0; i < MOBILE_SWITCHES; i++) {
    if (i > 0 && !ctx.more('next_episode')) break;
    const sample = await measureNextOnce(ctx.bench, MOBILE_NEXT_URL, { mobile: true });
    samples.push(sample);
    ctx.log(`  next episode, mobile ${i + 1}/${MOBILE_SWITCHES}: switch ${sample.switchMs?.toFixed(0) ?? sample.reason ?? '—'}`);
  }
  return samples;
}

/** Steady playback (issue 49): fMP4 and MPEG-TS, full CPU and 4× CPU, ours against the bare page (sections/steady-run.ts). */
async function steadySection(ctx: Context, section: Section): Promise<void> {
  const tsMissing = await ensureTsFilm(ctx.repo, ctx.log);
  for (const variant of STEADY_VARIANTS) {
    const part = steadyPart(section, variant.key);
    if (variant.stream === 'ts' && tsMissing) {
      skipAll(part, variant.key === 'cpu4x_ts' ? [...STEADY_FIGURES, ...FIRST_FRAME_FIGURES] : STEADY_FIGURES, tsMissing);
      continue;
    }
    const samples = await runSteadyVariant(ctx.bench, variant, { iterations: ctx.opts.steadyIterations, seconds: ctx.opts.steadySeconds, more: () => ctx.more('steady'), log: ctx.log });
    putSteady(part, samples, variant);
  }
  section.seconds = ctx.opts.steadySeconds;
  section.method =
    `CDP Performance.getMetrics (timeDomain threadTicks: main-thread CPU time, so waiting for a busy CPU does not count) TaskDuration and ` +
    `ScriptDuration deltas over ${ctx.opts.steadySeconds} s of playing; settled window (the budget's) from ${SETTLED_WINDOW_MS / 1000} s after the first frame, ` +
    `when the player's deferred start-up work (error-reporting SDK, device fingerprint) has run; early window from ${EARLY_WINDOW_MS / 1000} s, which includes it; ` +
    `both from the same load; ours and the bare page alternate. The section's own figures: the fixture film (fMP4) on the full CPU; ts: ${TS_FILM} ` +
    `(60 s 1280×720 H.264 3 Mbit/s CBR, AAC, 4 s segments); cpu4x, cpu4x_ts: the same at ${PHONE_CPU_RATE}× CPU (Emulation.setCPUThrottlingRate before navigating). ` +
    'longest task: the Long Tasks API\'s longest task (≥ 50 ms; 0 when none) starting in the settled window, per load; longest_task_over_bare_ms = our median − the bare median. ' +
    'cpu4x_ts first frame: navigation start → first advancing frame of the same loads, ratio = median of per-iteration pairs';
}

/** Pre-rolls in the memory section's main load (the issue's "10 ads"). */
const MEMORY_ADS = 10;

async function memorySection(ctx: Context, section: Section): Promise<void> {
  const switches = ctx.opts.quick ? Math.min(2, ctx.opts.switches) : ctx.opts.switches;
  const ads = ctx.opts.quick ? 1 : MEMORY_ADS;
  const result = await measureMemory(ctx.bench, { ads, switches, baseline: !ctx.opts.quick }, ctx.log);
  const sw = result.switches!;
  if (sw.failedSwitches > 0) ctx.log(`  memory: ${sw.failedSwitches} of ${sw.switches} switches showed no frame within 15 s`);
  const growth = sw.heapAfterFirstBytes !== null && sw.heapAfterLastBytes !== null ? sw.heapAfterLastBytes - sw.heapAfterFirstBytes : null;
  put(section, 'heap_growth_bytes', single(growth), sw.reason);
  put(section, 'leaked_video_elements', single(sw.reason ? null : Math.max(0, sw.videoElements - EXPECTED_VIDEO_ELEMENTS)), sw.reason);
  put(section, 'leaked_media_sources', single(sw.reason ? null : Math.max(0, sw.mediaSources - 1)), sw.reason);
  const adsReason = ctx.opts.quick ? 'skipped (--quick)' : (result.oneAd?.reason ?? result.tenAds.reason);
  const adsGrowth = result.oneAd?.heapBytes != null && result.tenAds.heapBytes !== null ? result.tenAds.heapBytes - result.oneAd.heapBytes : null;
  put(section, 'ads_heap_growth_bytes', single(adsReason ? null : adsGrowth), adsReason);
  section.ads_played = result.tenAds.adsPlayed;
  section.heap_after_one_ad_bytes = result.oneAd?.heapBytes ?? null;
  section.heap_after_ads_bytes = result.tenAds.heapBytes;
  section.heap_after_first_switch_bytes = sw.heapAfterFirstBytes;
  section.heap_after_last_switch_bytes = sw.heapAfterLastBytes;
  section.live_video_elements = sw.videoElements;
  section.live_media_sources = sw.mediaSources;
  section.switches = sw.switches;
  section.switches_by = { next_episode_button: sw.byButton, seasons_menu: sw.byMenu };
  section.failed_switches = sw.failedSwitches;
  const switchFig = figure(sw.switchMs);
  section.switch_to_first_frame_ms = switchFig ? round(switchFig.median, 1) : null;
  section.method = MEMORY_METHOD;

  const snapshot = await playerSnapshot(ctx.bench);
  put(section, 'player_live_video_elements', single(snapshot?.videoElements), 'the player never played');
  put(section, 'player_live_media_sources', single(snapshot?.mediaSources), 'the player never played');
  section.player_heap_bytes = snapshot?.heapBytes ?? null;
}

async function bundleSection(ctx: Pick<Context, 'repo' | 'opts'>, section: Section): Promise<void> {
  const b = await measureBundle(ctx.repo, ctx.opts.distDir);
  const sum = (files: typeof b.initialJs, k: 'bytes' | 'gzip' | 'brotli') => files.reduce((s, f) => s + f[k], 0);
  put(section, 'initial_js_gzip_bytes', single(sum(b.initialJs, 'gzip')));
  put(section, 'initial_js_brotli_bytes', single(sum(b.initialJs, 'brotli')));
  put(section, 'player_js_gzip_bytes', single(sum([...b.initialJs, ...b.appJs], 'gzip')));
  put(section, 'initial_css_gzip_bytes', single(sum(b.initialCss, 'gzip')));
  put(section, 'own_code_gzip_bytes', single(b.ownCodeGzip));
  put(section, 'own_code_with_app_gzip_bytes', single(b.ownCodeWithAppGzip));
  put(section, 'own_code_proportional_gzip_bytes', single(b.ownCodeGzipProportional));
  section.initial_js_bytes = sum(b.initialJs, 'bytes');
  section.initial_css_bytes = sum(b.initialCss, 'bytes');
  section.initial_css_brotli_bytes = sum(b.initialCss, 'brotli');
  section.own_code_brotli_bytes = b.ownCodeBrotli;
  section.own_code_bytes = b.ownCodeRaw;
  section.files = { initial_js: b.initialJs, app_js: b.appJs, initial_css: b.initialCss, lazy_chunks: b.lazyChunks };
  section.initial_js_bytes_by_package = b.initialJsByPackage;
  section.method =
    'initial = the files index.html references (entry script, its stylesheet, the modulepreloaded engine chunk) and their static imports: what loads before the first frame; ' +
    'player JS = initial and the app chunk with its static imports, fetched at the app\'s turn (after the first frame): all a started player runs; ' +
    'gzip -9 and brotli q11 of the built files; own code = the same entry re-bundled with every package external (same esbuild options), ' +
    'gzip of its initially loaded JS, and apart with the app (all a started player runs); the proportional figure is each initial file gzip × its share of bytes from outside node_modules';
}

const SECTION_KEYS: Record<SectionName, string[]> = {
  ttff: ['bare_hls_ms', 'videojs_ms', 'player_ms', 'mp4_floor_ms', 'ratio_vs_bare', 'ratio_vs_videojs'],
  ttff_cpu4x: ['bare_hls_ms', 'videojs_ms', 'player_ms', 'ratio_vs_bare', 'p90_ratio_vs_bare', 'ratio_vs_videojs', 'player_controls_ms', 'player_frame_to_controls_ms'],
  ttff_mobile: [
    ...CPU_CONTENDERS.flatMap((c) => MOBILE_PER_CONTENDER.map((k) => `${c.key}_${k}`)),
    'ratio_vs_bare',
    'ratio_vs_videojs',
    'p90_ratio_vs_bare',
    'buffer_ratio_vs_bare',
    'player_controls_ms',
    'player_frame_to_controls_ms',
  ],
  first_tap: [
    ...['player', 'player_preroll', 'bare_hls'].flatMap((c) => [`${c}.lost`, `${c}.tap_to_frame_ms`]),
    'player.tap_to_frame_ratio_vs_bare',
    'player_preroll.tap_to_frame_ratio_vs_bare',
  ],
  ads: ['play_to_ad_frame_ms', 'ad_end_to_content_ms', 'floor_play_to_frame_ms'],
  next_episode: ['switch_ms', 'cold_ms', 'ratio_vs_cold', 'mobile_switch_ms'],
  steady: [
    ...STEADY_FIGURES,
    ...STEADY_VARIANTS.filter((v) => v.key !== 'fmp4').flatMap((v) => STEADY_FIGURES.map((k) => `${v.key}.${k}`)),
    ...FIRST_FRAME_FIGURES.map((k) => `cpu4x_ts.${k}`),
  ],
  memory: ['heap_growth_bytes', 'leaked_video_elements', 'leaked_media_sources', 'ads_heap_growth_bytes', 'player_live_video_elements', 'player_live_media_sources'],
  bundle: ['initial_js_gzip_bytes', 'player_js_gzip_bytes', 'initial_js_brotli_bytes', 'initial_css_gzip_bytes', 'own_code_gzip_bytes', 'own_code_with_app_gzip_bytes', 'own_code_proportional_gzip_bytes'],
};

/** Sections --quick skips (each takes tens of seconds). */
const SLOW: ReadonlySet<SectionName> = new Set(['ads', 'next_episode', 'steady']);

/** Each section's report part, in the JSON's order (ttff_cpu4x and ttff_mobile end up inside ttff). */
function newSections(): Record<SectionName, Section> {
  return {
    ttff: newSection(),
    ttff_cpu4x: newSection(),
    ttff_mobile: newSection(),
    first_tap: newSection(),
    ads: newSection(),
    next_episode: newSection(),
    steady: newSection(),
    memory: newSection(),
    bundle: newSection(),
  };
}

/** The run's circumstances known before it starts: the date, the machine, the versions and the options. */
async function startMeta(repo: string, opts: BenchOptions): Promise<Record<string, unknown>> {
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? null,
      memory_bytes: os.totalmem(),
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      loadavg_start: os.loadavg().map((v) => round(v, 2)),
    },
    node: process.version,
    packages: await packageVersions(repo),
    options: {
      iterations: opts.iterations,
      quick: opts.quick,
      ads_iterations: opts.adsIterations,
      next_iterations: opts.nextIterations,
      steady_iterations: opts.steadyIterations,
      mobile_iterations: opts.mobileIterations,
      tap_iterations: opts.tapIterations,
      switches: opts.switches,
      steady_seconds: opts.steadySeconds,
      time_budget_s: opts.timeBudgetS,
      sections: [...opts.sections],
    },
  };
}

/** One run's state, filled in as the sections run. */
interface Run {
  repo: string;
  opts: BenchOptions;
  started: number;
  log: (line: string) => void;
  sections: Record<SectionName, Section>;
  meta: Record<string, unknown>;
  sectionSeconds: Record<string, number>;
  /** Sections that stopped iterating to stay within --time-budget. */
  truncated: Set<SectionName>;
}

/** Runs one section and times it, unless it is not chosen or --quick skips it; a failed section has every figure null with the reason. */
async function timed(run: Run, name: SectionName, fn: () => Promise<void>): Promise<void> {
  const { opts, sections, log } = run;
  if (!opts.sections.has(name)) return skipAll(sections[name], SECTION_KEYS[name], 'section not selected (--only)');
  if (opts.quick && SLOW.has(name)) return skipAll(sections[name], SECTION_KEYS[name], 'skipped (--quick)');
  const t0 = Date.now();
  log(`bench: ${name}`);
  try {
    await fn();
  } catch (err) {
    skipAll(sections[name], SECTION_KEYS[name], `section failed: ${errorText(err)}`);
    log(`  ${name} failed: ${errorText(err)}`);
  }
  run.sectionSeconds[name] = round((Date.now() - t0) / 1000, 1);
}

/** Whether a section may start another iteration: not once the later chosen sections' reserve would no longer fit the time budget. */
function timeBudget(run: Run): (section: SectionName) => boolean {
  const { opts, truncated } = run;
  const deadline = run.started + opts.timeBudgetS * 1000;
  return (section) => {
    if (opts.timeBudgetS === 0) return true;
    const later = ORDER.slice(ORDER.indexOf(section) + 1).filter((name) => opts.sections.has(name) && !(opts.quick && SLOW.has(name)));
    const reserve = later.reduce((sum, name) => sum + RESERVE_S[name], 0) * 1000;
    const ok = Date.now() < deadline - reserve;
    if (!ok) truncated.add(section);
    return ok;
  };
}

/** The browser sections, in ORDER, on the built player served by the harness. */
async function browserSections(run: Run, browser: Browser, server: BenchServer): Promise<void> {
  const { repo, opts, log, sections, meta } = run;
  meta.chromium = browser.version();
  meta.chromium_path = opts.chromium ?? "Playwright's own";
  const instrument = await instrumentSource(repo);
  const ctx: Context = { repo, opts, log, more: timeBudget(run), bench: { browser, origin: server.playerOrigin, instrument } };
  await timed(run, 'ttff', () => ttffSection(ctx, sections.ttff));
  await timed(run, 'ttff_cpu4x', () => cpuSection(ctx, sections.ttff_cpu4x));
  await timed(run, 'ttff_mobile', () => mobileSection(ctx, sections.ttff_mobile));
  await timed(run, 'first_tap', () => firstTapSection(ctx, sections.first_tap));
  await timed(run, 'next_episode', () => nextEpisodeSection(ctx, sections.next_episode));
  await timed(run, 'ads', () => adsSection(ctx, sections.ads));
  await timed(run, 'steady', () => steadySection(ctx, sections.steady));
  await timed(run, 'memory', () => memorySection(ctx, sections.memory));
}

/**
 * Builds, measures the bundle, then serves the build and runs the browser sections; the browser,
 * the server and (unless --keep-dist) the build go away at the end or on a signal. False when
 * the run itself failed (a section's failure is in its report part).
 */
async function runSections(run: Run): Promise<boolean> {
  const { repo, opts, log, sections } = run;
  let server: BenchServer | null = null;
  let browser: Browser | null = null;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    if (!opts.keepDist) await rm(path.resolve(repo, opts.distDir), { recursive: true, force: true });
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log(`bench: building into ${opts.distDir}`);
    if (opts.build) await buildAll(repo, opts.distDir);
    await timed(run, 'bundle', () => bundleSection({ repo, opts }, sections.bundle));
    server = await startHarness(repo, opts.distDir, opts.playerPort, opts.harnessPort);
    browser = await launch(opts.chromium);
    await browserSections(run, browser, server);
    return true;
  } catch (err) {
    console.error(`bench: ${errorText(err)}`);
    return false;
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** The JSON report: the run's circumstances, each section (the two other TTFF profiles inside ttff), and the budgets' verdicts. */
function buildReport(run: Run): { report: Record<string, unknown>; budgets: BudgetResult[] } {
  const { meta, sections } = run;
  (meta.machine as Record<string, unknown>).loadavg_end = os.loadavg().map((v) => round(v, 2));
  meta.duration_s = round((Date.now() - run.started) / 1000, 1);
  meta.section_seconds = run.sectionSeconds;
  meta.stopped_early = [...run.truncated];
  const { ttff_cpu4x: cpu4x, ttff_mobile: mobile, ...rest } = sections;
  const report: Record<string, unknown> = { meta, ...rest, ttff: { ...sections.ttff, cpu4x, mobile } };
  const budgets = evaluateBudgets(report, BUDGETS);
  report.budgets = budgets.map(({ id, label, key, limit, unit, kind, value, status, reason }) => ({ id, label, key, limit, unit, kind: kind ?? 'max', value, status, ...(reason ? { reason } : {}) }));
  return { report, budgets };
}

/** The summary on the terminal: the machine, the figures' table, what the loads showed, and the budgets. */
function printSummary(run: Run, report: Record<string, unknown>, budgets: readonly BudgetResult[], out: string): void {
  const { meta, sections, log, opts, truncated } = run;
  const machine = meta.machine as Record<string, unknown>;
  log('');
  log(`${meta.date}  Chromium ${meta.chromium}  ${machine.cpus} CPUs  ${(Number(machine.memory_bytes) / 2 ** 30).toFixed(1)} GiB  load ${String(machine.loadavg_start)} → ${String(machine.loadavg_end)}  ${meta.duration_s} s`);
  log('');
  log(formatTable(report, ROWS));
  const heights = sections.ttff.first_frame_heights as Record<string, Record<string, number>> | undefined;
  if (heights) log(`\nfirst frame shown (TTFF loads): ${Object.entries(heights).map(([k, v]) => `${k} ${Object.entries(v).map(([h, n]) => `${h}×${n}`).join('+') || '—'}`).join(', ')}`);
  const played = sections.ttff_mobile.heights_played as Record<string, number[][]> | undefined;
  if (played && Object.values(played).some((loads) => loads.some((h) => h.length > 0))) {
    log(`mobile profile, heights played from the first frame: ${Object.entries(played).map(([k, loads]) => `${k} ${loads.map((h) => h.join('→') || '—').join(', ')}`).join('; ')}`);
  }
  const files = sections.bundle.files as { lazy_chunks?: Array<{ file: string; gzip: number; brotli: number }> } | undefined;
  if (files?.lazy_chunks) log(`lazy chunks: ${files.lazy_chunks.map((f) => `${path.basename(f.file)} ${(f.gzip / 1024).toFixed(1)} KiB gz / ${(f.brotli / 1024).toFixed(1)} KiB br`).join(', ') || 'none'}`);
  const taps = sections.first_tap.table as string[] | undefined;
  if (taps) log(`\nfirst tap on a phone, per moment (✓ played, ms from the tap to the first frame; ✗ lost):\n${taps.join('\n')}`);
  if (truncated.size > 0) log(`stopped early to stay within --time-budget ${opts.timeBudgetS} s: ${[...truncated].join(', ')} (see n)`);
  log('\nbudgets');
  log(formatBudgets(budgets));
  log(`\nreport: ${path.relative(run.repo, out)}`);
}

export async function main(repo: string, argv: string[]): Promise<number> {
  let opts: BenchOptions;
  try {
    opts = parseOptions(argv, process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 2;
  }
  const started = Date.now();
  const log = (line: string) => console.log(line);
  const run: Run = { repo, opts, started, log, sections: newSections(), meta: await startMeta(repo, opts), sectionSeconds: {}, truncated: new Set() };
  if (!(await runSections(run))) return 2;

  const { report, budgets } = buildReport(run);
  const out = path.resolve(repo, opts.out);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  printSummary(run, report, budgets, out);
  return exitCodeFor(budgets, opts.strict);
}
