import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineError } from '../../engine/types';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { createAnalytics } from './index';
import { linked } from '../../test-support/linked';

// Analytics alone, given its facts by the tests (no link).
const { contentPlayingChanged, deviceDetected, framesSampled, itemChanged, libraryLoadFailed, positionUpdated, streamErrorReported } = linked(createAnalytics);

function setup() {
  const sent: StatEvent[] = [];
  const scope = fork({ handlers: [[sendStatFx, (stat: StatEvent) => (sent.push(stat), true)]] });
  return { scope, sent };
}

const names = (sent: StatEvent[]) => sent.map((s) => s.event);
const marks = (sent: StatEvent[]) => sent.filter((s) => s.event === 'progress').map((s) => s.payload?.mark);

async function play(scope: ReturnType<typeof fork>, positions: number[], duration = 30) {
  for (const position of positions) await allSettled(positionUpdated, { scope, params: { position, duration } });
}

describe('progress marks', () => {
  it('sends each mark once per episode, in order, with the common payload', async () => {
    const { scope, sent } = setup();
    await allSettled(itemChanged, { scope, params: { contentId: 101, episodeId: 10101, imdbId: 'tt0111161' } });
    await allSettled(deviceDetected, { scope, params: 'tablet' });
    await play(scope, [0, 2.9, 3, 7.4, 7.5]);
    expect(marks(sent)).toEqual([0.1, 0.25]);
    expect(sent[0]).toEqual({
      event: 'progress',
      payload: { contentId: 101, episodeId: 10101, imdbId: 'tt0111161', position: 3, duration: 30, deviceType: 'tablet', mark: 0.1 },
    });
    // Seeking back and playing through again repeats nothing.
    await play(scope, [1, 4, 8, 9]);
    expect(marks(sent)).toEqual([0.1, 0.25]);
    // Seeking forward past marks sends each skipped mark once, in order.
    await play(scope, [28.6, 29]);
    expect(marks(sent)).toEqual([0.1, 0.25, 0.5, 0.75, 0.95]);
    await play(scope, [30]);
    expect(marks(sent)).toEqual([0.1, 0.25, 0.5, 0.75, 0.95, 1]);
    await play(scope, [30]);
    expect(marks(sent)).toHaveLength(6);
  });

  it('starts afresh for the next episode, not for the same one again', async () => {
    const { scope, sent } = setup();
    await allSettled(itemChanged, { scope, params: { contentId: 102, episodeId: 1, imdbId: null } });
    await play(scope, [10]);
    await allSettled(itemChanged, { scope, params: { contentId: 102, episodeId: 1, imdbId: null } });
    await play(scope, [10]);
    expect(marks(sent)).toEqual([0.1, 0.25]);
    await allSettled(itemChanged, { scope, params: { contentId: 102, episodeId: 2, imdbId: null } });
    await play(scope, [3.5]);
    expect(sent.at(-1)?.payload).toMatchObject({ episodeId: 2, mark: 0.1 });
  });

  it('never sends 1 before 0.95 on media shorter than 10 s', async () => {
    const { scope, sent } = setup();
    // 9.5 s: the end mark's half second (9.0) comes before 0.95 (9.025).
    await play(scope, [8, 9, 9.01], 9.5);
    expect(marks(sent)).toEqual([0.1, 0.25, 0.5, 0.75]);
    await play(scope, [9.03], 9.5);
    expect(marks(sent)).toEqual([0.1, 0.25, 0.5, 0.75, 0.95, 1]);
  });

  it('sends nothing while the duration is unknown', async () => {
    const { scope, sent } = setup();
    await play(scope, [5, 10], 0);
    await play(scope, [5], Number.NaN);
    expect(sent).toEqual([]);
  });
});

