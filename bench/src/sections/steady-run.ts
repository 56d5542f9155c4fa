/**
 * The steady section's four runs (issue 49): the fixture's fMP4 film and a film-like MPEG-TS, each
 * on the full CPU and at 4× CPU, ours against the bare hls.js page (hls.js's own build, which
 * transmuxes in its worker) in the same run. The TS film is too large for the repository:
 * fixtures/make-media.sh makes it on the first run that needs it, with ffmpeg.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CUSTOM_CATALOGUE_PREFIX, customContentId, encodeToken } from '../../../harness/common/custom-source';
import type { Bench } from '../browser';
import { newSection, put, single, type Section } from '../report';
import { figure, pairedRatios, round } from '../stats';
import { measureSteadyOnce, type SteadySample } from './steady';
import { CONTENDERS, PHONE_CPU_RATE, type Contender } from './ttff';

/** The film-like MPEG-TS: 60 s, 1280×720 H.264 at 3 Mbit/s CBR with stereo AAC, 4 s segments. */
export const TS_FILM_DIR = 'bench/media/film-ts-60s';
export const TS_FILM = '/bench/media/film-ts-60s/master.m3u8';

export type SteadyKey = 'fmp4' | 'ts' | 'cpu4x' | 'cpu4x_ts';
export interface SteadyVariant {
  /** Where its figures go: `fmp4` is the section itself (its figures were the section's before), the others its parts. */
  key: SteadyKey;
  stream: 'fmp4' | 'ts';
  cpuRate: number;
}

export const STEADY_VARIANTS: readonly SteadyVariant[] = [
  { key: 'fmp4', stream: 'fmp4', cpuRate: 1 },
  { key: 'ts', stream: 'ts', cpuRate: 1 },
  { key: 'cpu4x', stream: 'fmp4', cpuRate: PHONE_CPU_RATE },
  { key: 'cpu4x_ts', stream: 'ts', cpuRate: PHONE_CPU_RATE },
];

/** Each variant's figures (the TS ones at 4× CPU also the first frame). */
export const STEADY_FIGURES = [
  'player_task_ms',
  'bare_hls_task_ms',
  'main_thread_ratio_vs_bare',
  'script_ratio_vs_bare',
  'early_main_thread_ratio_vs_bare',
  'player_longest_task_ms',
  'bare_hls_longest_task_ms',
  'longest_task_over_bare_ms',
];
export const FIRST_FRAME_FIGURES = ['player_first_frame_ms', 'bare_hls_first_frame_ms', 'first_frame_ratio_vs_bare'];

/**
 * Ours and the bare page on one stream; ours plays the TS film as the harness's 'Свой поток' (a
 * one-film catalogue). Ours without the harness's statistics relay (`harness-stats=off`): its
 * beacon per event is the harness's work, and the instrumentation's free rstat4 takes its place.
 */
export function steadyPair(stream: SteadyVariant['stream'], origin: string): [Contender, Contender] {
  const player = CONTENDERS.find((c) => c.key === 'player')!;
  const bare = CONTENDERS.find((c) => c.key === 'bare_hls')!;
  if (stream === 'fmp4') return [{ ...player, url: `${player.url}&harness-stats=off` }, bare];
  const src = `${origin}${TS_FILM}`;
  const query = new URLSearchParams({ movie_id: String(customContentId(src)), 'data-base-url': `${CUSTOM_CATALOGUE_PREFIX}${encodeToken(src)}`, auto_play: '1', 'harness-stats': 'off' });
  return [
    { ...player, url: `/?${query}` },
    { ...bare, url: `/bench/pages/bare-hls.html?src=${TS_FILM}` },
  ];
}

/** Null when the TS film is there (made now if it was not), else why it is not. */
export async function ensureTsFilm(repo: string, log: (line: string) => void): Promise<string | null> {
  if (existsSync(path.join(repo, TS_FILM_DIR, 'master.m3u8'))) return null;
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).error) {
    const reason = `ffmpeg is not installed: the MPEG-TS figures need it to make ${TS_FILM_DIR} (Debian: apt-get install ffmpeg)`;
    log(`  steady: ${reason}`);
    return reason;
  }
  log(`  steady: making the film-like MPEG-TS into ${TS_FILM_DIR} (fixtures/make-media.sh bench-film-ts, about 1.5 min)`);
  const made = await new Promise<string | null>((resolve) => {
    const child = spawn('bash', [path.join(repo, 'fixtures/make-media.sh'), 'bench-film-ts'], { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve(String(error)));
    child.on('exit', (code) => resolve(code === 0 ? null : stderr.trim().split('\n').at(-1) || `exit ${code}`));
  });
  if (made) log(`  steady: fixtures/make-media.sh bench-film-ts failed: ${made}`);
  return made && `fixtures/make-media.sh bench-film-ts failed: ${made}`;
}

type Pair = Record<'player' | 'bare_hls', SteadySample[]>;

