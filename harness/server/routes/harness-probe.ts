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

/** The player page's window as the probe reads it: the hooks src/platform/harness-probe.ts exposes. */
type ProbeWindow = Window & { __harnessEngine?: { bandwidthEstimate(): number; debug?: EngineDebug }; __harnessChapters?: unknown; __engineFactSink?: unknown };
type Post = (message: Record<string, unknown>) => void;
/** Whether an element of this test id is in the page. */
type HasTestId = (id: string) => boolean;

/** Runs in the player page: the player's state as the harness names it, from what it shows and the content element. */
export function playbackState(has: HasTestId, video: HTMLVideoElement | null): string {
  if (has('page-error')) return 'page error';
  if (has('stream-error')) return 'stream error';
  if (has('page-loading')) return 'loading';
  if (has('resume-prompt')) return 'resume prompt';
  if (!video || video.readyState === 0) return 'loading';
  if (video.ended) return 'ended';
  if (video.paused) return 'paused';
  return video.readyState >= 3 ? 'playing' : 'buffering';
}

/** Runs in the player page: one `metrics` sample (anything the page cannot give is null). */
export function metricsSample(w: ProbeWindow, video: HTMLVideoElement | null, has: HasTestId, state: string): Record<string, unknown> {
  const ahead = (v: HTMLVideoElement) => {
    for (let i = 0; v.buffered.length > i; i++) {
      if (v.currentTime + 0.1 >= v.buffered.start(i) && v.buffered.end(i) >= v.currentTime) return v.buffered.end(i) - v.currentTime;
    }
    return 0;
  };
  const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : null);
  const quality = video && typeof video.getVideoPlaybackQuality === 'function' ? video.getVideoPlaybackQuality() : null;
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
  return {
    kind: 'metrics',
    t: Date.now(),
    state,
    ad: has('ad-overlay'),
    hidden: document.visibilityState === 'hidden',
    currentTime: video ? round(video.currentTime) : null,
    bufferAhead: video ? round(ahead(video)) : null,
    width: video ? video.videoWidth : null,
    height: video ? video.videoHeight : null,
    droppedFrames: quality ? quality.droppedVideoFrames : null,
    totalFrames: quality ? quality.totalVideoFrames : null,
    bandwidth,
    chapters,
  };
}

/** Runs in the player page: a `storage` message with the player origin's localStorage, or the browser's refusal. */
export function storageMessage(w: ProbeWindow): Record<string, unknown> {
  try {
    const items: Record<string, string> = {};
    const store = w.localStorage;
    for (let i = 0; store.length > i; i++) {
      const key = store.key(i);
      if (key !== null) items[key] = store.getItem(key) ?? '';
    }
    return { kind: 'storage', items };
  } catch (error) {
    return { kind: 'storage', error: error instanceof Error ? error.message : String(error) };
  }
}

/** Runs in the player page: overrides `document.visibilityState` (null: the browser's own again) and tells the page. */
export function simulateVisibility(hidden: boolean | null): void {
  if (hidden === null) {
    delete (document as { visibilityState?: unknown }).visibilityState;
    delete (document as { hidden?: unknown }).hidden;
  } else {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  }
  document.dispatchEvent(new Event('visibilitychange'));
}

/**
 * Runs in the player page: posts every engine fact (src/engine/trace-tap.ts reads this sink when
 * the engine is created); the harness keeps them while it records a trace. A sink defined earlier
 * (record-trace.mjs) still gets them.
 */
export function relayEngineFacts(w: ProbeWindow, post: Post): void {
  const previousSink = w.__engineFactSink;
  w.__engineFactSink = (fact: string, payload: unknown) => {
    if (typeof previousSink === 'function') previousSink(fact, payload);
    try {
      post({ kind: 'fact', at: Date.now(), fact, payload: payload === undefined ? null : JSON.parse(JSON.stringify(payload)) });
    } catch {
      // A payload that does not serialize is left out.
    }
  };
}

