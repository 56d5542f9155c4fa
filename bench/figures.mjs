#!/usr/bin/env node
// `npm run bench:figures`: renders the latest bench report (bench/results/latest.json, written by
// `npm run bench`) into bench/README.md between `<!-- figures:start -->` and `<!-- figures:end -->`:
// the run's budgets with their verdicts, then the headline figures. When bench/results/soak.json
// (written by `npm run soak`) exists, its samples go between `<!-- soak:start -->` and
// `<!-- soak:end -->`. It measures nothing itself. `--check` exits 1 when the README differs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const README = path.join(BENCH, 'README.md');
const LATEST = path.join(BENCH, 'results', 'latest.json');
const SOAK = path.join(BENCH, 'results', 'soak.json');
const MIB = 1024 * 1024;

/** The headline figures, in the order a reader asks for them: [label, dotted key in the report]. */
export const HEADLINES = [
  ['first frame: our player', 'ttff.player_ms'],
  ['first frame: bare hls.js page', 'ttff.bare_hls_ms'],
  ['first frame: video.js 8', 'ttff.videojs_ms'],
  ['first frame: progressive MP4 (the physical floor)', 'ttff.mp4_floor_ms'],
  ['first frame at 4× CPU: ours', 'ttff.cpu4x.player_ms'],
  ['first frame at 4× CPU: bare hls.js page', 'ttff.cpu4x.bare_hls_ms'],
  ['first frame → controls at 4× CPU', 'ttff.cpu4x.player_frame_to_controls_ms'],
  ['mobile profile, first frame: ours', 'ttff.mobile.player_ms'],
  ['mobile profile, first frame: bare hls.js page', 'ttff.mobile.bare_hls_ms'],
  ['mobile profile, JS before the first frame: ours', 'ttff.mobile.player_js_before_frame_bytes'],
  ['mobile profile, JS before the first frame: bare', 'ttff.mobile.bare_hls_js_before_frame_bytes'],
  ['mobile profile, buffer 5 s after the frame: ours', 'ttff.mobile.player_buffer_ahead_5s_ms'],
  ['mobile profile, buffer 5 s after the frame: bare', 'ttff.mobile.bare_hls_buffer_ahead_5s_ms'],
  ['mobile profile, first frame → controls', 'ttff.mobile.player_frame_to_controls_ms'],
  ['first tap on a phone → first frame: ours', 'first_tap.player.tap_to_frame_ms'],
  ['first tap on a phone → first ad frame: ours with a pre-roll', 'first_tap.player_preroll.tap_to_frame_ms'],
  ['first tap on a phone → first frame: bare hls.js, native controls', 'first_tap.bare_hls.tap_to_frame_ms'],
  ['first play → first ad frame', 'ads.play_to_ad_frame_ms'],
  ['the same creative in a bare `<video>` (the floor)', 'ads.floor_play_to_frame_ms'],
  ['ad end → content playing', 'ads.ad_end_to_content_ms'],
  ['episode end → next episode playing', 'next_episode.switch_ms'],
  ['cold start of that episode', 'next_episode.cold_ms'],
  ['episode end → next episode playing, mobile profile', 'next_episode.mobile_switch_ms'],
  ['steady main-thread task time per 10 s: ours', 'steady.player_task_ms'],
  ['steady main-thread task time per 10 s: bare', 'steady.bare_hls_task_ms'],
  ['heap growth 1 → 10 pre-rolls', 'memory.ads_heap_growth_bytes'],
  ['initial JS, gzip', 'bundle.initial_js_gzip_bytes'],
  ['player JS with the app chunk, gzip', 'bundle.player_js_gzip_bytes'],
  ['own code with the app chunk, gzip', 'bundle.own_code_with_app_gzip_bytes'],
];

/** Reads a dotted path (`ttff.ratio_vs_bare`) from the report. */
function readPath(report, key) {
  return key.split('.').reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), report);
}

/** A figure as `npm run bench` prints it: KiB past 10 KiB, ratios with ×, milliseconds to 0.1. */
export function formatValue(value, key, unit) {
  if (typeof value !== 'number') return '—';
  if (unit === 'bytes' || key.endsWith('_bytes')) return value >= 10_240 ? `${(value / 1024).toFixed(1)} KiB` : `${value} B`;
  if (unit === 'ratio' || key.includes('ratio')) return `${value.toFixed(3)}×`;
  if (unit === 'ms' || key.endsWith('_ms')) return `${value.toFixed(1)} ms`;
  return String(value);
}

function formatLimit(budget) {
  const sign = budget.kind === 'min' ? '≥' : '≤';
  if (budget.unit === 'bytes') return budget.limit % MIB === 0 ? `${sign} ${budget.limit / MIB} MiB` : `${sign} ${budget.limit / 1024} KiB`;
  if (budget.unit === 'ratio') return `${sign} ${budget.limit.toFixed(2)}×`;
  if (budget.unit === 'ms') return `${sign} ${budget.limit} ms`;
  return `${sign} ${budget.limit}`;
}

