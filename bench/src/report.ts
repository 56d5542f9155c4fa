/** Assembling the JSON report and printing the stdout table. */
import { readPath, type BudgetResult } from './budgets';
import { figure, round, type Figure } from './stats';

export type Section = Record<string, unknown> & { null_reasons: Record<string, string> };

export const newSection = (extra: Record<string, unknown> = {}): Section => ({ ...extra, null_reasons: {} });

/**
 * Writes `key` (the median), `key_p10`, `key_p90` and `key_n`, or nulls with a reason.
 * Milliseconds keep one decimal, ratios three, bytes and counts none.
 */
export function put(section: Section, key: string, fig: Figure | null, reason?: string): void {
  const digits = key.startsWith('ratio') || key.includes('_ratio') ? 3 : key.endsWith('_ms') ? 1 : 0;
  section[key] = fig ? round(fig.median, digits) : null;
  section[`${key}_p10`] = fig ? round(fig.p10, digits) : null;
  section[`${key}_p90`] = fig ? round(fig.p90, digits) : null;
  section[`${key}_n`] = fig ? fig.n : 0;
  if (!fig) section.null_reasons[key] = reason ?? 'not measured';
}

/**
 * Writes `key` as the largest sample (the worst load), with the samples' p10, p90 and n beside it:
 * for a count that must stay 0 in every load, where a median would hide one bad load.
 */
export function putMax(section: Section, key: string, samples: ReadonlyArray<number | null | undefined>, reason?: string): void {
  const fig = figure(samples);
  put(section, key, fig ? { ...fig, median: Math.max(...fig.samples) } : null, reason);
}

/** A single measured value, reported like a sampled figure with n = 1. */
export const single = (value: number | null | undefined): Figure | null => figure([value]);

/** Marks every listed key null with one reason (a skipped or failed section); `a.b` is figure b of the part `a` (made if missing). */
export function skipAll(section: Section, keys: readonly string[], reason: string): void {
  for (const key of keys) {
    const cut = key.indexOf('.');
    if (cut < 0) put(section, key, null, reason);
    else put((section[key.slice(0, cut)] ??= newSection()) as Section, key.slice(cut + 1), null, reason);
  }
}

// ---------------------------------------------------------------- stdout table

function fmt(value: unknown, key: string): string {
  if (typeof value !== 'number') return '—';
  if (key.endsWith('_bytes')) return value >= 10_240 ? `${(value / 1024).toFixed(1)} KiB` : `${value} B`;
  if (key.includes('ratio')) return `${value.toFixed(3)}×`;
  if (key.endsWith('_ms')) return `${value.toFixed(1)} ms`;
  return String(value);
}

export interface Row {
  label: string;
  /** Dotted key in the report. */
  key: string;
}

export function formatTable(report: Record<string, unknown>, rows: readonly Row[]): string {
  const cells = rows.map(({ label, key }) => {
    const cut = key.lastIndexOf('.');
    const name = key.slice(cut + 1);
    const section = (readPath(report, key.slice(0, cut)) ?? {}) as Record<string, unknown>;
    const value = section[name];
    const reasons = (section.null_reasons ?? {}) as Record<string, string>;
    return [
      label,
      key,
      fmt(value, name),
      value === null || value === undefined ? '' : fmt(section[`${name}_p10`], name),
      value === null || value === undefined ? '' : fmt(section[`${name}_p90`], name),
      value === null || value === undefined ? (reasons[name] ?? '') : String(section[`${name}_n`] ?? ''),
    ];
  });
  const head = ['figure', 'key', 'median', 'p10', 'p90', 'n / why missing'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i]!))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export function formatBudgets(results: readonly BudgetResult[]): string {
  const lines = results.map((r) => {
    const limit = r.unit === 'bytes' ? `${(r.limit / 1024).toFixed(0)} KiB` : r.unit === 'ms' ? `${r.limit} ms` : r.unit === 'ratio' ? `${r.limit.toFixed(2)}×` : String(r.limit);
    const value = r.value === null ? '—' : fmt(r.value, r.key.slice(r.key.lastIndexOf('.') + 1));
    return `${r.status.padEnd(4)}  ${r.label.padEnd(52)} ${value.padStart(12)}  (${r.kind === 'min' ? 'at least' : 'limit'} ${limit})${r.reason ? `  ${r.reason}` : ''}`;
  });
  return lines.join('\n');
}