/** The functions the probe is given as source: each one self-contained, with no '<' in it. */
const PROBE_PARTS = { engineCommand, engineSnapshot, engineConfig, playbackState, metricsSample, storageMessage, simulateVisibility, relayEngineFacts };
type ProbeParts = typeof PROBE_PARTS;

/** Runs in the player page; `HARNESS_ORIGIN` is replaced by the JSON of the harness origin. */
function probe(HARNESS_ORIGIN: string, SOURCE: string, parts: ProbeParts): void {
  const w = window as ProbeWindow;
  const post: Post = (message) => {
    try {
      w.parent.postMessage({ source: SOURCE, ...message }, HARNESS_ORIGIN);
    } catch {
      // The parent went away.
    }
  };
  const video = () => document.querySelector('video.player__media') as HTMLVideoElement | null;
  const has: HasTestId = (id) => document.querySelector(`[data-testid="${id}"]`) !== null;
  const debug = () => (w.__harnessEngine ? w.__harnessEngine.debug : undefined);
  const sample = () => post(parts.metricsSample(w, video(), has, parts.playbackState(has, video())));

  let lastStorage = '';
  const snapshot = (force: boolean) => {
    const message = parts.storageMessage(w);
    const text = JSON.stringify(message);
    if (force || text !== lastStorage) post(message);
    lastStorage = text;
  };

  // The Engine tab's view, only while it watches (a few times a second, as the buffer bar needs).
  const postEngine = () => post(parts.engineSnapshot(debug(), video()));
  let engineTimer: number | null = null;
  const watchEngine = (on: boolean) => {
    if (engineTimer !== null) w.clearInterval(engineTimer);
    engineTimer = on ? w.setInterval(postEngine, 250) : null;
  };

  /** Does one request of the harness; returns why it failed, or null. */
  const run = (data: { op: string; key?: unknown; value?: unknown; hidden?: unknown; on?: unknown }): string | null => {
    if (data.op === 'storage-set' && typeof data.key === 'string' && typeof data.value === 'string') w.localStorage.setItem(data.key, data.value);
    else if (data.op === 'storage-remove' && typeof data.key === 'string') w.localStorage.removeItem(data.key);
    else if (data.op === 'storage-clear') w.localStorage.clear();
    else if (data.op === 'visibility') parts.simulateVisibility(typeof data.hidden === 'boolean' ? data.hidden : null);
    else if (data.op === 'engine-watch') watchEngine(data.on === true);
    else if (data.op === 'engine-config') {
      const read = parts.engineConfig(debug());
      if (read.config) post({ kind: 'engine-config', config: read.config });
      return read.error;
    } else if (data.op.startsWith('engine-')) return parts.engineCommand(debug(), data);
    return null;
  };

  parts.relayEngineFacts(w, post);
  w.addEventListener('message', (event) => {
    if (event.source !== w.parent || event.origin !== HARNESS_ORIGIN) return;
    const data = event.data as { source?: unknown; op?: unknown; id?: unknown };
    if (!data || data.source !== SOURCE || typeof data.op !== 'string') return;
    let error: string | null = null;
    try {
      error = run(data as { op: string });
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    post({ kind: 'ack', id: data.id ?? null, op: data.op, error });
    if (data.op.startsWith('storage')) snapshot(true);
    else if (data.op.startsWith('engine-')) postEngine();
    else sample();
  });

  let ticks = 0;
  post({ kind: 'hello', t: Date.now() });
  snapshot(true);
  w.setInterval(() => {
    sample();
    if (ticks++ % 2 === 0) snapshot(false);
  }, 500);
}

/** Adds the probe to the player page when the URL names a harness client. */
export function injectHarnessProbe(html: string, harnessOrigin: string, query: URLSearchParams): string {
  if (!query.has('harness-client') || query.get('harness-probe') === 'off') return html;
  const parts = Object.entries(PROBE_PARTS).map(([name, part]) => `${name}:${part.toString()}`);
  const script = `<script>(${probe.toString()})(${JSON.stringify(harnessOrigin)},${JSON.stringify(PROBE_SOURCE)},{${parts.join(',')}});</script>`;
  return html.replace('</head>', () => `${script}</head>`);
}
