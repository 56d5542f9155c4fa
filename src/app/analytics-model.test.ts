import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $breakPhase } from '../features/ads';
import { mediaPaused, mediaPlaying } from '../features/playback';
import { sendStatFx, type StatEvent } from '../platform/stats';
import './analytics-model';

describe('time-update wiring: playing content only', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function playFor(phase: 'idle' | 'running', ms: number) {
    const sent: StatEvent[] = [];
    const scope = fork({ values: [[$breakPhase, phase]], handlers: [[sendStatFx, (stat: StatEvent) => (sent.push(stat), true)]] });
    const playing = allSettled(mediaPlaying, { scope });
    await vi.advanceTimersByTimeAsync(ms);
    await allSettled(mediaPaused, { scope });
    await playing;
    await vi.advanceTimersByTimeAsync(120_000);
    return sent.filter((s) => s.event === 'timeupdate').length;
  }

  it('counts 60 s of content playing, and nothing while an ad break runs or after a pause', async () => {
    expect(await playFor('idle', 60_000)).toBe(1);
    expect(await playFor('idle', 59_000)).toBe(0);
    expect(await playFor('running', 130_000)).toBe(0);
  });
});
