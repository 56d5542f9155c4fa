import { describe, expect, it } from 'vitest';
import { autoplayOutcome, type StatEntry } from './stats';

const stat = (t: number, event: string, payload: unknown): StatEntry => ({ id: t, t, event, payload, via: 'relay' });

describe('autoplayOutcome (the status line)', () => {
  it("is the newest videoplayer_autoplay result since the frame's load, null before the player tries", () => {
    const stats = [stat(10, 'videoplayer_autoplay', { result: 'sound' }), stat(20, 'videoplayer_start', {}), stat(30, 'videoplayer_autoplay', { result: 'muted' }), stat(40, 'videoplayer_progress', {})];
    expect(autoplayOutcome(stats, 0)).toBe('muted');
    expect(autoplayOutcome(stats, 25)).toBe('muted');
    // An outcome from before the frame's load is another page's.
    expect(autoplayOutcome(stats.slice(0, 2), 15)).toBeNull();
    expect(autoplayOutcome([], 0)).toBeNull();
  });

  it("says 'unknown' for a stat without a result", () => {
    expect(autoplayOutcome([stat(1, 'videoplayer_autoplay', null)], 0)).toBe('unknown');
  });
});
