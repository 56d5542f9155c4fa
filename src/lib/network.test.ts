import { describe, expect, it } from 'vitest';
import { bitsToKilobytes, networkClass } from './network';

describe('networkClass (kB/s)', () => {
  it.each([
    [0, 'gprs'], [49, 'gprs'], [49.99, 'gprs'], [50, '2g'], [299, '2g'], [300, '3g'], [999, '3g'],
    [1000, '4g'], [3999, '4g'], [4000, 'wifi'], [1e6, 'wifi'],
  ] as const)('%s → %s', (kbps, expected) => {
    expect(networkClass(kbps)).toBe(expected);
  });

  it('unknown estimates give null', () => {
    expect(networkClass(Number.NaN)).toBeNull();
    expect(networkClass(-1)).toBeNull();
  });

  it('converts hls.js bits per second', () => {
    expect(networkClass(bitsToKilobytes(2_400_000))).toBe('3g');
    expect(networkClass(bitsToKilobytes(40_000_000))).toBe('wifi');
  });
});
