import { describe, expect, it } from 'vitest';
import { EMPTY_PROBE, describeChapters, latestSample, nextProbeSnapshot, type MetricsSample } from './probe';

describe('the probe snapshot', () => {
  const metrics = (currentTime: number) => ({ source: 'harness-probe', kind: 'metrics', state: 'playing', ad: false, hidden: false, currentTime });

  it('is connected by a hello, once: a second hello changes nothing', () => {
    const connected = nextProbeSnapshot(EMPTY_PROBE, { kind: 'hello' }, 0);
    expect(connected).toEqual({ ...EMPTY_PROBE, connected: true });
    expect(nextProbeSnapshot(connected, { kind: 'hello' }, 0)).toBe(connected);
  });

  it('keeps the last 480 samples, stamped with the harness clock and without the channel fields', () => {
    let snapshot = EMPTY_PROBE;
    for (let i = 0; i < 500; i++) snapshot = nextProbeSnapshot(snapshot, metrics(i), 1000 + i);
    expect(snapshot.connected).toBe(true);
    expect(snapshot.samples).toHaveLength(480);
    expect(snapshot.samples[0]!.currentTime).toBe(20);
    expect(latestSample(snapshot)).toEqual<Partial<MetricsSample>>({ state: 'playing', ad: false, hidden: false, currentTime: 499, t: 1499 });
  });

  it('takes the storage items or the refusal, and leaves the snapshot alone for other kinds', () => {
    expect(nextProbeSnapshot(EMPTY_PROBE, { kind: 'storage', items: { a: '1' } }, 0).storage).toEqual({ items: { a: '1' }, error: null });
    expect(nextProbeSnapshot(EMPTY_PROBE, { kind: 'storage', items: null, error: 'SecurityError' }, 0).storage).toEqual({ items: null, error: 'SecurityError' });
    expect(nextProbeSnapshot(EMPTY_PROBE, { kind: 'engine' }, 0)).toBe(EMPTY_PROBE);
    expect(latestSample(EMPTY_PROBE)).toBeNull();
  });
});

describe('the status line’s chapters', () => {
  it.each([
    [null, '—'],
    [{ state: 'none', count: 0, current: null }, 'none'],
    [{ state: 'found', count: 0, current: null }, 'named, fetched after the first frame'],
    [{ state: 'loading', count: 0, current: null }, 'loading'],
    [{ state: 'failed', count: 0, current: null }, 'failed: none shown'],
    [{ state: 'ready', count: 0, current: null }, '0 (no usable cue)'],
    [{ state: 'ready', count: 3, current: null }, '3 · between chapters'],
    [{ state: 'ready', count: 3, current: { role: 'intro', title: 'Заставка', start: 0, end: 5 } }, '3 · intro "Заставка" 0–5 s'],
    [{ state: 'ready', count: 1, current: { role: 'chapter', title: '', start: 0, end: 5 } }, '1 · chapter 0–5 s'],
  ] as const)('%j → %s', (chapters, text) => {
    expect(describeChapters(chapters)).toBe(text);
  });
});
