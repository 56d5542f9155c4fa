import { chromiumPath } from '../../scripts/chromium';

/** Command line of `npm run bench -- [options]`. */


export const SECTIONS = ['ttff', 'ttff_cpu4x', 'ttff_mobile', 'first_tap', 'ads', 'next_episode', 'steady', 'memory', 'bundle'] as const;
export type Section = (typeof SECTIONS)[number];

export const DEFAULT_ADS_URL = '/?movie_id=101&auto_play=0&data-ad-list-url=/bench/ads/list.json';
/**
 * Seconds a default run may take: about 8 minutes of the other sections, 10 of the mobile one and
 * 8 of the steady one (four runs: fMP4 and TS, full and 4× CPU), with room for a loaded machine.
 */
export const DEFAULT_TIME_BUDGET_S = 1800;

export const DEFAULT_NEXT_URL = '/?movie_id=102&season=1&episode=2&auto_play=1&t=6';

export interface BenchOptions {
  iterations: number;
  quick: boolean;
  strict: boolean;
  out: string;
  distDir: string;
  playerPort: number;
  harnessPort: number;
  build: boolean;
  keepDist: boolean;
  /** Player page with a pre-roll and without autoplay. */
  adsUrl: string;
  /** Player page of an episode near its end, with autoplay. */
  nextUrl: string;
  adsIterations: number;
  nextIterations: number;
  steadyIterations: number;
  /** Loads per contender on the mobile profile (each about 37 s). */
  mobileIterations: number;
  /** Rounds of the first-tap section: each is one load per moment and contender (about 4–7 min). */
  tapIterations: number;
  steadySeconds: number;
  switches: number;
  sections: Set<Section>;
  /** Seconds the whole run may take; loops stop early (keeping ≥ 2 samples) to stay inside. 0 = no limit. */
  timeBudgetS: number;
  /** Chromium binary; undefined = Playwright's own browser. */
  chromium: string | undefined;
}

export const USAGE = `usage: npm run bench -- [options]
  --iterations N        TTFF rounds per contender (default 15)
  --quick               one pass over the report path: slow sections are skipped (reported null)
  --strict              exit 1 when a budget FAILs (default: report only)
  --out FILE            JSON report (default bench/results/latest.json)
  --dist DIR            build folder (default .dist-bench; removed afterwards unless --keep-dist)
  --player-port P       player origin port (default 4240)
  --harness-port P      harness origin port (default 4241)
  --no-build            reuse an existing build in --dist
  --keep-dist           keep the build folder
  --ads-url U           player page with one pre-roll, no autoplay
                        (default /?movie_id=101&auto_play=0&data-ad-list-url=/bench/ads/list.json)
  --next-url U          player page two seconds before an episode ends, with autoplay
                        (default /?movie_id=102&season=1&episode=2&auto_play=1&t=6)
  --ads-iterations N    (default min(5, N))
  --next-iterations N   (default min(5, N))
  --steady-iterations N (default min(3, N)) per stream and CPU; --steady-seconds S (default 10)
  --mobile-iterations N (default min(5, N)); each load of the mobile section lasts about 37 s
  --tap-iterations N    first-tap rounds (default 1): each is 22 loads, one tap each (about 6 min)
  --switches N          episode switches for the memory figure (default 30; after 10 pre-rolls)
  --only a,b            sections: ${SECTIONS.join(', ')}
                        (ttff_cpu4x: time to first frame at 4× CPU throttling, reported as ttff.cpu4x;
                        ttff_mobile: Lighthouse's mobile profile, 4× CPU and Slow 4G, as ttff.mobile;
                        first_tap: one tap per load on a phone on that profile, no autoplay)
  --time-budget S       seconds for the whole run (default 1800; 0 = none): iterations stop early,
                        keeping at least 2 samples each, so a loaded machine still finishes
env: CHROMIUM_PATH (default /usr/bin/chromium, else Playwright's own browser)`;

function positiveInt(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive integer, got ${JSON.stringify(raw)}`);
  return value;
}

function nonNegative(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} needs a number of seconds, got ${JSON.stringify(raw)}`);
  return value;
}

function port(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} needs a port number, got ${JSON.stringify(raw)}`);
  return value;
}

export function parseOptions(argv: readonly string[], env: Record<string, string | undefined> = {}): BenchOptions {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${JSON.stringify(arg)}`);
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (['quick', 'strict', 'no-build', 'keep-dist', 'help'].includes(arg.slice(2))) flags.set(arg.slice(2), true);
    else flags.set(arg.slice(2), argv[++i] ?? '');
  }
  const known = new Set(['iterations', 'quick', 'strict', 'out', 'dist', 'player-port', 'harness-port', 'no-build', 'keep-dist', 'ads-iterations', 'next-iterations', 'steady-iterations', 'mobile-iterations', 'tap-iterations', 'steady-seconds', 'switches', 'only', 'help', 'ads-url', 'next-url', 'time-budget']);
  for (const name of flags.keys()) if (!known.has(name)) throw new Error(`unknown option --${name}`);
  if (flags.has('help')) throw new Error(USAGE);

  const str = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const iterations = flags.has('iterations') ? positiveInt('--iterations', str('iterations')) : 15;
  const quick = flags.has('quick');
  const sections = new Set<Section>(SECTIONS);
  const only = str('only');
  if (only) {
    sections.clear();
    for (const name of only.split(',')) {
      if (!(SECTIONS as readonly string[]).includes(name)) throw new Error(`unknown section ${JSON.stringify(name)}; one of ${SECTIONS.join(', ')}`);
      sections.add(name as Section);
    }
  }
  const orDefault = (name: string, fallback: number) => (flags.has(name) ? positiveInt(`--${name}`, str(name)) : fallback);
  return {
    iterations,
    quick,
    strict: flags.has('strict'),
    out: str('out') ?? 'bench/results/latest.json',
    distDir: str('dist') ?? '.dist-bench',
    playerPort: flags.has('player-port') ? port('--player-port', str('player-port')) : 4240,
    harnessPort: flags.has('harness-port') ? port('--harness-port', str('harness-port')) : 4241,
    build: !flags.has('no-build'),
    keepDist: flags.has('keep-dist') || flags.has('no-build'),
    adsUrl: str('ads-url') ?? DEFAULT_ADS_URL,
    nextUrl: str('next-url') ?? DEFAULT_NEXT_URL,
    adsIterations: orDefault('ads-iterations', Math.min(5, iterations)),
    nextIterations: orDefault('next-iterations', Math.min(5, iterations)),
    steadyIterations: orDefault('steady-iterations', Math.min(3, iterations)),
    mobileIterations: orDefault('mobile-iterations', Math.min(5, iterations)),
    tapIterations: orDefault('tap-iterations', 1),
    steadySeconds: orDefault('steady-seconds', 10),
    switches: orDefault('switches', 30),
    sections,
    timeBudgetS: flags.has('time-budget') ? nonNegative('--time-budget', str('time-budget')) : DEFAULT_TIME_BUDGET_S,
    chromium: chromiumPath(env),
  };
}
