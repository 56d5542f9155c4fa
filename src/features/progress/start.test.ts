import { describe, expect, it } from 'vitest';
import { decideStart, sanitizeProgress, type StartInput } from './start';

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
