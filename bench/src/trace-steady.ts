/**
 * `npm run bench:trace -- [--stream fmp4|ts] [--cpu N] [--pairs N] [--seconds S] [--profile] [--out-dir DIR] [--no-build]`:
 * where the steady section's main-thread time goes. For each pair of loads (ours, then the bare
 * hls.js page, as the steady section pairs them) it records a Chromium trace of the settled window
 * (from 8 s after the first frame, `--seconds` long, at `--cpu`× throttling) and prints each page's
 * task time by what the tasks ran (trace-breakdown.ts), then the medians side by side. With
 * `--profile` it samples a CPU profile of the same window instead and prints the script's self
 * time by function. Either costs time of its own, so the totals run above the bench's figures;
 * compare pages, not runs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { chromiumPath } from '../../scripts/chromium';
import { cdp, launch, openSession, type Bench } from './browser';
import { buildAll, instrumentSource, startHarness, type BenchServer } from './server';
import { loadPlaying, SETTLED_WINDOW_MS, sleep } from './sections/steady';
import { ensureTsFilm, steadyPair } from './sections/steady-run';
import { quantile } from './stats';
import { profileBreakdown, traceBreakdown, type Breakdown, type CpuProfile, type TraceEvent } from './trace-breakdown';

export interface TraceOptions {
  stream: 'fmp4' | 'ts';
  cpu: number;
  pairs: number;
  seconds: number;
  build: boolean;
  /** A sampled CPU profile of the window (self time by function) instead of the trace. */
  profile: boolean;
  /** Where the raw traces go (one JSON file per load), for DevTools' Performance panel. */
  outDir: string;
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'];
const DIST = '.dist-trace';

export function parseTraceOptions(argv: readonly string[]): TraceOptions {
  const opts: TraceOptions = { stream: 'fmp4', cpu: 1, pairs: 3, seconds: 10, build: true, profile: false, outDir: '.test-output/traces' };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    const positive = (name: string) => {
      const n = Number(value());
      if (!(n > 0)) throw new Error(`${name} must be a positive number`);
      return n;
    };
    if (flag === '--stream') {
      const stream = value();
      if (stream !== 'fmp4' && stream !== 'ts') throw new Error(`--stream is fmp4 or ts, not ${JSON.stringify(stream)}`);
      opts.stream = stream;
    } else if (flag === '--cpu') opts.cpu = positive('--cpu');
    else if (flag === '--pairs') opts.pairs = Math.round(positive('--pairs'));
    else if (flag === '--seconds') opts.seconds = positive('--seconds');
    else if (flag === '--out-dir') opts.outDir = value();
    else if (flag === '--no-build') opts.build = false;
    else if (flag === '--profile') opts.profile = true;
    else throw new Error(`unknown option ${flag}; options: --stream fmp4|ts, --cpu N, --pairs N, --seconds S, --profile, --out-dir DIR, --no-build`);
  }
  return opts;
}

/** One load: the settled window's trace (or CPU profile), or null when the page never played. */
async function traceOnce(bench: Bench, url: string, opts: TraceOptions): Promise<TraceEvent[] | CpuProfile | null> {
  const session = await openSession(bench);
  try {
    const client = await cdp(session);
    if (!(await loadPlaying(session.page, client, url, opts.cpu))) return null;
    await sleep(SETTLED_WINDOW_MS);
    if (opts.profile) {
      await client.send('Profiler.enable');
      await client.send('Profiler.setSamplingInterval', { interval: 100 });
      await client.send('Profiler.start');
      await sleep(opts.seconds * 1000);
      return (await client.send('Profiler.stop')).profile as CpuProfile;
    }
    const events: TraceEvent[] = [];
    client.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => client.once('Tracing.tracingComplete', () => resolve()));
    await client.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES } });
    await sleep(opts.seconds * 1000);
    await client.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await session.close();
  }
}

