import { describe, expect, it } from 'vitest';
import { AdStatus, isTerminal, nextAdStatus, type AdFact } from './status';

const S = AdStatus;
const f = {
  canplaythrough: { type: 'canplaythrough' } as AdFact,
  playing: { type: 'playing' } as AdFact,
  timeupdate: { type: 'timeupdate' } as AdFact,
  pause: { type: 'pause', ended: false } as AdFact,
  pauseAtEnd: { type: 'pause', ended: true } as AdFact,
  ended: { type: 'ended' } as AdFact,
  skip: { type: 'skip', allowed: true } as AdFact,
  skipEarly: { type: 'skip', allowed: false } as AdFact,
  stop: { type: 'stop' } as AdFact,
  error: { type: 'error' } as AdFact,
};

describe('ad status machine (SPEC.md §4)', () => {
  it.each([
    [S.Created, f.canplaythrough, S.Loaded],
    [S.Loaded, f.canplaythrough, S.Loaded],
    [S.Created, f.playing, S.Started],
    [S.Loaded, f.playing, S.Started],
    [S.Started, f.timeupdate, S.Playing],
    [S.Started, f.playing, S.Playing],
    [S.Playing, f.timeupdate, S.Playing],
    [S.Created, f.timeupdate, S.Created],
    [S.Playing, f.pause, S.Paused],
    [S.Started, f.pause, S.Paused],
    [S.Playing, f.pauseAtEnd, S.Completed],
    [S.Loaded, f.pause, S.Loaded],
    [S.Paused, f.playing, S.Playing],
    [S.Playing, f.ended, S.Completed],
    [S.Paused, f.ended, S.Completed],
    [S.Playing, f.skip, S.Skipped],
    [S.Paused, f.skip, S.Skipped],
    [S.Started, f.skip, S.Skipped],
    [S.Playing, f.skipEarly, S.Playing],
    [S.Loaded, f.skip, S.Loaded],
    [S.Created, f.stop, S.Stopped],
    [S.Playing, f.stop, S.Stopped],
    [S.Paused, f.stop, S.Stopped],
    [S.Created, f.error, S.Error],
    [S.Loaded, f.error, S.Error],
    [S.Playing, f.error, S.Error],
  ])('%s + %j → %s', (from, fact, to) => expect(nextAdStatus(from, fact)).toBe(to));

  it.each([S.Completed, S.Skipped, S.Stopped, S.Error])('%s is terminal: no fact leaves it', (status) => {
    expect(isTerminal(status)).toBe(true);
    for (const fact of Object.values(f)) expect(nextAdStatus(status, fact)).toBe(status);
  });

  it.each([S.Created, S.Loaded, S.Started, S.Playing, S.Paused])('%s is not terminal', (status) => expect(isTerminal(status)).toBe(false));
});
