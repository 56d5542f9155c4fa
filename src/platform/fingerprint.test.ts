// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryCookies } from './cookies';
import { startDeviceFingerprint } from './fingerprint';
import { sources } from '@fingerprintjs/fingerprintjs';
import { boundSource, computeVisitorId, FINGERPRINT_COMPONENTS, keptSources } from './fingerprint-sources';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('device fingerprint cookie', () => {
  it('computes the id only when the page is idle, then keeps it in device_fp for 365 days at path /', async () => {
    const now = Date.UTC(2030, 0, 1);
    const cookies = createMemoryCookies({}, () => now);
    const idleTasks: Array<() => void> = [];
    const compute = vi.fn(async () => 'a1b2c3d4e5f60718293a4b5c6d7e8f90');
    const started = startDeviceFingerprint({ cookies, compute, whenIdle: (task) => idleTasks.push(task) });

    // Nothing is computed (and the header stays empty) until start-up is over.
    expect(compute).not.toHaveBeenCalled();
    expect(cookies.get('device_fp')).toBeUndefined();
    idleTasks.forEach((task) => task());

    await expect(started).resolves.toBe('a1b2c3d4e5f60718293a4b5c6d7e8f90');
    const stored = cookies.entries().get('device_fp');
    expect(stored?.value).toBe('a1b2c3d4e5f60718293a4b5c6d7e8f90');
    expect(stored?.expires?.getTime()).toBe(now + 365 * 864e5);
  });

  it('keeps an existing id and does not compute again', async () => {
    const cookies = createMemoryCookies({ device_fp: 'stored-id-0001' });
    const compute = vi.fn(async () => 'new-id');
    await expect(startDeviceFingerprint({ cookies, compute, whenIdle: (task) => task() })).resolves.toBe('stored-id-0001');
    expect(compute).not.toHaveBeenCalled();
    expect(cookies.get('device_fp')).toBe('stored-id-0001');
  });

  it('a failing computation leaves no cookie and does not throw', async () => {
    const cookies = createMemoryCookies();
    const compute = async () => Promise.reject(new Error('no canvas'));
    await expect(startDeviceFingerprint({ cookies, compute, whenIdle: (task) => task() })).resolves.toBeNull();
    expect(cookies.get('device_fp')).toBeUndefined();
  });
});

describe('fingerprintjs visitor id', () => {
  it('uses only the hardware, locales, screen and system components', () => {
    expect(Object.keys(FINGERPRINT_COMPONENTS).sort()).toEqual(['hardware', 'locales', 'screen', 'system']);
    const kept = Object.keys(keptSources());
    expect(kept).toEqual(Object.values(FINGERPRINT_COMPONENTS).flat());
    for (const heavy of ['canvas', 'audio', 'fonts', 'webGlBasics', 'webGlExtensions', 'domBlockers', 'plugins', 'math']) {
      expect(kept).not.toContain(heavy);
    }
  });

  it('is a 32-hex-digit hash, the same on every run, and phones nobody', async () => {
    // The library's monitoring request fires when Math.random() < 0.001; force that case.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const opened = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const fetched = vi.spyOn(globalThis, 'fetch');
    const first = await computeVisitorId();
    const second = await computeVisitorId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(opened).not.toHaveBeenCalled();
    expect(fetched).not.toHaveBeenCalled();
  });

  it('bounds each component by 1000 ms when given no time-out (SPEC.md §9)', async () => {
    vi.useFakeTimers();
    try {
      // A component that never answers (osCpu is typed as a synchronous one).
      vi.spyOn(sources, 'osCpu').mockImplementation(() => new Promise<never>(() => {}) as never);
      const settled = vi.fn();
      void (keptSources().osCpu(undefined) as Promise<unknown>).then(settled, settled);
      await vi.advanceTimersByTimeAsync(999);
      expect(settled).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toHaveBeenCalledWith(expect.objectContaining({ message: 'component took over 1000 ms' }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a component slower than the time-out counts as an error instead of holding the id back', async () => {
    const slow = () => new Promise((resolve) => setTimeout(() => resolve('late'), 300));
    await expect(boundSource(slow, 20)(undefined)).rejects.toThrow(/component took over 20 ms/);
    // Two-stage sources (load, then get) are bounded in their second stage too.
    const twoStage = () => () => new Promise((resolve) => setTimeout(() => resolve('late'), 300));
    const getter = boundSource(twoStage, 20)(undefined) as () => Promise<unknown>;
    await expect(getter()).rejects.toThrow(/component took over 20 ms/);
    // Fast and synchronous sources pass through untouched.
    expect(boundSource(() => 42, 20)(undefined)).toBe(42);
    await expect(boundSource(async () => 'quick', 20)(undefined)).resolves.toBe('quick');
  });
});
