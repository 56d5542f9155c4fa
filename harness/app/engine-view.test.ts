import { describe, expect, it } from 'vitest';
import { bufferBar, bufferedText, configView, levelLabel, levelStateText, readEngineView, shownLevel } from './engine-view';

const LEVELS = { current: 1, next: 2, load: 2, auto: false, cap: -1, levels: [{ width: 426, height: 240, bitrate: 156_000 }, { width: 640, height: 360, bitrate: 265_000 }] };
const snapshot = { source: 'harness-probe', kind: 'engine', controls: true, levels: LEVELS, buffered: [[0, 12], [20, 24]], currentTime: 10, duration: 40, paused: false };

describe('readEngineView', () => {
  it('reads a probe snapshot', () => {
    expect(readEngineView(snapshot)).toEqual({ controls: true, levels: LEVELS, buffered: [[0, 12], [20, 24]], currentTime: 10, duration: 40, paused: false });
  });

  it.each([
    ['another kind', { ...snapshot, kind: 'metrics' }],
    ['no controls flag', { ...snapshot, controls: 'yes' }],
    ['not an object', 'engine'],
    ['null', null],
  ])('is null for %s', (_name, data) => {
    expect(readEngineView(data)).toBeNull();
  });

  it('keeps what is well formed: bad ranges dropped, bad levels as no stream, bad numbers as unknown', () => {
    const view = readEngineView({ ...snapshot, buffered: [[0, 5], [9, 3], ['a', 1], [1], null], levels: { ...LEVELS, current: '1' }, currentTime: Number.NaN, duration: null, paused: 1 });
    expect(view).toEqual({ controls: true, levels: null, buffered: [[0, 5]], currentTime: null, duration: null, paused: null });
  });
});

describe('bufferBar', () => {
  it('places the ranges and the playhead over the duration, with the seconds ahead', () => {
    expect(bufferBar({ buffered: [[0, 12], [20, 24]], currentTime: 10, duration: 40 })).toEqual({
      span: 40,
      ranges: [{ left: 0, width: 30 }, { left: 50, width: 10 }],
      playhead: 25,
      ahead: 2,
    });
  });

  it('spans as far as anything reaches while the duration is unknown; a playhead outside every range has nothing ahead', () => {
    expect(bufferBar({ buffered: [[0, 8]], currentTime: 10, duration: null })).toEqual({ span: 10, ranges: [{ left: 0, width: 80 }], playhead: 100, ahead: 0 });
    expect(bufferBar({ buffered: [], currentTime: null, duration: null })).toEqual({ span: 0, ranges: [], playhead: null, ahead: 0 });
  });

  it('counts a playhead just before a range as inside it (a seek lands a little before its segment)', () => {
    expect(bufferBar({ buffered: [[30, 36]], currentTime: 29.95, duration: 60 }).ahead).toBeCloseTo(6.05);
  });
});

describe('the level and buffer lines', () => {
  it('say the levels, and a dash with no stream', () => {
    expect(levelStateText(LEVELS)).toBe('current 1 · next 2 · loading 2 · manual · cap none');
    expect(levelStateText({ ...LEVELS, auto: true, cap: 0 })).toBe('current 1 · next 2 · loading 2 · auto · cap 0');
    expect(levelStateText(null)).toBe('—');
  });

  it('show the chosen level, or Auto (-1) while ABR chooses or with no stream', () => {
    expect(shownLevel(LEVELS)).toBe(1);
    expect(shownLevel({ ...LEVELS, auto: true })).toBe(-1);
    expect(shownLevel(null)).toBe(-1);
  });

  it('say the playhead, the seconds ahead and the ranges, and a dash before the first snapshot', () => {
    expect(bufferedText(readEngineView(snapshot))).toBe('10.0 / 40.0 s · ahead 2.0 s · 0.0–12.0, 20.0–24.0');
    expect(bufferedText({ controls: true, levels: null, buffered: [], currentTime: null, duration: null, paused: null })).toBe('— / — s · ahead 0.0 s · nothing buffered');
    expect(bufferedText(null)).toBe('—');
  });
});

describe('levelLabel and configView', () => {
  it('labels a level by height and bitrate', () => {
    expect(levelLabel({ height: 720, bitrate: 482_000 })).toBe('720p · 482 kbit/s');
  });

  it('shows the QA keys in their order, or every key sorted', () => {
    const config = { enableWorker: true, maxBufferLength: 30, debug: false, startLevel: -1, fragLoadPolicy: { default: { maxTimeToFirstByteMs: 10_000 } } };
    expect(Object.keys(configView(config, false))).toEqual(['maxBufferLength', 'startLevel', 'enableWorker', 'fragLoadPolicy']);
    expect(Object.keys(configView(config, true))).toEqual(['debug', 'enableWorker', 'fragLoadPolicy', 'maxBufferLength', 'startLevel']);
    expect(configView(null, true)).toEqual({});
  });
});