/** A profile's self times as a breakdown (samples, not tasks: the task counts are 0). */
const asBreakdown = (byFunction: Array<[string, number]>): Breakdown => ({
  totalMs: byFunction.reduce((sum, [, ms]) => sum + ms, 0),
  tasks: 0,
  byLabel: byFunction.map(([label, ms]): [string, number, number] => [label, ms, 0]),
});

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

function printLoad(name: string, i: number, b: Breakdown): void {
  console.log(`${name} ${i + 1}: ${ms(b.totalMs)} ${b.tasks > 0 ? `in ${b.tasks} tasks` : 'of script, self time'}`);
  for (const [label, labelMs, count] of b.byLabel.slice(0, 8)) console.log(`  ${ms(labelMs)} ${(count > 0 ? String(count) : '').padStart(5)}  ${label}`);
}

/** Each label's median over the loads (0 where a load lacks it), ours beside bare. */
function printMedians(loads: Record<'ours' | 'bare', Breakdown[]>): void {
  const labels = [...new Set([...loads.ours, ...loads.bare].flatMap((b) => b.byLabel.map(([label]) => label)))];
  const med = (list: Breakdown[], label: string) => quantile(list.map((b) => b.byLabel.find(([l]) => l === label)?.[1] ?? 0), 0.5) || 0;
  const rows = labels.map((label) => [label, med(loads.ours, label), med(loads.bare, label)] as const).sort((a, b) => Math.max(b[1], b[2]) - Math.max(a[1], a[2]));
  const total = (list: Breakdown[]) => quantile(list.map((b) => b.totalMs), 0.5) || 0;
  console.log(`\nmedians over ${loads.ours.length} + ${loads.bare.length} loads:      ours        bare`);
  console.log(`${(loads.ours[0]?.tasks === 0 ? 'all script' : 'all tasks').padEnd(44)} ${ms(total(loads.ours))} ${ms(total(loads.bare))}`);
  for (const [label, ours, bare] of rows.slice(0, 14)) console.log(`${label.slice(0, 44).padEnd(44)} ${ms(ours)} ${ms(bare)}`);
}

async function tracePairs(bench: Bench, opts: TraceOptions): Promise<void> {
  const [ours, bare] = steadyPair(opts.stream, bench.origin);
  const loads: Record<'ours' | 'bare', Breakdown[]> = { ours: [], bare: [] };
  await mkdir(opts.outDir, { recursive: true });
  for (let i = 0; i < opts.pairs; i++) {
    for (const [name, contender] of [['ours', ours], ['bare', bare]] as const) {
      const events = await traceOnce(bench, contender.url, opts);
      if (!events) {
        console.log(`${name} ${i + 1}: never played`);
        continue;
      }
      const base = path.join(opts.outDir, `steady-${opts.stream}-cpu${opts.cpu}-${name}-${i + 1}`);
      const traced = Array.isArray(events);
      await writeFile(traced ? `${base}.json` : `${base}.cpuprofile`, JSON.stringify(traced ? { traceEvents: events } : events));
      const breakdown = traced ? traceBreakdown(events) : asBreakdown(profileBreakdown(events));
      loads[name].push(breakdown);
      printLoad(name, i, breakdown);
    }
  }
  printMedians(loads);
  console.log(`\ntraces: ${opts.outDir}`);
}

export async function main(repo: string, argv: string[]): Promise<number> {
  let opts: TraceOptions;
  try {
    opts = parseTraceOptions(argv);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 2;
  }
  if (opts.stream === 'ts') {
    const missing = await ensureTsFilm(repo, (line) => console.log(line));
    if (missing) return 2;
  }
  let server: BenchServer | null = null;
  let browser: Browser | null = null;
  try {
    if (opts.build) await buildAll(repo, DIST);
    server = await startHarness(repo, DIST, 4242, 4243);
    browser = await launch(chromiumPath(process.env));
    await tracePairs({ browser, origin: server.playerOrigin, instrument: await instrumentSource(repo) }, opts);
    return 0;
  } catch (err) {
    console.error(`bench:trace: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
  }
}
