import { describe, expect, it } from 'vitest';
import { checkGrowth, GROWTH_LIMITS, type SoakSample } from './growth';

const MiB = 1024 * 1024;
const sample = (label: string, heapMiB: number, extra: Partial<SoakSample> = {}): SoakSample => ({
  label,
  heapBytes: heapMiB * MiB,
  documents: 1,
  nodes: 800,
  jsEventListeners: 120,
  domElements: 150,
  mediaSources: 1,
  videos: 2,
  ...extra,
});
const unbounded = (samples: SoakSample[]) => checkGrowth(samples).filter((v) => v.unbounded).map((v) => v.metric);

describe('soak growth check', () => {
  it.each([
    ['flat heap', [10, 10.2, 9.9, 10.1, 10], []],
    ['a warm-up step that levels off', [10, 16, 19, 19.2, 19.1], []],
    ['noise within the limit', [10, 14, 11, 15, 12], []],
    ['steady climb past the limit (a leak)', [10, 13, 16, 19, 22], ['heapBytes']],
    ['late jump that is still climbing', [10, 10, 10, 15, 21], ['heapBytes']],
  ] as const)('%s → unbounded: %j', (_label, heaps, expected) => {
    expect(unbounded(heaps.map((heap, i) => sample(`s${i}`, heap)))).toEqual(expected);
  });

  it('flags leaked listeners, nodes and media sources independently of the heap', () => {
    const samples = [0, 1, 2, 3, 4].map((i) =>
      sample(`s${i}`, 10, { jsEventListeners: 120 + i * 200, nodes: 800 + i * 1000, mediaSources: 1 + i, videos: 2 }),
    );
    expect(unbounded(samples)).toEqual(['nodes', 'jsEventListeners', 'mediaSources']);
  });

  it('reports start, middle, end and max against each limit', () => {
    const verdict = checkGrowth([sample('a', 10), sample('b', 30), sample('c', 12)]).find((v) => v.metric === 'heapBytes')!;
    expect(verdict).toEqual({ metric: 'heapBytes', start: 10 * MiB, middle: 30 * MiB, end: 12 * MiB, max: 30 * MiB, limit: GROWTH_LIMITS.heapBytes, unbounded: false });
  });

  it('needs three samples', () => {
    expect(() => checkGrowth([sample('a', 1), sample('b', 1)])).toThrow(/at least 3/);
  });
});
