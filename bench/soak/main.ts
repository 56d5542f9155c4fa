/**
 * The soak (issue 10 §5), `npm run soak`: one player page plays the soak series (content 132:
 * a 30-minute episode made of the TS film's segments 60 times over with discontinuities, then
 * 50 short episodes reached by auto-advance) at 16x with demo adverts on, until 20 ads have
 * played and 50 episode switches happened. Heap (after forced GC), DOM counters (documents,
 * nodes, JS event listeners), elements, MediaSources and <video> elements are sampled along the
 * way; the run fails on a crash, on an unfinished plan, or on unbounded growth (growth.ts).
 * Writes bench/results/soak.json. Not part of `npm test`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { chromiumPath } from '../../scripts/chromium';
import { collectGarbage, countObjects, heapUsed, launch } from '../src/browser';
import { buildAll, startHarness, type BenchServer } from '../src/server';
import { checkGrowth, type GrowthVerdict, type SoakSample } from './growth';

interface Options {
  distDir: string;
  playerPort: number;
  harnessPort: number;
  build: boolean;
  rate: number;
  switches: number;
  ads: number;
  out: string;
  maxMinutes: number;
}

function parseOptions(argv: string[]): Options {
  const opts: Options = {
    distDir: process.env.DIST_DIR || '.dist-soak',
    playerPort: Number(process.env.SOAK_PLAYER_PORT ?? 4140),
    harnessPort: Number(process.env.SOAK_HARNESS_PORT ?? 4141),
    build: true,
    rate: 16,
    switches: 50,
    ads: 20,
    out: 'bench/results/soak.json',
    maxMinutes: 20,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const value = () => argv[++i] ?? '';
    if (arg === '--no-build') opts.build = false;
    else if (arg === '--dist') opts.distDir = value();
    else if (arg === '--player-port') opts.playerPort = Number(value());
    else if (arg === '--harness-port') opts.harnessPort = Number(value());
    else if (arg === '--rate') opts.rate = Number(value());
    else if (arg === '--switches') opts.switches = Number(value());
    else if (arg === '--ads') opts.ads = Number(value());
    else if (arg === '--out') opts.out = value();
    else if (arg === '--max-minutes') opts.maxMinutes = Number(value());
    else if (arg === '--help') {
      console.log('npm run soak -- [--no-build] [--dist DIR] [--player-port N] [--harness-port N] [--rate 16] [--switches 50] [--ads 20] [--out FILE] [--max-minutes 20]');
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  return opts;
}

/** Page-side driver: keeps every <video> at the soak rate and counts what the viewer would see. */
const DRIVER = (rate: number) => `
(() => {
  if (window !== window.top) return;
  const soak = (window.__soak = { titles: [], contentSeconds: 0, lastTime: null, lastSrc: null, ended: 0 });
  setInterval(() => {
    for (const video of document.querySelectorAll('video')) {
      if (video.playbackRate !== ${rate}) video.playbackRate = ${rate};
    }
    const content = document.querySelector('video:not(.ad-overlay__media)');
    if (content) {
      const t = content.currentTime;
      if (soak.lastSrc === content.currentSrc && soak.lastTime !== null && t > soak.lastTime && t - soak.lastTime < 30) soak.contentSeconds += t - soak.lastTime;
      soak.lastTime = t;
      soak.lastSrc = content.currentSrc;
    }
    const title = document.querySelector('[data-testid="title"]')?.textContent ?? null;
    if (title && soak.titles[soak.titles.length - 1] !== title) soak.titles.push(title);
  }, 100);
})();
`;

interface SoakState {
  titles: string[];
  contentSeconds: number;
}

const MiB = 1024 * 1024;

async function sample(page: Page, client: CDPSession, label: string): Promise<SoakSample> {
  await collectGarbage(client);
  const counters = (await client.send('Memory.getDOMCounters')) as { documents: number; nodes: number; jsEventListeners: number };
  const dom = await page.evaluate(() => ({ domElements: document.getElementsByTagName('*').length, videos: document.getElementsByTagName('video').length }));
  return {
    label,
    heapBytes: await heapUsed(client),
    documents: counters.documents,
    nodes: counters.nodes,
    jsEventListeners: counters.jsEventListeners,
    domElements: dom.domElements,
    mediaSources: await countObjects(client, 'MediaSource'),
    videos: dom.videos,
  };
}

