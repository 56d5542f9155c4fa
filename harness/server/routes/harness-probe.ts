/**
 * The harness probe: a small script this harness server (never a production host) puts on the
 * player page when the URL names a harness client (`harness-client=`). It is the harness's one
 * channel into the player document, same-origin or cross-origin alike:
 *
 * - every 500 ms a `metrics` sample (bandwidth estimate, buffer ahead, picture height, dropped
 *   frames, media time, the visible state and the episode's chapters) posted to the harness
 *   origin only;
 * - `storage` snapshots of the player origin's localStorage (or the browser's refusal), and
 *   set / remove / clear on request;
 * - a simulated page visibility (`visibilitychange` with `document.visibilityState` overridden);
 * - every engine fact (`fact`), which the harness keeps while it records a trace;
 * - the Engine tab: the engine's debug controls (level, cap, recover, stop/start loading; see
 *   `engineCommand`), and while the tab watches, an `engine` snapshot every 250 ms (levels, the
 *   content element's buffered ranges and playhead) and the effective hls.js config on request.
 *
 * Requests are taken only from the parent window at the harness origin. The bandwidth estimate
 * is the engine's own, and the chapters the player's, both exposed by
 * src/platform/harness-probe.ts under the same URL parameter.
 */
import type { EngineDebug } from '../../../src/engine/types';
export const PROBE_SOURCE = 'harness-probe';


export type EngineOp = 'engine-level' | 'engine-cap' | 'engine-recover' | 'engine-stop-load' | 'engine-start-load';

/**
 * Runs in the player page (injected as source, so self-contained and with no '<' in it): one
 * Engine-tab request on the engine's debug controls. Returns why it was refused, or null.
 */
export function engineCommand(debug: EngineDebug | undefined, data: { op?: unknown; index?: unknown; next?: unknown }): string | null {
  if (!debug) return 'the player page has no engine controls yet (engine not created)';
  const state = debug.levels();
  if (!state) return 'no hls.js stream is loaded (not started yet, or the browser plays HLS natively)';
  const op = data.op;
  if (op === 'engine-level' || op === 'engine-cap') {
    const index = data.index;
    const count = state.levels.length;
    if (typeof index !== 'number' || !Number.isInteger(index)) return 'index must be an integer level (-1: automatic)';
    if (index !== -1 && !(index >= 0 && count > index)) return `no level ${index}: the stream has ${count} (0 to ${count - 1}, or -1)`;
    if (op === 'engine-cap') return debug.setAutoCap(index) ? null : 'the engine refused the cap';
    if (data.next !== undefined && typeof data.next !== 'boolean') return 'next must be true or false';
    return debug.setLevel(index, data.next === true) ? null : 'the engine refused the level';
  }
  const run: Record<string, (() => boolean) | undefined> = {
    'engine-recover': () => debug.recover(),
    'engine-stop-load': () => debug.stopLoad(),
    'engine-start-load': () => debug.startLoad(),
  };
  const command = typeof op === 'string' && Object.prototype.hasOwnProperty.call(run, op) ? run[op] : undefined;
  if (!command) return `unknown engine op ${JSON.stringify(op)}`;
  return command() ? null : 'the engine has no stream to act on';
}

/** Runs in the player page: the Engine tab's live view (levels, buffered ranges and playhead of the content element). */
export function engineSnapshot(debug: EngineDebug | undefined, video: HTMLVideoElement | null): Record<string, unknown> {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const buffered: Array<[number, number]> = [];
  if (video) for (let i = 0; video.buffered.length > i; i++) buffered.push([round(video.buffered.start(i)), round(video.buffered.end(i))]);
  let levels: unknown = null;
  try {
    levels = debug ? debug.levels() : null;
  } catch {
    levels = null;
  }
  return {
    kind: 'engine',
    controls: !!debug,
    levels,
    buffered,
    currentTime: video ? round(video.currentTime) : null,
    duration: video && Number.isFinite(video.duration) ? round(video.duration) : null,
    paused: video ? video.paused : null,
  };
}

