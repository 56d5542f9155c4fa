import { describe, expect, it } from 'vitest';
import { EMPTY_PROBE, latestSample, nextProbeSnapshot, type MetricsSample } from './probe';

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