/** Why a figure is missing, from its section's `null_reasons`. */
function missing(report, key) {
  const cut = key.lastIndexOf('.');
  return readPath(report, `${key.slice(0, cut)}.null_reasons`)?.[key.slice(cut + 1)] ?? 'not measured';
}

/** `<video>` in a label is text, not a tag. */
const escape = (text) => text.replaceAll('<', '&lt;');

function spread(report, key) {
  if ((readPath(report, `${key}_n`) ?? 0) < 2) return '';
  const p10 = readPath(report, `${key}_p10`);
  const p90 = readPath(report, `${key}_p90`);
  return typeof p10 === 'number' && typeof p90 === 'number' ? `${formatValue(p10, key)} – ${formatValue(p90, key)}` : '';
}

export function budgetTable(report) {
  const rows = (report.budgets ?? []).map((b) => {
    const value = b.value === null ? `— (${b.reason ?? missing(report, b.key)})` : formatValue(b.value, b.key, b.unit);
    return `| ${escape(b.label)} | \`${b.key}\` | ${formatLimit(b)} | ${value} | ${b.status} |`;
  });
  return ['| budget | figure | limit | this run | verdict |', '|---|---|---|---|---|', ...rows].join('\n');
}

export function headlineTable(report) {
  const rows = HEADLINES.map(([label, key]) => {
    const value = readPath(report, key);
    const shown = typeof value === 'number' ? formatValue(value, key) : `— (${missing(report, key)})`;
    const n = readPath(report, `${key}_n`);
    return `| ${label} | \`${key}\` | ${shown} | ${spread(report, key)} | ${typeof n === 'number' ? n : ''} |`;
  });
  return ['| figure | key | median | p10 – p90 | n |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** One line on when and where the figures were taken. */
export function runLine(report) {
  const m = report.meta ?? {};
  const o = m.options ?? {};
  const cpus = m.machine ? `${m.machine.cpus} CPUs (${m.machine.cpu_model}), load average ${m.machine.loadavg_start?.[0]} at the start` : 'machine unknown';
  const stopped = m.stopped_early?.length ? `; stopped early: ${m.stopped_early.join(', ')}` : '';
  const date = typeof m.date === 'string' ? m.date.slice(0, 16).replace('T', ' ') : 'unknown date';
  return `Run of ${date} UTC: ${o.iterations} iterations (${o.mobile_iterations} on the mobile profile), ${Math.round(m.duration_s ?? 0)} s, Chromium ${m.chromium}, Node ${m.node}, hls.js ${m.packages?.['hls.js']}, ${cpus}${stopped}.`;
}

export function renderFigures(report) {
  const pass = (report.budgets ?? []).filter((b) => b.status === 'PASS').length;
  return [
    runLine(report),
    '',
    `Budgets: ${pass} of ${(report.budgets ?? []).length} pass.`,
    '',
    budgetTable(report),
    '',
    'Headline figures (medians; the report has every figure and its samples):',
    '',
    headlineTable(report),
  ].join('\n');
}

export function renderSoak(soak) {
  const head = '| sample | elapsed s | content min | switches | ads | heap MiB | documents | nodes | JS listeners | elements | MediaSources | `<video>` |';
  const rows = soak.samples.map((s) =>
    `| ${s.label} | ${s.elapsedS} | ${s.contentMinutes.toFixed(1)} | ${s.switches} | ${s.ads} | ${(s.heapBytes / MIB).toFixed(2)} | ${s.documents} | ${s.nodes} | ${s.jsEventListeners} | ${s.domElements} | ${s.mediaSources} | ${s.videos} |`);
  const unbounded = soak.verdicts.filter((v) => v.unbounded).map((v) => v.metric);
  const verdict = soak.ok ? 'PASS: no crash, plan completed, no unbounded growth' : `FAIL: ${soak.problems.join('; ')}`;
  return [
    `Soak of ${soak.date.slice(0, 16).replace('T', ' ')} UTC, ${soak.durationS} s, ${soak.machine.cpus} CPUs. ${verdict}${unbounded.length ? ` (unbounded: ${unbounded.join(', ')})` : ''}.`,
    '',
    head,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Puts `body` between the two markers of `name`; fails when the README lacks them. */
export function replaceBetween(text, name, body) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md has no ${start} … ${end} block`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

function main(argv) {
  if (!existsSync(LATEST)) {
    console.error('bench:figures: no bench/results/latest.json; run `npm run bench` first');
    return 1;
  }
  const before = readFileSync(README, 'utf8');
  let text = replaceBetween(before, 'figures', renderFigures(JSON.parse(readFileSync(LATEST, 'utf8'))));
  if (existsSync(SOAK)) text = replaceBetween(text, 'soak', renderSoak(JSON.parse(readFileSync(SOAK, 'utf8'))));
  if (argv.includes('--check')) {
    if (text !== before) console.error('bench:figures: bench/README.md is not the latest report; run `npm run bench:figures`');
    return text === before ? 0 : 1;
  }
  writeFileSync(README, text);
  console.log(`bench:figures: wrote the figures of ${path.relative(process.cwd(), LATEST)} into ${path.relative(process.cwd(), README)}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) process.exitCode = main(process.argv.slice(2));