async function impressions(server: BenchServer, client: string): Promise<number> {
  const entries = (await (await fetch(`${server.harnessOrigin}/__harness/requests`)).json()) as Array<{ path: string; requestHeaders?: Record<string, string> }>;
  return entries.filter((entry) => entry.path.startsWith('/track/impression') && entry.requestHeaders?.referer?.includes(`harness-client=${client}`)).length;
}

function table(samples: SoakSample[], state: Array<{ ads: number; switches: number; contentMinutes: number; elapsedS: number }>): string {
  const rows = samples.map((s, i) => [
    s.label,
    String(state[i]!.elapsedS),
    state[i]!.contentMinutes.toFixed(1),
    String(state[i]!.switches),
    String(state[i]!.ads),
    (s.heapBytes / MiB).toFixed(2),
    String(s.documents),
    String(s.nodes),
    String(s.jsEventListeners),
    String(s.domElements),
    String(s.mediaSources),
    String(s.videos),
  ]);
  const head = ['sample', 'elapsed s', 'content min', 'switches', 'ads', 'heap MiB', 'documents', 'nodes', 'listeners', 'elements', 'MediaSources', 'videos'];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, c) => cell.padStart(widths[c]!)).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

interface Progress {
  ads: number;
  switches: number;
  contentMinutes: number;
}

/** The soak page and what it reads: its progress, samples as it goes, and waits for a milestone. */
interface SoakPage {
  harnessClient: string;
  pageErrors: string[];
  state(): Promise<Progress>;
  take(label: string): Promise<void>;
  /** Waits until `done`, or fails the run (false) on a problem or past --max-minutes. */
  until(label: string, done: (s: Progress) => boolean): Promise<boolean>;
}

/** What one run gathers; `problems` fail it. */
interface SoakRun {
  opts: Options;
  server: BenchServer;
  log: (text: string) => void;
  started: number;
  elapsed: () => number;
  problems: string[];
  samples: SoakSample[];
  progress: Array<Progress & { elapsedS: number }>;
}

/** Opens the soak series in a page with the driver, at the soak rate, with adverts on. */
async function openSoakPage(run: SoakRun, context: BrowserContext): Promise<SoakPage> {
  const { opts, server, problems, log } = run;
  await context.addInitScript({ content: DRIVER(opts.rate) });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('crash', () => problems.push('the page crashed'));
  const client = await context.newCDPSession(page);
  const harnessClient = `soak-${process.pid}`;
  await page.goto(`${server.playerOrigin}/?movie_id=132&auto_play=1&advert=1&harness-client=${harnessClient}`);

  const state = async (): Promise<Progress> => {
    const soak = (await page.evaluate(() => (window as unknown as { __soak: SoakState }).__soak)) ?? { titles: [], contentSeconds: 0 };
    return { ads: await impressions(server, harnessClient), switches: Math.max(0, soak.titles.length - 1), contentMinutes: soak.contentSeconds / 60 };
  };
  const take = async (label: string) => {
    const now = await state();
    run.samples.push(await sample(page, client, label));
    run.progress.push({ ...now, elapsedS: run.elapsed() });
    log(`${label}: ${JSON.stringify({ ...now, contentMinutes: Number(now.contentMinutes.toFixed(1)) })} heap ${(run.samples.at(-1)!.heapBytes / MiB).toFixed(2)} MiB`);
  };
  const until = async (label: string, done: (s: Progress) => boolean) => {
    const deadline = run.started + opts.maxMinutes * 60_000;
    for (;;) {
      const now = await state();
      if (done(now)) return true;
      if (problems.length > 0 || Date.now() > deadline) {
        problems.push(`${label} not reached in ${opts.maxMinutes} min: ${JSON.stringify(now)}`);
        return false;
      }
      await page.waitForTimeout(2000);
    }
  };
  return { harnessClient, pageErrors, state, take, until };
}

