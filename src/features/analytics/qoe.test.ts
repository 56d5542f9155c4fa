import { describe, expect, it } from 'vitest';
import { EMPTY_QOE, foldQoe, playedSinceStart, qoeSummary, startupMs, type QoeFact, type StampedQoeFact } from './qoe';

/** Facts as [ms, fact] pairs, folded from an empty playback. */
const fold = (facts: Array<[number, QoeFact]>) => facts.map(([at, fact]): StampedQoeFact => ({ ...fact, at })).reduce(foldQoe, EMPTY_QOE);

const intent = { type: 'intent' } as const;
const playing = { type: 'playing' } as const;
const waiting = { type: 'waiting' } as const;
const paused = { type: 'paused' } as const;
const seek = { type: 'seek' } as const;
const seeked = { type: 'seeked' } as const;
const level = (bitrate: number) => ({ type: 'level', bitrate }) as const;
const adBreak = (running: boolean) => ({ type: 'adBreak', running }) as const;

describe('QoE figures of one playback', () => {
  it.each<[string, Array<[number, QoeFact]>, number, Partial<ReturnType<typeof qoeSummary>>]>([
    [
      'a click, 800 ms to the first frame, 10 s watched without a stall',
      [[1000, intent], [1800, playing]],
      11_800,
      { startupMs: 800, watchedMs: 10_000, rebufferCount: 0, rebufferMs: 0, rebufferRatio: 0, exitedBeforeStart: false },
    ],
    [
      'one 2 s stall in 10 s of playing: one rebuffer, ratio 2 / 10',
      [[0, intent], [500, playing], [4500, waiting], [6500, playing]],
      10_500,
      { watchedMs: 8000, rebufferCount: 1, rebufferMs: 2000, rebufferRatio: 0.2 },
    ],
    [
      "a seek's wait is not a rebuffer (seek, waiting, seeked, playing), and watching goes on after it",
      [[0, intent], [500, playing], [3500, seek], [3510, waiting], [5000, seeked], [5100, playing]],
      8100,
      { watchedMs: 6000, rebufferCount: 0, rebufferMs: 0, rebufferRatio: 0 },
    ],
    [
      'a seek within the buffer with no wait and no playing after it: watching goes on from seeked',
      [[0, intent], [0, playing], [3000, seek], [3050, seeked]],
      6050,
      { watchedMs: 6000, rebufferCount: 0 },
    ],
    [
      'a stall after a finished seek is a rebuffer again',
      [[0, intent], [0, playing], [2000, seek], [2100, seeked], [5100, waiting], [6100, playing]],
      8100,
      { watchedMs: 7000, rebufferCount: 1, rebufferMs: 1000 },
    ],
    [
      'a seek during a stall ends the stall there; the wait after it is the seek\'s',
      [[0, intent], [0, playing], [4000, waiting], [5000, seek], [5001, waiting], [9000, seeked], [9000, playing]],
      10_000,
      { watchedMs: 5000, rebufferCount: 1, rebufferMs: 1000 },
    ],
    [
      'stalls during an ad break are not counted, nor is the break time',
      [[0, intent], [0, playing], [5000, adBreak(true)], [5000, paused], [6000, waiting], [9000, playing], [20_000, adBreak(false)], [20_000, playing]],
      25_000,
      { watchedMs: 10_000, rebufferCount: 0, rebufferMs: 0 },
    ],
    [
      'a stall under way when a break begins ends there',
      [[0, intent], [0, playing], [4000, waiting], [5000, adBreak(true)], [15_000, adBreak(false)], [15_000, playing]],
      17_000,
      { watchedMs: 6000, rebufferCount: 1, rebufferMs: 1000 },
    ],
    [
      'a pause during a stall ends it; nothing counts while paused',
      [[0, intent], [0, playing], [2000, waiting], [3000, paused], [60_000, playing]],
      62_000,
      { watchedMs: 4000, rebufferCount: 1, rebufferMs: 1000 },
    ],
    [
      'exit before start: play asked for, no frame by the end',
      [[0, intent], [100, waiting]],
      7000,
      { exitedBeforeStart: true, startupMs: null, watchedMs: 0, rebufferCount: 0, averageBitrate: null },
    ],
    [
      'waits before the first frame are startup, not rebuffers',
      [[0, intent], [10, waiting], [900, waiting], [3000, playing]],
      4000,
      { startupMs: 3000, rebufferCount: 0, exitedBeforeStart: false },
    ],
    [
      'a pre-roll before the first frame is ad time, not startup',
      [[0, intent], [300, adBreak(true)], [15_300, adBreak(false)], [16_000, playing]],
      17_000,
      { startupMs: 1000, watchedMs: 1000 },
    ],
    [
      'averageBitrate is weighted by the time each level played: 2 s at 1 Mb/s, 6 s at 3 Mb/s',
      [[0, level(1_000_000)], [0, intent], [0, playing], [2000, level(3_000_000)], [5000, paused], [7000, playing]],
      10_000,
      { averageBitrate: 2_500_000, qualitySwitches: 1, watchedMs: 8000 },
    ],
    [
      'the first level is no switch; back and forth is two; a level known before the frame counts from it',
      [[0, intent], [0, level(800_000)], [500, playing], [1500, level(1_600_000)], [2500, level(800_000)]],
      3500,
      { averageBitrate: 1_066_667, qualitySwitches: 2 },
    ],
    [
      'ad start failures are counted; an ad failing after its first frame is not one',
      [
        [0, intent], [100, adBreak(true)], [200, { type: 'adFailed' }], [300, { type: 'adFailed' }],
        [5000, { type: 'adFailedAfterStart' }], [5000, { type: 'adFailed' }], [5000, adBreak(false)], [5200, playing],
      ],
      500,
      { adStartFailures: 2, startupMs: 300 },
    ],
  ])('%s', (_, facts, at, expected) => {
    expect(qoeSummary(fold(facts), at)).toMatchObject(expected);
  });

  it('startup runs from the earliest intent; a refused autoplay leaves it to the viewer\'s click', () => {
    expect(startupMs(fold([[0, intent], [400, intent], [900, playing]]))).toBe(900);
    expect(startupMs(fold([[0, intent], [200, { type: 'refused' }], [5000, intent], [5600, playing]]))).toBe(600);
    expect(startupMs(fold([[0, intent], [900, playing], [2000, intent]]))).toBe(900);
  });

  it('a content already playing when first heard showed its first frame playedMs ago, never before the intent', () => {
    const early = fold([[0, intent], [1500, { type: 'playing', playedMs: 400 }]]);
    expect(startupMs(early)).toBe(1100);
    expect(qoeSummary(early, 2500).watchedMs).toBe(1400);
    expect(startupMs(fold([[1000, intent], [1500, { type: 'playing', playedMs: 4000 }]]))).toBe(0);
  });

  it('no playback to report before anything was asked for', () => {
    expect(qoeSummary(EMPTY_QOE, 5000)).toEqual({
      watchedMs: 0, rebufferCount: 0, rebufferMs: 0, rebufferRatio: 0, startupMs: null,
      exitedBeforeStart: false, adStartFailures: 0, averageBitrate: null, qualitySwitches: 0,
    });
  });
});

describe('playedSinceStart: how long the content had played when the model first heard it', () => {
  it.each<[string, Parameters<typeof playedSinceStart>[0], number, number]>([
    ['started by the page at 0, 1.25 s in', { currentTime: 1.25, bufferedRanges: [[0, 8]] }, 0, 1250],
    ['started at a saved time inside a segment: the segment start is no play', { currentTime: 123.5, bufferedRanges: [[120, 130]] }, 123.4, 100],
    ['the engine skipped a gap at the start: nothing played yet', { currentTime: 0.1, bufferedRanges: [[0.1, 6]] }, 0, 0],
    ['no ranges reported: from the requested start', { currentTime: 2, bufferedRanges: undefined }, 0, 2000],
    ['no time at all', null, 0, 0],
    ['a playhead behind the start', { currentTime: 9, bufferedRanges: [] }, 10, 0],
  ])('%s', (_, time, startTime, expected) => {
    expect(playedSinceStart(time, startTime)).toBe(expected);
  });
});