describe('60 s time-update', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires every 60000 ms of playing content and never while paused', async () => {
    const { scope, sent } = setup();
    await allSettled(positionUpdated, { scope, params: { position: 0, duration: 7200 } });
    const playing = allSettled(contentPlayingChanged, { scope, params: true });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(names(sent)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(names(sent)).toEqual(['timeupdate']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(names(sent)).toEqual(['timeupdate', 'timeupdate']);

    // Paused (or an ad break, which the app reports the same way): the clock stops.
    await allSettled(contentPlayingChanged, { scope, params: false });
    await playing;
    await vi.advanceTimersByTimeAsync(300_000);
    expect(names(sent)).toHaveLength(2);

    const resumed = allSettled(contentPlayingChanged, { scope, params: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(names(sent)).toHaveLength(3);
    expect(sent[2]?.payload).toMatchObject({ position: 0, duration: 7200, deviceType: 'desktop' });
    await allSettled(contentPlayingChanged, { scope, params: false });
    await resumed;
  });
});

describe('error analytics', () => {
  const error = (detail: string, fatal: boolean, kind: EngineError['kind'] = 'network'): EngineError => ({
    kind,
    detail,
    fatal,
    message: 'x',
    url: 'http://localhost/hls/x.m3u8?token=secret',
    responseCode: 404,
  });

  it('carries the error type, network class from bits/s and the buffered length', async () => {
    const { scope, sent } = setup();
    await allSettled(itemChanged, { scope, params: { contentId: 111, episodeId: null, imdbId: null } });
    // 2,399,992 bit/s = 299.999 kB/s → 2g; 2,400,000 bit/s = 300 kB/s → 3g.
    await allSettled(streamErrorReported, { scope, params: { error: error('manifestLoadError', true), bandwidthEstimate: 2_399_992, bufferedLength: 0 } });
    await allSettled(streamErrorReported, { scope, params: { error: error('fragLoadError', false), bandwidthEstimate: 2_400_000, bufferedLength: 4.25 } });
    expect(sent).toEqual([
      {
        event: 'error',
        payload: {
          contentId: 111,
          episodeId: null,
          imdbId: null,
          position: 0,
          duration: 0,
          deviceType: 'desktop',
          errorType: 'network',
          details: 'manifestLoadError',
          fatal: true,
          networkType: '2g',
          bufferedLength: 0,
          responseCode: 404,
        },
      },
      expect.objectContaining({ event: 'error', payload: expect.objectContaining({ details: 'fragLoadError', fatal: false, networkType: '3g', bufferedLength: 4.25 }) }),
    ]);
    // Never the URL (it may carry a token).
    expect(JSON.stringify(sent)).not.toContain('secret');
  });

  it('adds bufferingError when the detail mentions a buffer; unknown bandwidth reads as unknown', async () => {
    const { scope, sent } = setup();
    await allSettled(streamErrorReported, { scope, params: { error: error('bufferAppendError', false, 'media'), bandwidthEstimate: Number.NaN, bufferedLength: 1 } });
    await allSettled(streamErrorReported, { scope, params: { error: error('bufferFullError', false, 'media'), bandwidthEstimate: 40_000_000, bufferedLength: 1 } });
    await allSettled(streamErrorReported, { scope, params: { error: error('keyLoadError', false), bandwidthEstimate: 40_000_000, bufferedLength: 1 } });
    expect(names(sent)).toEqual(['error', 'bufferingError', 'error', 'bufferingError', 'error']);
    expect(sent[1]?.payload).toMatchObject({ details: 'bufferAppendError', networkType: 'unknown', errorType: 'media' });
    expect(sent[3]?.payload).toMatchObject({ details: 'bufferFullError', networkType: 'wifi' });
  });
});

describe('frame-rate drop and library load error', () => {
  it('reports a window whose dropped share exceeds the threshold', async () => {
    const { scope, sent } = setup();
    await allSettled(framesSampled, { scope, params: { droppedFrames: 10, totalFrames: 250, windowMs: 10_000 } });
    expect(sent).toEqual([]);
    await allSettled(framesSampled, { scope, params: { droppedFrames: 60, totalFrames: 250, windowMs: 10_000 } });
    expect(sent).toEqual([{ event: 'fps_drop', payload: expect.objectContaining({ droppedFrames: 60, totalFrames: 250, windowMs: 10_000 }) }]);
  });

  it('reports a failed engine chunk', async () => {
    const { scope, sent } = setup();
    await allSettled(libraryLoadFailed, { scope, params: 'Failed to fetch dynamically imported module' });
    expect(sent).toEqual([{ event: 'library_load_error', payload: expect.objectContaining({ message: 'Failed to fetch dynamically imported module' }) }]);
  });
});