/** One variant's loads, ours and the bare page alternating; stops after two rounds when `more` says so. */
export async function runSteadyVariant(
  bench: Bench,
  variant: SteadyVariant,
  opts: { iterations: number; seconds: number; more: () => boolean; log: (line: string) => void },
): Promise<Pair> {
  const pair = steadyPair(variant.stream, bench.origin);
  const samples: Pair = { player: [], bare_hls: [] };
  for (let i = 0; i < opts.iterations; i++) {
    if (i > 1 && !opts.more()) break;
    for (const c of i % 2 === 0 ? pair : [...pair].reverse()) samples[c.key as keyof Pair].push(await measureSteadyOnce(bench, c, opts.seconds, variant.cpuRate));
    const p = samples.player[i]!;
    const b = samples.bare_hls[i]!;
    const task = (s: SteadySample) => s.taskMs?.toFixed(0) ?? s.reason;
    const long = (s: SteadySample) => s.longestTaskMs?.toFixed(0) ?? '—';
    opts.log(`  steady ${variant.key} ${i + 1}/${opts.iterations}: task ours ${task(p)} ms, bare ${task(b)} ms; longest task ${long(p)} / ${long(b)} ms; first frame ${p.firstFrameMs?.toFixed(0) ?? '—'} / ${b.firstFrameMs?.toFixed(0) ?? '—'} ms`);
  }
  return samples;
}

const ms = (values: ReadonlyArray<number | null>) => values.map((v) => (v === null ? null : round(v, 1)));

/** One variant's figures into `section`. */
export function putSteady(section: Section, samples: Pair, variant: SteadyVariant): void {
  const of = (k: keyof Pair, field: 'taskMs' | 'scriptMs' | 'earlyTaskMs' | 'longestTaskMs' | 'firstFrameMs' | 'layoutMs') => samples[k].map((s) => s[field]);
  put(section, 'player_task_ms', figure(of('player', 'taskMs')), 'our player never played');
  put(section, 'bare_hls_task_ms', figure(of('bare_hls', 'taskMs')), 'the bare page never played');
  put(section, 'player_script_ms', figure(of('player', 'scriptMs')), 'our player never played');
  put(section, 'bare_hls_script_ms', figure(of('bare_hls', 'scriptMs')), 'the bare page never played');
  put(section, 'main_thread_ratio_vs_bare', figure(pairedRatios(of('player', 'taskMs'), of('bare_hls', 'taskMs'))), 'no iteration with both figures');
  put(section, 'script_ratio_vs_bare', figure(pairedRatios(of('player', 'scriptMs'), of('bare_hls', 'scriptMs'))), 'no iteration with both figures');
  put(section, 'player_early_task_ms', figure(of('player', 'earlyTaskMs')), 'our player never played');
  put(section, 'bare_hls_early_task_ms', figure(of('bare_hls', 'earlyTaskMs')), 'the bare page never played');
  put(section, 'early_main_thread_ratio_vs_bare', figure(pairedRatios(of('player', 'earlyTaskMs'), of('bare_hls', 'earlyTaskMs'))), 'no iteration with both figures');
  const longOurs = figure(of('player', 'longestTaskMs'));
  const longBare = figure(of('bare_hls', 'longestTaskMs'));
  put(section, 'player_longest_task_ms', longOurs, 'our player never played');
  put(section, 'bare_hls_longest_task_ms', longBare, 'the bare page never played');
  // The medians' difference: a long task is ≥ 50 ms, so two pages with none are level at 0.
  put(section, 'longest_task_over_bare_ms', longOurs && longBare ? single(longOurs.median - longBare.median) : null, 'no longest task for both pages');
  if (variant.key === 'cpu4x_ts') {
    put(section, 'player_first_frame_ms', figure(of('player', 'firstFrameMs')), 'our player never played');
    put(section, 'bare_hls_first_frame_ms', figure(of('bare_hls', 'firstFrameMs')), 'the bare page never played');
    put(section, 'first_frame_ratio_vs_bare', figure(pairedRatios(of('player', 'firstFrameMs'), of('bare_hls', 'firstFrameMs'))), 'no iteration with both figures');
  }
  section.cpu_throttling_rate = variant.cpuRate;
  section.stream = variant.stream === 'ts' ? TS_FILM : 'the fixture film (fMP4)';
  section.played_seconds = { player: samples.player.map((s) => (s.playedS === null ? null : round(s.playedS, 2))), bare_hls: samples.bare_hls.map((s) => (s.playedS === null ? null : round(s.playedS, 2))) };
  section.samples = Object.fromEntries(
    (['player', 'bare_hls'] as const).flatMap((k) => [
      [`${k}_task_ms`, ms(of(k, 'taskMs'))],
      [`${k}_script_ms`, ms(of(k, 'scriptMs'))],
      [`${k}_layout_ms`, ms(of(k, 'layoutMs'))],
      [`${k}_early_task_ms`, ms(of(k, 'earlyTaskMs'))],
      [`${k}_longest_task_ms`, ms(of(k, 'longestTaskMs'))],
      [`${k}_first_frame_ms`, ms(of(k, 'firstFrameMs'))],
    ]),
  );
}

/** The part a variant's figures go in. */
export const steadyPart = (section: Section, key: SteadyKey): Section => (key === 'fmp4' ? section : ((section[key] ??= newSection()) as Section));
