/** Order statistics for the bench figures. */

export interface Figure {
  median: number;
  p10: number;
  p90: number;
  n: number;
  samples: number[];
}

/** Quantile q (0..1) with linear interpolation between order statistics (R type 7). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Median, p10 and p90 of the finite samples; null when there are none. */
export function figure(samples: ReadonlyArray<number | null | undefined>): Figure | null {
  const finite = samples.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (finite.length === 0) return null;
  return { median: quantile(finite, 0.5), p10: quantile(finite, 0.1), p90: quantile(finite, 0.9), n: finite.length, samples: finite };
}

/** Ratio a/b of paired samples (same iteration), skipping pairs with a missing side. */
export function pairedRatios(a: ReadonlyArray<number | null>, b: ReadonlyArray<number | null>): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (typeof x === 'number' && typeof y === 'number' && y > 0) out.push(x / y);
  }
  return out;
}

/** Rounds for the report: ms to 0.1, ratios to 0.001, bytes stay integers. */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
