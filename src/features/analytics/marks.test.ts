import { describe, expect, it } from 'vitest';
import { marksReached } from './marks';

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
