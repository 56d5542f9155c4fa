import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine } from '../../../src/engine/scripted-engine';
import { engineCommand, engineConfig, engineSnapshot, injectHarnessProbe } from './harness-probe';
import { playerCsp } from './pages';

const PAGE = '<html><head><title>p</title></head><body></body></html>';

describe('injectHarnessProbe', () => {
  it('adds the probe only when the URL names a harness client, posting to the harness origin', () => {
    expect(injectHarnessProbe(PAGE, 'http://127.0.0.1:1', new URLSearchParams('movie_id=101'))).toBe(PAGE);
    expect(injectHarnessProbe(PAGE, 'http://127.0.0.1:1', new URLSearchParams('harness-client=a&harness-probe=off'))).toBe(PAGE);
    const html = injectHarnessProbe(PAGE, 'http://127.0.0.1:1', new URLSearchParams('harness-client=a'));
    expect(html).toContain('("http://127.0.0.1:1","harness-probe",{engineCommand:function engineCommand');
    expect(html).not.toContain("'*'");
  });

  it('is one inline script the CSP allows by its hash', () => {
    const html = injectHarnessProbe(PAGE, 'http://127.0.0.1:1', new URLSearchParams('harness-client=a'));
    const body = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    // The hash covers the whole script only if it has no '<' inside.
    expect(html).toContain(`<script>${body}</script></head>`);
    expect(playerCsp(html, ['http://localhost:1'])).toMatch(/script-src 'self' 'sha256-/);
  });
});

/** A scripted engine whose debug answers as a loaded three-level stream. */
function loadedEngine() {
  const engine = createScriptedEngine();
  engine.debugState = {
    levels: { current: 0, next: 0, load: 0, auto: true, cap: -1, levels: [240, 360, 720].map((height) => ({ width: height * 2, height, bitrate: height * 1000 })) },
    config: { maxBufferLength: 30, backBufferLength: Infinity, loader: class Loader {}, abrEwmaFastVoD: 3 },
  };
  return engine;
}

describe('engineCommand (the Engine tab in the player page)', () => {
  it.each([
    [{ op: 'engine-level', index: 2 }, null, { command: 'debug.setLevel', args: [2, false] }],
    [{ op: 'engine-level', index: 1, next: true }, null, { command: 'debug.setLevel', args: [1, true] }],
    [{ op: 'engine-level', index: -1 }, null, { command: 'debug.setLevel', args: [-1, false] }],
    [{ op: 'engine-cap', index: 1 }, null, { command: 'debug.setAutoCap', args: [1] }],
    [{ op: 'engine-cap', index: -1 }, null, { command: 'debug.setAutoCap', args: [-1] }],
    [{ op: 'engine-recover' }, null, { command: 'debug.recover', args: [] }],
    [{ op: 'engine-stop-load' }, null, { command: 'debug.stopLoad', args: [] }],
    [{ op: 'engine-start-load' }, null, { command: 'debug.startLoad', args: [] }],
  ])('%j is done', (data, error, call) => {
    const engine = loadedEngine();
    expect(engineCommand(engine.debug, data)).toBe(error);
    expect(engine.calls).toEqual([call]);
  });

  it.each([
    [{ op: 'engine-level', index: 3 }, 'no level 3: the stream has 3 (0 to 2, or -1)'],
    [{ op: 'engine-level', index: -2 }, 'no level -2: the stream has 3 (0 to 2, or -1)'],
    [{ op: 'engine-level', index: 1.5 }, 'index must be an integer level (-1: automatic)'],
    [{ op: 'engine-level', index: '1' }, 'index must be an integer level (-1: automatic)'],
    [{ op: 'engine-level' }, 'index must be an integer level (-1: automatic)'],
    [{ op: 'engine-level', index: 1, next: 'yes' }, 'next must be true or false'],
    [{ op: 'engine-cap', index: Number.NaN }, 'index must be an integer level (-1: automatic)'],
    [{ op: 'engine-explode' }, 'unknown engine op "engine-explode"'],
    [{ op: 'engine-toString' }, 'unknown engine op "engine-toString"'],
    [{ op: 'constructor' }, 'unknown engine op "constructor"'],
  ])('%j is refused: %s', (data, reason) => {
    const engine = loadedEngine();
    expect(engineCommand(engine.debug, data)).toBe(reason);
    expect(engine.calls).toEqual([]);
  });

  it('is refused with the reason when the page has no engine yet, or no hls.js stream', () => {
    expect(engineCommand(undefined, { op: 'engine-recover' })).toBe('the player page has no engine controls yet (engine not created)');
    const engine = createScriptedEngine();
    expect(engineCommand(engine.debug, { op: 'engine-level', index: 0 })).toBe('no hls.js stream is loaded (not started yet, or the browser plays HLS natively)');
  });
});

describe('engineSnapshot and engineConfig', () => {
  it("reads the levels and the content element's buffered ranges, playhead and duration", () => {
    const engine = loadedEngine();
    const ranges = [
      [0, 10.12345],
      [20, 30],
    ];
    const video = {
      buffered: { length: 2, start: (i: number) => ranges[i]![0], end: (i: number) => ranges[i]![1] },
      currentTime: 5.5,
      duration: 60,
      paused: false,
    } as unknown as HTMLVideoElement;
    expect(engineSnapshot(engine.debug, video)).toEqual({
      kind: 'engine',
      controls: true,
      levels: engine.debugState.levels,
      buffered: [
        [0, 10.123],
        [20, 30],
      ],
      currentTime: 5.5,
      duration: 60,
      paused: false,
    });
    expect(engineSnapshot(undefined, null)).toEqual({ kind: 'engine', controls: false, levels: null, buffered: [], currentTime: null, duration: null, paused: null });
  });

  it('gives the config as JSON: Infinity as text, functions and classes dropped; a cycle is an error, not a throw', () => {
    expect(engineConfig(loadedEngine().debug)).toEqual({ config: { maxBufferLength: 30, backBufferLength: 'Infinity', abrEwmaFastVoD: 3 }, error: null });
    expect(engineConfig(createScriptedEngine().debug)).toEqual({ config: null, error: 'no hls.js stream is loaded' });
    expect(engineConfig(undefined).error).toBe('the player page has no engine controls yet');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const engine = loadedEngine();
    engine.debugState.config = cyclic;
    expect(engineConfig(engine.debug)).toMatchObject({ config: null, error: expect.stringMatching(/^the config does not serialize: /) });
  });
});

describe('the injected probe, run in a stand-in page', () => {
  const HARNESS = 'http://127.0.0.1:1';
  afterEach(() => vi.unstubAllGlobals());

  /** Runs the probe script with a fake window whose parent records what the probe posts. */
  function runProbe(engine: ReturnType<typeof loadedEngine> | null, chapters?: unknown) {
    const posted: Array<Record<string, unknown>> = [];
    const listeners: Array<(event: unknown) => void> = [];
    const intervals = new Map<number, () => void>();
    let nextTimer = 1;
    const parent = { postMessage: (message: Record<string, unknown>, origin: string) => origin === HARNESS && posted.push(message) };
    const win = {
      parent,
      localStorage: { length: 0, key: () => null, getItem: () => null },
      __harnessEngine: engine ? { bandwidthEstimate: () => 1, debug: engine.debug } : undefined,
      __harnessChapters: chapters,
      addEventListener: (_type: string, listener: (event: unknown) => void) => listeners.push(listener),
      setInterval: (fn: () => void) => {
        intervals.set(nextTimer, fn);
        return nextTimer++;
      },
      clearInterval: (id: number) => intervals.delete(id),
    };
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { querySelector: () => null, visibilityState: 'visible', dispatchEvent: () => true });
    const html = injectHarnessProbe(PAGE, HARNESS, new URLSearchParams('harness-client=a'));
    new Function(/<script>([^<]*)<\/script>/.exec(html)![1]!)();
    const send = (data: Record<string, unknown>, from: { source?: unknown; origin?: string } = {}) => {
      for (const listener of listeners) listener({ source: from.source ?? parent, origin: from.origin ?? HARNESS, data: { source: 'harness-probe', ...data } });
    };
    const acks = () => posted.filter((message) => message.kind === 'ack');
    return { posted, send, acks, intervals };
  }

  it('acks an engine op with its refusal reason, and does one it accepts', () => {
    const engine = loadedEngine();
    const page = runProbe(engine);
    page.send({ op: 'engine-level', index: 7, id: 1 });
    page.send({ op: 'engine-level', index: 2, id: 2 });
    expect(page.acks()).toEqual([
      { source: 'harness-probe', kind: 'ack', id: 1, op: 'engine-level', error: 'no level 7: the stream has 3 (0 to 2, or -1)' },
      { source: 'harness-probe', kind: 'ack', id: 2, op: 'engine-level', error: null },
    ]);
    expect(engine.calls).toEqual([{ command: 'debug.setLevel', args: [2, false] }]);
  });

  it('takes requests only from the parent at the harness origin', () => {
    const engine = loadedEngine();
    const page = runProbe(engine);
    page.send({ op: 'engine-stop-load', id: 1 }, { origin: 'http://evil.test' });
    page.send({ op: 'engine-stop-load', id: 2 }, { source: {} });
    expect([page.acks(), engine.calls]).toEqual([[], []]);
  });

  it('posts engine snapshots while watched, the config on request, and says when there is no engine', () => {
    const engine = loadedEngine();
    const page = runProbe(engine);
    const timers = page.intervals.size;
    page.send({ op: 'engine-watch', on: true, id: 1 });
    expect(page.intervals.size).toBe(timers + 1);
    page.send({ op: 'engine-config', id: 2 });
    expect(page.posted.find((message) => message.kind === 'engine-config')).toEqual({ source: 'harness-probe', kind: 'engine-config', config: { maxBufferLength: 30, backBufferLength: 'Infinity', abrEwmaFastVoD: 3 } });
    expect(page.posted.filter((message) => message.kind === 'engine').at(-1)).toMatchObject({ controls: true, levels: { cap: -1 } });
    page.send({ op: 'engine-watch', on: false, id: 3 });
    expect(page.intervals.size).toBe(timers);

    const bare = runProbe(null);
    bare.send({ op: 'engine-recover', id: 9 });
    expect(bare.acks()).toEqual([{ source: 'harness-probe', kind: 'ack', id: 9, op: 'engine-recover', error: 'the player page has no engine controls yet (engine not created)' }]);
  });

  it("puts the player's chapters in each metrics sample, and null before it has any", () => {
    const chapters = { state: 'ready', count: 3, current: { role: 'intro', title: 'Заставка', start: 0, end: 5 } };
    const withChapters = runProbe(null, chapters);
    withChapters.send({ op: 'visibility', hidden: null, id: 1 });
    expect(withChapters.posted.filter((message) => message.kind === 'metrics').at(-1)).toMatchObject({ chapters });
    const without = runProbe(null);
    without.send({ op: 'visibility', hidden: null, id: 1 });
    expect(without.posted.filter((message) => message.kind === 'metrics').at(-1)).toMatchObject({ chapters: null });
  });
});
