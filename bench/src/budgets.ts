/** The performance budgets, evaluated against a report. A missing figure is SKIP, never FAIL. */

export type BudgetStatus = 'PASS' | 'FAIL' | 'SKIP';

export interface Budget {
  id: string;
  label: string;
  /** Dotted path of the figure in the report. */
  key: string;
  limit: number;
  unit: 'ratio' | 'ms' | 'bytes' | 'count';
  /** 'max' (the default): PASS when the figure ≤ limit; 'min': PASS when it is ≥ limit. */
  kind?: 'max' | 'min';
}

export interface BudgetResult extends Budget {
  value: number | null;
  status: BudgetStatus;
  reason?: string;
}

const KIB = 1024;
const MIB = 1024 * KIB;

export const BUDGETS: readonly Budget[] = [
  { id: 'ttff-vs-bare', label: 'TTFF ≤ 1.00× bare hls.js page', key: 'ttff.ratio_vs_bare', limit: 1.0, unit: 'ratio' },
  { id: 'ttff-vs-videojs', label: 'TTFF ≤ 0.70× video.js', key: 'ttff.ratio_vs_videojs', limit: 0.7, unit: 'ratio' },
  { id: 'ttff-cpu4x-vs-bare', label: 'TTFF at 4× CPU ≤ 1.00× bare hls.js page', key: 'ttff.cpu4x.ratio_vs_bare', limit: 1.0, unit: 'ratio' },
  { id: 'ttff-cpu4x-p90', label: 'TTFF p90 at 4× CPU ≤ 1.25× the bare page\'s p90', key: 'ttff.cpu4x.p90_ratio_vs_bare', limit: 1.25, unit: 'ratio' },
  { id: 'ttff-cpu4x-vs-videojs', label: 'TTFF at 4× CPU ≤ 0.70× video.js', key: 'ttff.cpu4x.ratio_vs_videojs', limit: 0.7, unit: 'ratio' },
  // The controls with the first frame: how long a phone viewer watches the film before they can pause it.
  { id: 'controls-cpu4x', label: 'first frame → controls at 4× CPU ≤ 300 ms', key: 'ttff.cpu4x.player_frame_to_controls_ms', limit: 300, unit: 'ms' },
  { id: 'ttff-mobile-vs-bare', label: 'TTFF mobile profile ≤ 0.90× bare hls.js', key: 'ttff.mobile.ratio_vs_bare', limit: 0.9, unit: 'ratio' },
  // The p90 of the per-iteration ratios (the same pairs as the median; pairing cancels a busy machine's drift).
  { id: 'ttff-mobile-p90', label: 'TTFF mobile, p90 of ours / bare pairs ≤ 1.00×', key: 'ttff.mobile.ratio_vs_bare_p90', limit: 1.0, unit: 'ratio' },
  { id: 'mobile-buffer', label: 'mobile: buffer 5 s after frame ≥ 0.90× bare', key: 'ttff.mobile.buffer_ratio_vs_bare', limit: 0.9, unit: 'ratio', kind: 'min' },
  { id: 'mobile-rebuffer', label: 'mobile: no rebuffer in 30 s after the frame', key: 'ttff.mobile.player_rebuffers_max', limit: 0, unit: 'count' },
  { id: 'controls-mobile', label: 'mobile: first frame → controls ≤ 300 ms', key: 'ttff.mobile.player_frame_to_controls_ms', limit: 300, unit: 'ms' },
  // A tap at any moment after the first paint plays (ad or film) without a second one, no slower than a bare <video controls>.
  { id: 'first-tap-lost', label: 'first tap: no tap lost, ours', key: 'first_tap.player.lost', limit: 0, unit: 'count' },
  { id: 'first-tap-lost-preroll', label: 'first tap: no tap lost, ours with a pre-roll', key: 'first_tap.player_preroll.lost', limit: 0, unit: 'count' },
  { id: 'first-tap-frame', label: 'first tap → frame ≤ 1.00× bare native controls', key: 'first_tap.player.tap_to_frame_ratio_vs_bare', limit: 1.0, unit: 'ratio' },
  { id: 'first-tap-frame-preroll', label: 'first tap → ad frame ≤ 1.00× bare native controls', key: 'first_tap.player_preroll.tap_to_frame_ratio_vs_bare', limit: 1.0, unit: 'ratio' },
  { id: 'ad-start', label: 'first play → first ad frame ≤ 100 ms', key: 'ads.play_to_ad_frame_ms', limit: 100, unit: 'ms' },
  { id: 'ad-end', label: 'ad end → content playing ≤ 150 ms', key: 'ads.ad_end_to_content_ms', limit: 150, unit: 'ms' },
  { id: 'next-episode', label: 'episode end → next playing ≤ 0.5× cold start', key: 'next_episode.ratio_vs_cold', limit: 0.5, unit: 'ratio' },
  // Steady playback (issue 49): a phone pays for the main thread's work in taps and battery, on fMP4 and on the MPEG-TS most catalogues serve.
  { id: 'steady', label: 'steady main-thread time, fMP4 ≤ 1.00× bare hls.js', key: 'steady.main_thread_ratio_vs_bare', limit: 1.0, unit: 'ratio' },
  { id: 'steady-ts', label: 'steady main-thread time, MPEG-TS ≤ 1.00× bare hls.js', key: 'steady.ts.main_thread_ratio_vs_bare', limit: 1.0, unit: 'ratio' },
  { id: 'steady-cpu4x', label: 'steady at 4× CPU, fMP4 ≤ 1.10× bare hls.js', key: 'steady.cpu4x.main_thread_ratio_vs_bare', limit: 1.1, unit: 'ratio' },
  { id: 'steady-cpu4x-ts', label: 'steady at 4× CPU, MPEG-TS ≤ 1.10× bare hls.js', key: 'steady.cpu4x_ts.main_thread_ratio_vs_bare', limit: 1.1, unit: 'ratio' },
  { id: 'longest-task-cpu4x', label: 'longest task at 4× CPU, fMP4 ≤ bare hls.js\'s', key: 'steady.cpu4x.longest_task_over_bare_ms', limit: 0, unit: 'ms' },
  { id: 'longest-task-cpu4x-ts', label: 'longest task at 4× CPU, MPEG-TS ≤ bare hls.js\'s', key: 'steady.cpu4x_ts.longest_task_over_bare_ms', limit: 0, unit: 'ms' },
  { id: 'ttff-ts-cpu4x', label: 'first frame at 4× CPU, MPEG-TS ≤ 1.00× bare hls.js', key: 'steady.cpu4x_ts.first_frame_ratio_vs_bare', limit: 1.0, unit: 'ratio' },
  { id: 'heap', label: 'heap growth after 30 switches ≤ 2 MiB', key: 'memory.heap_growth_bytes', limit: 2 * MIB, unit: 'bytes' },
  { id: 'leaked-video', label: 'no leaked <video> elements', key: 'memory.leaked_video_elements', limit: 0, unit: 'count' },
  { id: 'leaked-mse', label: 'no leaked MediaSources', key: 'memory.leaked_media_sources', limit: 0, unit: 'count' },
  { id: 'initial-js', label: 'initial JS ≤ 210 KiB gzip', key: 'bundle.initial_js_gzip_bytes', limit: 210 * KIB, unit: 'bytes' },
  { id: 'own-code', label: 'own code ≤ 60 KiB gzip', key: 'bundle.own_code_gzip_bytes', limit: 60 * KIB, unit: 'bytes' },
];

