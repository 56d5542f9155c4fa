/**
 * The pure parts of the first-tap section (bench/src/sections/first-tap.ts): the moments of the
 * taps, what lay under the finger in words, and the figures (lost taps, tap → first frame, ours
 * against the bare page's on the moments both had painted). Unit-tested in first-tap-figures.test.ts.
 */
import { figure, type Figure } from '../stats';

export interface TapMoment {
  /** Stable name in the report: `paint+1.5s`, `controls+0.5s`. */
  id: string;
  /** Counted from the page's first paint, or from our controls entering the page (only pages with controls of their own are tapped then). */
  from: 'paint' | 'controls';
  afterMs: number;
}

const moment = (from: TapMoment['from'], afterMs: number): TapMoment => ({ id: `${from}+${afterMs / 1000}s`, from, afterMs });

/** The default moments: from half a second after the first paint to 2 s after our controls. */
export const TAP_MOMENTS: readonly TapMoment[] = [
  ...[500, 1500, 2500, 3500, 4500, 6000].map((ms) => moment('paint', ms)),
  moment('controls', 500),
  moment('controls', 2000),
];

/** --quick: the last moment after the paint (every page is tapped) and the first after our controls. */
export const QUICK_TAP_MOMENTS: readonly TapMoment[] = [moment('paint', 6000), moment('controls', 500)];

/** What `document.elementFromPoint` found at the finger, as the page reports it. */
export interface UnderFinger {
  /** False while the page had no paint entry yet. */
  painted: boolean;
  tag: string | null;
  testid: string | null;
  /** The nearest ancestor's data-testid when the element has none. */
  withinTestid: string | null;
  ariaLabel: string | null;
  className: string | null;
  /** A <video>'s `controls` attribute. */
  controls: boolean;
  /** A button's own text, trimmed. */
  text: string | null;
}

export const NOTHING_PAINTED = 'nothing painted';

/** `button[data-testid=play] 'Смотреть'`, `video[controls]`, `div.poster in [data-testid=player]` or 'nothing painted'. */
export function describeUnderFinger(u: UnderFinger): string {
  if (!u.painted) return NOTHING_PAINTED;
  if (!u.tag) return 'nothing';
  let out = u.tag.toLowerCase();
  if (u.controls) out += '[controls]';
  if (u.testid) out += `[data-testid=${u.testid}]`;
  else if (u.className) out += `.${u.className.trim().split(/\s+/).slice(0, 2).join('.')}`;
  if (u.ariaLabel) out += ` aria-label='${u.ariaLabel}'`;
  else if (u.text) out += ` '${u.text.slice(0, 30)}'`;
  if (!u.testid && u.withinTestid) out += ` in [data-testid=${u.withinTestid}]`;
  return out;
}

/**
 * When a moment's tap is due, on the page's clock: its base (the first paint, navigation start for a
 * page that never painted; or the controls) plus its delay. Null when the controls never came.
 */
export function dueAt(m: TapMoment, paintMs: number | null, controlsMs: number | null): number | null {
  if (m.from === 'controls') return controlsMs === null ? null : controlsMs + m.afterMs;
  return (paintMs ?? 0) + m.afterMs;
}

export interface TapSample {
  moment: string;
  iteration: number;
  /** The earliest paint entry (first-paint, else first-contentful-paint), ms from navigation; null: none within the wait. */
  paintMs: number | null;
  fcpMs: number | null;
  controlsMs: number | null;
  /** The tap's pointerdown time (ms from navigation); null when no tap was made. */
  tapMs: number | null;
  under: string | null;
  /** A <video> presented advancing frames within the wait after the tap: no second tap needed. */
  honoured: boolean;
  tapToFrameMs: number | null;
  /** What played first after the tap: the film (a blob: source) or an ad (any other source). */
  played: 'film' | 'ad' | null;
  /** Why there is no tap or no figure. */
  reason?: string;
}

/** Taps not honoured (a load that made no tap, e.g. its controls never came, is not a tap). */
export const lostTaps = (samples: readonly TapSample[]): number => samples.filter((s) => s.tapMs !== null && !s.honoured).length;

export const tapToFrame = (samples: readonly TapSample[]): Figure | null => figure(samples.map((s) => s.tapToFrameMs));

/**
 * Ours against the bare page on the same moments and iterations (the bare page is tapped only at
 * the moments after the first paint), counted only where both taps landed on a painted page and
 * both were honoured (a lost tap is counted in `lost`, not here):
 * the median of our tap → first frame over those moments divided by the bare page's median over them.
 */
export function ratioVsBare(ours: readonly TapSample[], bare: readonly TapSample[]): { ratio: number | null; moments: string[] } {
  const key = (s: TapSample) => `${s.iteration}/${s.moment}`;
  const counted = (s: TapSample | undefined): s is TapSample & { tapToFrameMs: number } => !!s && s.under !== NOTHING_PAINTED && s.tapToFrameMs !== null;
  const bareBy = new Map(bare.map((s) => [key(s), s]));
  const pairs: Array<[number, number]> = [];
  const moments: string[] = [];
  for (const s of ours) {
    const b = bareBy.get(key(s));
    if (!counted(s) || !counted(b)) continue;
    pairs.push([s.tapToFrameMs, b.tapToFrameMs]);
    moments.push(key(s));
  }
  const a = figure(pairs.map(([x]) => x));
  const b = figure(pairs.map(([, y]) => y));
  return { ratio: a && b && b.median > 0 ? a.median / b.median : null, moments };
}

/** One cell of the per-moment table: `✓ 420 ms on button[…]`, `✗ lost on video`, `— (why)`, `—` for a moment the page was not tapped at. */
export function tapCell(s: TapSample | undefined): string {
  if (!s) return '—';
  if (s.tapMs === null) return `— (${s.reason ?? 'no tap'})`;
  const at = s.paintMs === null ? `${(s.tapMs / 1000).toFixed(1)} s after navigation` : `paint+${((s.tapMs - s.paintMs) / 1000).toFixed(1)} s`;
  const result = s.honoured ? `✓ ${s.played ?? ''} ${s.tapToFrameMs?.toFixed(0) ?? '?'} ms` : '✗ lost';
  return `${result} (${at}, on ${s.under ?? '?'})`;
}

/** Per moment and contender, in the moments' order: the lines the terminal prints and the report keeps. */
export function momentTable(moments: readonly TapMoment[], byContender: Record<string, readonly TapSample[]>): string[] {
  const keys = Object.keys(byContender);
  const lines = [`| moment | ${keys.join(' | ')} |`, `|---|${keys.map(() => '---|').join('')}`];
  for (const m of moments) {
    const iterations = Math.max(0, ...keys.map((k) => byContender[k]!.filter((s) => s.moment === m.id).length));
    for (let i = 0; i < iterations; i++) {
      const cells = keys.map((k) => tapCell(byContender[k]!.filter((s) => s.moment === m.id)[i]));
      lines.push(`| ${m.id}${iterations > 1 ? ` #${i + 1}` : ''} | ${cells.join(' | ')} |`);
    }
  }
  return lines;
}