/** The plan: the pre-roll and the long episode, 10 and 20 minutes of it, its end, then half and all the switches; adverts stop at --ads. */
async function followPlan(run: SoakRun, soak: SoakPage): Promise<void> {
  const { opts, server, problems, log } = run;
  // The pre-roll has played and the long episode runs.
  if (await soak.until('start', (s) => s.ads >= 1 && s.contentMinutes > 0.5)) await soak.take('start');
  let adsStopped = false;
  const stopAdsAt = async (s: Progress) => {
    if (!adsStopped && s.ads >= opts.ads) {
      // Enough ads: later demo mid-roll tags fail fast (VAST 404), so the run is not all ads.
      adsStopped = true;
      await fetch(`${server.harnessOrigin}/__harness/faults`, {
        method: 'POST',
        body: JSON.stringify({ client: soak.harnessClient, rules: [{ target: 'vast', action: { type: 'status', status: 404 }, count: null }] }),
      });
      log(`${s.ads} ads played: later mid-roll tags answer 404`);
    }
  };
  for (const minutes of [10, 20]) {
    if (problems.length) break;
    if (await soak.until(`${minutes} min`, (s) => (void stopAdsAt(s), s.contentMinutes >= minutes))) await soak.take(`${minutes} min of content`);
  }
  if (!problems.length && (await soak.until('first switch', (s) => (void stopAdsAt(s), s.switches >= 1)))) await soak.take('30 min episode ended');
  if (!problems.length && (await soak.until('half the switches', (s) => s.switches >= opts.switches / 2))) await soak.take(`${opts.switches / 2} switches`);
  if (!problems.length && (await soak.until('all switches', (s) => s.switches >= opts.switches))) await soak.take(`${opts.switches} switches`);
}

/** The run's verdict on what it reached: the plan's totals, the page's errors and the growth between samples. */
async function judge(run: SoakRun, soak: SoakPage): Promise<GrowthVerdict[]> {
  const { opts, problems, samples } = run;
  const final = await soak.state();
  if (final.ads < opts.ads) problems.push(`only ${final.ads} ads played (wanted ${opts.ads})`);
  if (final.contentMinutes < 30) problems.push(`only ${final.contentMinutes.toFixed(1)} min of content played (wanted 30)`);
  if (soak.pageErrors.length) problems.push(`uncaught page errors: ${soak.pageErrors.slice(0, 3).join(' | ')}`);
  if (samples.length < 3) {
    problems.push('fewer than 3 samples');
    return [];
  }
  const verdicts = checkGrowth(samples);
  for (const verdict of verdicts.filter((v) => v.unbounded)) problems.push(`unbounded growth of ${verdict.metric}: ${verdict.start} → ${verdict.middle} → ${verdict.end} (limit +${verdict.limit})`);
  return verdicts;
}

/** Prints the samples and verdicts, and writes the JSON report. */
async function report(repo: string, run: SoakRun, verdicts: GrowthVerdict[]): Promise<void> {
  const { opts, samples, progress, problems } = run;
  console.log(`\n${table(samples, progress)}\n`);
  for (const v of verdicts) console.log(`${v.metric.padEnd(17)} start ${v.start}  middle ${v.middle}  end ${v.end}  max ${v.max}  limit +${v.limit}  ${v.unbounded ? 'UNBOUNDED' : 'bounded'}`);
  const json = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryBytes: os.totalmem(), loadavg: os.loadavg().map((n) => Number(n.toFixed(2))) },
    options: { rate: opts.rate, switches: opts.switches, ads: opts.ads },
    durationS: run.elapsed(),
    samples: samples.map((s, i) => ({ ...s, ...progress[i] })),
    verdicts,
    problems,
    ok: problems.length === 0,
  };
  const out = path.resolve(repo, opts.out);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\n${problems.length === 0 ? 'PASS' : 'FAIL'}: ${problems.length === 0 ? 'no crash, plan completed, no unbounded growth' : problems.join('; ')}\nwrote ${path.relative(repo, out)}`);
}

export async function main(repo: string, argv: string[]): Promise<number> {
  const opts = parseOptions(argv);
  const log = (text: string) => console.log(`soak: ${text}`);
  const started = Date.now();
  const elapsed = () => Math.round((Date.now() - started) / 1000);
  if (opts.build) {
    log(`building into ${opts.distDir}`);
    await buildAll(repo, opts.distDir);
  }
  const server = await startHarness(repo, opts.distDir, opts.playerPort, opts.harnessPort);
  const browser = await launch(chromiumPath());
  const run: SoakRun = { opts, server, log, started, elapsed, problems: [], samples: [], progress: [] };
  let verdicts: GrowthVerdict[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const soak = await openSoakPage(run, context);
    await followPlan(run, soak);
    verdicts = await judge(run, soak);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  await report(repo, run, verdicts);
  return run.problems.length === 0 ? 0 : 1;
}
