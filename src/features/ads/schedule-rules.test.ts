import { describe, expect, it } from 'vitest';
import { INITIAL_CLOCK, MIDROLL_MARK_MIN_SPACING, clockSeeked, clockTicked, midrollDue, midrollMarks, nextMidrollTime, type PlayClock } from './schedule-rules';

const ticks = (clock: PlayClock, from: number, to: number, step = 0.25) => {
  let next = clock;
  for (let t = from; t <= to + 1e-9; t += step) next = clockTicked(next, Math.round(t * 1000) / 1000);
  return next;
};

describe('the mid-roll clock counts played content time', () => {
  it('adds forward ticks', () => {
    expect(ticks(INITIAL_CLOCK, 0, 10).played).toBeCloseTo(10);
  });

  it('does not count a seek forward or back', () => {
    let clock = ticks(INITIAL_CLOCK, 0, 4);
    clock = clockSeeked(clock, 25);
    clock = ticks(clock, 25, 27);
    expect(clock.played).toBeCloseTo(6);
    clock = clockSeeked(clock, 1);
    clock = ticks(clock, 1, 3);
    expect(clock.played).toBeCloseTo(8);
  });

  it('ignores a jump between two ticks even without a seeked event, and pauses (no ticks)', () => {
    let clock = ticks(INITIAL_CLOCK, 0, 2);
    clock = clockTicked(clock, 20);
    clock = clockTicked(clock, 20);
    clock = clockTicked(clock, 20.25);
    expect(clock.played).toBeCloseTo(2.25);
  });

  it('is due every 10 s since the last break', () => {
    expect(midrollDue(9.99, 0)).toBe(false);
    expect(midrollDue(10, 0)).toBe(true);
    expect(midrollDue(19.5, 10)).toBe(false);
    expect(midrollDue(20.1, 10)).toBe(true);
  });
});

describe('where the demo mid-rolls will come (the seek slider marks)', () => {
  it('the next one is 10 s of play after the last break, from where the content is; none before a content time', () => {
    expect(nextMidrollTime(INITIAL_CLOCK, 0)).toBeNull();
    expect(nextMidrollTime(ticks(INITIAL_CLOCK, 0, 4), 0)).toBe(10);
    // A seek moves it with the content: 4 s played, so 6 s after the new position.
    expect(nextMidrollTime(clockSeeked(ticks(INITIAL_CLOCK, 0, 4), 20), 0)).toBe(26);
    // A resumed film: the first time is the starting point.
    expect(nextMidrollTime(clockTicked(INITIAL_CLOCK, 300), 0)).toBe(310);
    expect(nextMidrollTime(ticks(INITIAL_CLOCK, 0, 14), 10)).toBe(20);
  });

  it('stays the same value through steady play, so the marks are not recomputed every tick', () => {
    const seen = new Set<number | null>();
    let clock = clockTicked(INITIAL_CLOCK, 1.37);
    // Irregular steps, as real time updates come.
    for (let t = 1.37, i = 0; t < 9; t += [0.113, 0.251, 0.187, 0.3][i++ % 4]!) seen.add(nextMidrollTime((clock = clockTicked(clock, t)), 0));
    expect([...seen]).toEqual([11.37]);
  });

  it('a due mid-roll held back (native fullscreen) is marked where the content is', () => {
    expect(nextMidrollTime(ticks(INITIAL_CLOCK, 0, 12), 0)).toBe(12);
  });

  it('marks every 10 s of play from the next one, before the end, as fractions', () => {
    expect(midrollMarks(10, 30)).toEqual([10 / 30, 20 / 30]);
    expect(midrollMarks(4, 25)).toEqual([4 / 25, 14 / 25, 24 / 25]);
    expect(midrollMarks(30, 30)).toEqual([]);
    expect(midrollMarks(null, 30)).toEqual([]);
    expect(midrollMarks(10, 0)).toEqual([]);
    expect(midrollMarks(10, Number.NaN)).toEqual([]);
  });

  it('on a film long enough for the marks to blur into a line, only the next one', () => {
    const longest = 10 / MIDROLL_MARK_MIN_SPACING;
    // 10 s to 990 s; the end itself is not a mid-roll.
    expect(midrollMarks(10, longest)).toHaveLength(99);
    expect(midrollMarks(10, longest + 1)).toEqual([10 / (longest + 1)]);
    expect(midrollMarks(3605, 7200)).toEqual([3605 / 7200]);
  });
});
