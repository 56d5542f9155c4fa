import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HLS_SRC } from './hls-omitted.mjs';
import { HLS_PATCHES, hlsPatched, type HlsPatch } from './hls-patches.mjs';

/** Bundles `entry` in memory with the plugin; resolves to the bundle's text. */
async function bundle(entry: string, plugin = hlsPatched()): Promise<string> {
  const result = await esbuild.build({ entryPoints: [entry], bundle: true, format: 'esm', write: false, logLevel: 'silent', plugins: [plugin] });
  return result.outputFiles[0]!.text;
}

describe("the fixes to hls.js's sources", () => {
  it('each find their passage exactly once in the installed hls.js', () => {
    for (const { module, find } of HLS_PATCHES) {
      const text = readFileSync(path.join(HLS_SRC, `${module}.ts`), 'utf8');
      expect(text.split(find).length - 1, module).toBe(1);
    }
  });

  it("leave the stream's fragment loader alone when an init segment fails for a fragment that is no longer current", async () => {
    const text = await bundle(path.join(HLS_SRC, 'controller/base-stream-controller.ts'));
    expect(text).toContain('if (!this.fragContextChanged(mediaFrag)) this.fragmentLoader.abort();');
  });
});

describe("hls.js's task loops on one timer a period", () => {
  type Loop = { setInterval(ms: number): boolean; clearInterval(): boolean; hasInterval(): boolean; doTick(): void };
  let TaskLoop: new (label: string, logger: object) => Loop;
  let dir = '';
  const logger = { trace() {}, debug() {}, log() {}, warn() {}, info() {}, error() {} };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hls-task-loop-'));
    const file = path.join(dir, 'task-loop.mjs');
    await writeFile(file, await bundle(path.join(HLS_SRC, 'task-loop.ts')));
    TaskLoop = ((await import(file)) as { default: typeof TaskLoop }).default;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('self', globalThis);
  });
  /** Every loop a test made: each is stopped after it, so a failed test leaves no loop on the shared timers. */
  const made: Loop[] = [];
  afterEach(() => {
    for (const each of made.splice(0)) each.clearInterval();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A loop whose ticks push `name` to `log`; `onTick` runs in each tick. */
  function loop(name: string, log: string[], onTick: () => void = () => {}): Loop {
    const each = new TaskLoop(name, logger);
    each.doTick = () => {
      log.push(name);
      onTick();
    };
    made.push(each);
    return each;
  }

  it('ticks every loop of a period in one timer task, each once a period, in the order they started', () => {
    const log: string[] = [];
    const [stream, audio, gaps] = [loop('stream', log), loop('audio', log), loop('gaps', log)];
    stream.setInterval(100);
    audio.setInterval(100);
    gaps.setInterval(100);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(250);
    expect(log).toEqual(['stream', 'audio', 'gaps', 'stream', 'audio', 'gaps']);
    expect([stream, audio, gaps].every((each) => each.hasInterval())).toBe(true);
    // Another period runs on a timer of its own.
    const subtitles = loop('subtitles', log);
    subtitles.setInterval(500);
    expect(vi.getTimerCount()).toBe(2);
  });

  it('stops the timer with its last loop, and skips a loop stopped earlier in the same round', () => {
    const log: string[] = [];
    const audio = loop('audio', log);
    const stream = loop('stream', log, () => audio.clearInterval());
    stream.setInterval(100);
    audio.setInterval(100);
    vi.advanceTimersByTime(100);
    expect(log).toEqual(['stream']);
    expect(audio.hasInterval()).toBe(false);
    expect(stream.clearInterval()).toBe(true);
    expect(stream.clearInterval()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(500);
    expect(log).toEqual(['stream']);
  });

  it('keeps ticking the other loops when one throws, and reports the error as uncaught', () => {
    const log: string[] = [];
    const broken = loop('broken', log, () => {
      throw new Error('tick failed');
    });
    const gaps = loop('gaps', log);
    broken.setInterval(100);
    gaps.setInterval(100);
    vi.advanceTimersByTime(100);
    expect(log).toEqual(['broken', 'gaps']);
    expect(() => vi.advanceTimersToNextTimer()).toThrow('tick failed');
  });
});

describe('hlsPatched', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = '';
  });

  async function fakeHls(source: string): Promise<string> {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hls-patches-'));
    await mkdir(path.join(dir, 'controller'));
    await writeFile(path.join(dir, 'controller/a.ts'), source);
    return dir;
  }
  const patch: HlsPatch = { module: 'controller/a', find: 'const x = 1;', replace: 'const x = 2;' };

  it('replaces the passage in the module it names', async () => {
    const src = await fakeHls('export const x = 1;\n');
    const patched = { ...patch, find: 'export const x = 1;', replace: 'export const x = 2;' };
    expect(await bundle(path.join(src, 'controller/a.ts'), hlsPatched([patched], { hlsSrc: src }))).toMatch(/x = 2/);
  });

  it.each([
    ['not there', 'export const y = 1;\n'],
    ['there more than once', 'const x = 1;\nexport { x };\nfunction f() { const x = 1; return x; }\nexport { f };\n'],
  ])('fails the build when the passage is %s', async (_, source) => {
    const src = await fakeHls(source);
    await expect(bundle(path.join(src, 'controller/a.ts'), hlsPatched([patch], { hlsSrc: src }))).rejects.toThrow(/hls-patches: .*controller\/a/);
  });
});
