import { describe, expect, it } from 'vitest';
import { marksReached } from '../features/analytics/marks';
import { deviceType } from './device';
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

describe('deviceType', () => {
  it.each([
    ['Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1', 0, 'tablet'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15', 5, 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36', 5, 'mobile'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 5, 'tablet'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1', 5, 'mobile'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 0, 'desktop'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 0, 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15', 0, 'desktop'],
  ] as const)('%s (touch %s) → %s', (ua, touch, expected) => {
    expect(deviceType(ua, touch)).toBe(expected);
  });
});

describe('marksReached', () => {
  it('reports each mark once, in order, and skipped marks on a forward seek', () => {
    const sent = new Set<number>();
    const step = (t: number) => {
      const marks = marksReached(t, 100, sent);
      marks.forEach((m) => sent.add(m));
      return marks;
    };
    expect(step(5)).toEqual([]);
    expect(step(10)).toEqual([0.1]);
    expect(step(30)).toEqual([0.25]);
    expect(step(5)).toEqual([]);
    expect(step(30)).toEqual([]);
    expect(step(80)).toEqual([0.5, 0.75]);
    expect(step(99.6)).toEqual([0.95, 1]);
    expect(step(100)).toEqual([]);
  });

  it('needs a known duration', () => {
    expect(marksReached(10, Number.NaN, new Set())).toEqual([]);
    expect(marksReached(10, 0, new Set())).toEqual([]);
  });
});
