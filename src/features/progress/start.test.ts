import { describe, expect, it } from 'vitest';
import { createWebStorage } from '../../platform/storage';
import { fakeStorage } from '../../test-support/web-storage';
import { decideStart, sanitizeProgress, type StartDecision, type StartInput } from './start';

const base: StartInput = { choice: 'start', episodeId: 7, duration: 600, startTime: null, episodeTime: null, saved: {} };

describe('decideStart', () => {
  it('no saved position: from 0, no prompt, the embedder decides autoplay', () => {
    expect(decideStart(base)).toEqual({ startTime: 0, resumeAt: null, autoplay: null });
  });

  it('a saved position shows the prompt and holds autoplay', () => {
    expect(decideStart({ ...base, saved: { '7': 125.7 } })).toEqual({ startTime: 0, resumeAt: 125, autoplay: false });
  });

  it('episode_time is a resume position for the first episode and wins over storage', () => {
    expect(decideStart({ ...base, episodeTime: 300, saved: { '7': 125 } }).resumeAt).toBe(300);
    expect(decideStart({ ...base, choice: 'menu', episodeTime: 300, saved: {} }).resumeAt).toBeNull();
  });

  it('t starts at its time without a prompt, even with a saved position', () => {
    expect(decideStart({ ...base, startTime: 90, saved: { '7': 125 } })).toEqual({ startTime: 90, resumeAt: null, autoplay: null });
  });

  it('next and auto-advance start from 0 and play, ignoring saved progress', () => {
    for (const choice of ['next', 'auto'] as const) {
      expect(decideStart({ ...base, choice, saved: { '7': 125 } })).toEqual({ startTime: 0, resumeAt: null, autoplay: true });
    }
  });

  it('a menu choice prompts when saved, and plays at once when not', () => {
    expect(decideStart({ ...base, choice: 'menu', saved: { '7': 30 } }).resumeAt).toBe(30);
    expect(decideStart({ ...base, choice: 'menu' })).toEqual({ startTime: 0, resumeAt: null, autoplay: true });
  });

  it('positions under 1 s or within 5 s of the end are not offered', () => {
    expect(decideStart({ ...base, saved: { '7': 0.5 } }).resumeAt).toBeNull();
    expect(decideStart({ ...base, saved: { '7': 596 } }).resumeAt).toBeNull();
    expect(decideStart({ ...base, duration: null, saved: { '7': 596 } }).resumeAt).toBe(596);
  });
});

describe('sanitizeProgress', () => {
  it('keeps numeric positions by episode id and drops the rest', () => {
    expect(sanitizeProgress({ '1': 10, '2': -1, '3': 'x', abc: 5, '4': Number.NaN, '5': 0 })).toEqual({ '1': 10, '5': 0 });
  });

  it.each([null, 'str', 42, [1, 2], undefined])('%s gives an empty map', (raw) => {
    expect(sanitizeProgress(raw)).toEqual({});
  });
});

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('start position', () => {
  const START_ROWS: Array<[label: string, t: number | null, episodeTime: number | null, saved: Record<string, number>, expected: StartDecision]> = [
    ['t inside → starts there', 12, null, {}, { startTime: 12, resumeAt: null, autoplay: null }],
    ['episode_time past the duration → no prompt', null, 99999, {}, { startTime: 0, resumeAt: null, autoplay: null }],
    ['episode_time inside → prompt', null, 14, {}, { startTime: 0, resumeAt: 14, autoplay: false }],
    ['saved position past the duration → no prompt', null, null, { 10101: 500 }, { startTime: 0, resumeAt: null, autoplay: null }],
    // A link's t past the end is ignored, as if the link had none (issue 48): the saved position prompts as usual.
    ['t past the duration → ignored, from 0', 99999, null, {}, { startTime: 0, resumeAt: null, autoplay: null }],
    ['t at the duration → ignored', 30, null, {}, { startTime: 0, resumeAt: null, autoplay: null }],
    ['t past the duration with a saved position → the prompt', 95, null, { 10101: 14 }, { startTime: 0, resumeAt: 14, autoplay: false }],
    ['t inside with a saved position → t wins, no prompt', 20, null, { 10101: 14 }, { startTime: 20, resumeAt: null, autoplay: null }],
  ];

  it.each(START_ROWS)('%s', (_label, startTime, episodeTime, saved, expected) => {
    expect(decideStart({ choice: 'start', episodeId: 10101, duration: 30, startTime, episodeTime, saved })).toEqual(expected);
  });
});

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('storage', () => {
  const STORAGE_READ_ROWS: Array<[label: string, raw: string, read: (s: ReturnType<typeof createWebStorage>) => unknown, expected: unknown]> = [
    ['episodesTimeProgress an array', '[1,2]', (s) => sanitizeProgress(s.read('k')), {}],
    ['episodesTimeProgress mixed entries: bad ones dropped', '{"10101":12,"10211":"7","x":3,"10212":-1,"10213":null}', (s) => sanitizeProgress(s.read('k')), { 10101: 12 }],
    ['episodesTimeProgress "null"', 'null', (s) => sanitizeProgress(s.read('k')), {}],
  ];

  it.each(STORAGE_READ_ROWS)('%s', (_label, raw, read, expected) => {
    const storage = createWebStorage(() => fakeStorage({ k: raw }));
    expect(read(storage)).toEqual(expected);
  });
});