/** Runs in the player page: hls.js's config as JSON (functions and loaders dropped, Infinity as text). */
export function engineConfig(debug: EngineDebug | undefined): { config: unknown; error: string | null } {
  const config = debug ? debug.config() : null;
  if (!config) return { config: null, error: debug ? 'no hls.js stream is loaded' : 'the player page has no engine controls yet' };
  try {
    const text = JSON.stringify(config, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value));
    return { config: JSON.parse(text) as unknown, error: null };
  } catch (error) {
    return { config: null, error: `the config does not serialize: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Runs in the player page; `HARNESS_ORIGIN` is replaced by the JSON of the harness origin. */
function probe(
  HARNESS_ORIGIN: string,
  SOURCE: string,
  command: typeof engineCommand,
  snapshotEngine: typeof engineSnapshot,
  readConfig: typeof engineConfig,
): void {
  const w = window as Window & { __harnessEngine?: { bandwidthEstimate(): number; debug?: EngineDebug }; __harnessChapters?: unknown; __engineFactSink?: unknown };
  const post = (message: Record<string, unknown>) => {
    try {
      w.parent.postMessage({ source: SOURCE, ...message }, HARNESS_ORIGIN);
    } catch {
      // The parent went away.
    }
  };
  const video = () => document.querySelector('video.player__media') as HTMLVideoElement | null;
  const ahead = (v: HTMLVideoElement) => {
    for (let i = 0; v.buffered.length > i; i++) {
      if (v.currentTime + 0.1 >= v.buffered.start(i) && v.buffered.end(i) >= v.currentTime) return v.buffered.end(i) - v.currentTime;
    }
    return 0;
  };
  const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : null);
  const has = (id: string) => document.querySelector(`[data-testid="${id}"]`) !== null;

  const setHidden = (value: boolean | null) => {
    if (value === null) {
      delete (document as { visibilityState?: unknown }).visibilityState;
      delete (document as { hidden?: unknown }).hidden;
    } else {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    }
    document.dispatchEvent(new Event('visibilitychange'));
  };

  const state = () => {
    if (has('page-error')) return 'page error';
    if (has('stream-error')) return 'stream error';
    if (has('page-loading')) return 'loading';
    if (has('resume-prompt')) return 'resume prompt';
    const v = video();
    if (!v || v.readyState === 0) return 'loading';
    if (v.ended) return 'ended';
    if (v.paused) return 'paused';
    return v.readyState >= 3 ? 'playing' : 'buffering';
  };

  const sample = () => {
    const v = video();
    const quality = v && typeof v.getVideoPlaybackQuality === 'function' ? v.getVideoPlaybackQuality() : null;
    let bandwidth: number | null = null;
    try {
      bandwidth = round(w.__harnessEngine ? w.__harnessEngine.bandwidthEstimate() : Number.NaN);
    } catch {
      bandwidth = null;
    }
    let chapters: unknown = null;
    try {
      chapters = w.__harnessChapters ? JSON.parse(JSON.stringify(w.__harnessChapters)) : null;
    } catch {
      chapters = null;
    }
    post({
      kind: 'metrics',
      t: Date.now(),
      state: state(),
      ad: has('ad-overlay'),
      hidden: document.visibilityState === 'hidden',
      currentTime: v ? round(v.currentTime) : null,
      bufferAhead: v ? round(ahead(v)) : null,
      width: v ? v.videoWidth : null,
      height: v ? v.videoHeight : null,
      droppedFrames: quality ? quality.droppedVideoFrames : null,
      totalFrames: quality ? quality.totalVideoFrames : null,
      bandwidth,
      chapters,
    });
  };

  let lastStorage = '';
  const snapshot = (force: boolean) => {
    let message: Record<string, unknown>;
    try {
      const items: Record<string, string> = {};
      const store = w.localStorage;
      for (let i = 0; store.length > i; i++) {
        const key = store.key(i);
        if (key !== null) items[key] = store.getItem(key) ?? '';
      }
      message = { kind: 'storage', items };
    } catch (error) {
      message = { kind: 'storage', error: error instanceof Error ? error.message : String(error) };
    }
    const text = JSON.stringify(message);
    if (force || text !== lastStorage) post(message);
    lastStorage = text;
  };

  // Every engine fact (src/engine/trace-tap.ts reads this sink when the engine is created); the
  // harness keeps them while it records a trace. A sink defined earlier (record-trace.mjs) still gets them.
  const previousSink = w.__engineFactSink;
  w.__engineFactSink = (fact: string, payload: unknown) => {
    if (typeof previousSink === 'function') previousSink(fact, payload);
    try {
      post({ kind: 'fact', at: Date.now(), fact, payload: payload === undefined ? null : JSON.parse(JSON.stringify(payload)) });
    } catch {
      // A payload that does not serialize is left out.
    }
  };

  w.addEventListener('message', (event) => {
    if (event.source !== w.parent || event.origin !== HARNESS_ORIGIN) return;
    const data = event.data as { source?: unknown; op?: unknown; key?: unknown; value?: unknown; hidden?: unknown; id?: unknown; on?: unknown };
    if (!data || data.source !== SOURCE || typeof data.op !== 'string') return;
    let error: string | null = null;
    const debug = w.__harnessEngine ? w.__harnessEngine.debug : undefined;
    try {
      if (data.op === 'storage-set' && typeof data.key === 'string' && typeof data.value === 'string') w.localStorage.setItem(data.key, data.value);
      else if (data.op === 'storage-remove' && typeof data.key === 'string') w.localStorage.removeItem(data.key);
      else if (data.op === 'storage-clear') w.localStorage.clear();
      else if (data.op === 'visibility') setHidden(typeof data.hidden === 'boolean' ? data.hidden : null);
      else if (data.op === 'engine-watch') watchEngine(data.on === true);
      else if (data.op === 'engine-config') {
        const read = readConfig(debug);
        error = read.error;
        if (read.config) post({ kind: 'engine-config', config: read.config });
      } else if (data.op.startsWith('engine-')) error = command(debug, data);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    post({ kind: 'ack', id: data.id ?? null, op: data.op, error });
    if (data.op.startsWith('storage')) snapshot(true);
    else if (data.op.startsWith('engine-')) postEngine();
    else sample();
  });

  // The Engine tab's view, only while it watches (a few times a second, as the buffer bar needs).
  const postEngine = () => post(snapshotEngine(w.__harnessEngine ? w.__harnessEngine.debug : undefined, video()));
  let engineTimer: number | null = null;
  const watchEngine = (on: boolean) => {
    if (engineTimer !== null) w.clearInterval(engineTimer);
    engineTimer = on ? w.setInterval(postEngine, 250) : null;
  };

  let ticks = 0;
  const tick = () => {
    sample();
    if (ticks++ % 2 === 0) snapshot(false);
  };
  post({ kind: 'hello', t: Date.now() });
  snapshot(true);
  w.setInterval(tick, 500);
}

/** Adds the probe to the player page when the URL names a harness client. */
export function injectHarnessProbe(html: string, harnessOrigin: string, query: URLSearchParams): string {
  if (!query.has('harness-client') || query.get('harness-probe') === 'off') return html;
  const args = [JSON.stringify(harnessOrigin), JSON.stringify(PROBE_SOURCE), engineCommand.toString(), engineSnapshot.toString(), engineConfig.toString()];
  const script = `<script>(${probe.toString()})(${args.join(',')});</script>`;
  return html.replace('</head>', () => `${script}</head>`);
}
