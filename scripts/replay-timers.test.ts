import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { patchReplayTimers, REPLAY_SITES } from './replay-timers.mjs';

const installed = fileURLToPath(new URL('../node_modules/@sentry/replay/build/npm/esm/index.js', import.meta.url));

/** Each getImplementation of the patched module, runnable against a fake window. */
function implementations(source: string) {
  const functions = [...source.matchAll(/function (getImplementation[\w$]*)\(name\) \{[^]*?\n  return (cachedImplementations[\w$]*)\[name\] = impl;\n\}/g)];
  return functions.map(([text, name, cache]) => (window: unknown) =>
    new Function('window', `const ${cache} = {};\n${text}\nreturn ${name};`)(window) as (name: string) => (...args: unknown[]) => unknown,
  );
}

/** The installed @sentry/replay's getImplementation functions, patched. */
const installedImplementations = async () => implementations(patchReplayTimers(await readFile(installed, 'utf8')));

function fakeWindow(setTimeoutText: string) {
  const setTimeout = vi.fn(() => 7);
  setTimeout.toString = () => setTimeoutText;
  const frameTimer = vi.fn(() => 8);
  const createElement = vi.fn(() => ({ hidden: false, contentWindow: { setTimeout: frameTimer } }));
  const head = { appendChild: vi.fn(), removeChild: vi.fn() };
  return { window: { setTimeout, document: { createElement, head } }, setTimeout, frameTimer, createElement };
}

describe('patchReplayTimers', () => {
  it("gives each of the installed @sentry/replay's getImplementation functions the check", async () => {
    expect(await installedImplementations()).toHaveLength(REPLAY_SITES);
  });

  it("uses the page's native timer and adds no frame", async () => {
    for (const make of await installedImplementations()) {
      const fake = fakeWindow('function setTimeout() { [native code] }');
      const getImplementation = make(fake.window);
      expect(getImplementation('setTimeout')(() => {}, 5)).toBe(7);
      expect(fake.setTimeout).toHaveBeenCalledTimes(1);
      expect(fake.createElement).not.toHaveBeenCalled();
      expect(getImplementation('setTimeout')).toBe(getImplementation('setTimeout'));
    }
  });

  it('still takes a patched timer from a frame (zone.js wraps them)', async () => {
    for (const make of await installedImplementations()) {
      const fake = fakeWindow('function (fn, ms) { return zone.run(fn, ms); }');
      expect(make(fake.window)('setTimeout')(() => {}, 5)).toBe(8);
      expect(fake.createElement).toHaveBeenCalledWith('iframe');
      expect(fake.setTimeout).not.toHaveBeenCalled();
    }
  });

  it('a bound timer does not pass for native', async () => {
    const [make] = await installedImplementations();
    const fake = fakeWindow('function () { [native code] }');
    make!(fake.window)('setTimeout');
    expect(fake.createElement).toHaveBeenCalledWith('iframe');
  });

  it('fails with the reason when the package no longer has the functions it patches', () => {
    expect(() => patchReplayTimers('export const replay = 1;')).toThrow(
      `@sentry/replay: expected ${REPLAY_SITES} getImplementation functions to give the native-timer check, found 0.`,
    );
  });
});
