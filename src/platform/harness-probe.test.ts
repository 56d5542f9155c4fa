import { describe, expect, it } from 'vitest';
import { createScriptedEngine } from '../engine/scripted-engine';
import { exposeChaptersToHarness, exposeToHarness } from './harness-probe';

describe('exposeToHarness', () => {
  it('exposes nothing on a page without harness-client', () => {
    const engine = createScriptedEngine();
    const host: Parameters<typeof exposeToHarness>[1] = { location: { search: '?movie_id=101' } };
    expect(exposeToHarness(engine, host)).toBe(engine);
    expect(host.__harnessEngine).toBeUndefined();
  });

  it('exposes the bandwidth estimate to the harness probe', () => {
    const engine = createScriptedEngine();
    const host: Parameters<typeof exposeToHarness>[1] = { location: { search: '?movie_id=101&harness-client=qa-1' } };
    exposeToHarness(engine, host);
    expect(host.__harnessEngine?.bandwidthEstimate()).toBe(engine.bandwidthEstimate);
  });

  it("hands the probe the engine's debug controls, and none on a page without harness-client", () => {
    const engine = createScriptedEngine();
    const harness: Parameters<typeof exposeToHarness>[1] = { location: { search: '?harness-client=qa-1' } };
    exposeToHarness(engine, harness);
    expect(harness.__harnessEngine?.debug).toBe(engine.debug);
    const viewer: Parameters<typeof exposeToHarness>[1] = { location: { search: '' } };
    exposeToHarness(engine, viewer);
    expect(viewer.__harnessEngine).toBeUndefined();
  });
});

describe('exposeChaptersToHarness', () => {
  const chapters = { state: 'ready' as const, count: 3, current: { role: 'intro', title: 'Заставка', start: 0, end: 3 } };

  it('keeps the chapters for the probe on a harness page only', () => {
    const harness: Parameters<typeof exposeChaptersToHarness>[1] = { location: { search: '?harness-client=qa-1' } };
    exposeChaptersToHarness(chapters, harness);
    expect(harness?.__harnessChapters).toEqual(chapters);
    const viewer: Parameters<typeof exposeChaptersToHarness>[1] = { location: { search: '?movie_id=102' } };
    exposeChaptersToHarness(chapters, viewer);
    expect(viewer?.__harnessChapters).toBeUndefined();
  });

  it('does nothing without a window', () => {
    expect(() => exposeChaptersToHarness(chapters, undefined)).not.toThrow();
  });
});
