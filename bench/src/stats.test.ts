import { describe, expect, it } from 'vitest';
import { figure, pairedRatios, quantile } from './stats';

describe('bench stats', () => {
  it('interpolates quantiles between order statistics', () => {
    const values = [50, 10, 40, 20, 30];
    expect(quantile(values, 0.5)).toBe(30);
    expect(quantile(values, 0.1)).toBeCloseTo(14);
    expect(quantile(values, 0.9)).toBeCloseTo(46);
    expect(quantile([7], 0.9)).toBe(7);
  });

  it('ignores missing samples and reports null when none are left', () => {
    expect(figure([null, 3, undefined, 1, Number.NaN, 2])).toMatchObject({ median: 2, n: 3, samples: [3, 1, 2] });
    expect(figure([null, undefined])).toBeNull();
  });

  it('pairs ratios by iteration and skips incomplete pairs', () => {
    expect(pairedRatios([100, null, 300, 80], [50, 60, null, 40])).toEqual([2, 2]);
  });
});