/** Reads a dotted path (`ttff.ratio_vs_bare`) from a nested object. */
export function readPath(report: unknown, key: string): unknown {
  let node: unknown = report;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Why a figure is missing, from the section's `null_reasons` map (if it says); `x_p90` is missing for x's reason. */
function missingReason(report: unknown, key: string): string {
  const cut = key.lastIndexOf('.');
  const reasons = readPath(report, `${key.slice(0, cut)}.null_reasons`);
  const name = key.slice(cut + 1);
  const lookup = (n: string) => (reasons && typeof reasons === 'object' ? (reasons as Record<string, unknown>)[n] : undefined);
  const reason = lookup(name) ?? lookup(name.replace(/_(p10|p90)$/, ''));
  return typeof reason === 'string' ? reason : 'not measured';
}

export function evaluateBudgets(report: unknown, budgets: readonly Budget[] = BUDGETS): BudgetResult[] {
  return budgets.map((budget) => {
    const raw = readPath(report, budget.key);
    if (typeof raw !== 'number' || !Number.isFinite(raw)) {
      return { ...budget, value: null, status: 'SKIP', reason: missingReason(report, budget.key) };
    }
    const pass = budget.kind === 'min' ? raw >= budget.limit : raw <= budget.limit;
    return { ...budget, value: raw, status: pass ? 'PASS' : 'FAIL' };
  });
}

/** Exit code: a FAIL fails the run only in strict mode. */
export function exitCodeFor(results: readonly BudgetResult[], strict: boolean): number {
  return strict && results.some((r) => r.status === 'FAIL') ? 1 : 0;
}
