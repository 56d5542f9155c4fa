/**
 * The harness side of the probe channel (harness/server/routes/harness-probe.ts): metrics
 * samples for the charts and the summary, the player origin's storage, page visibility and
 * engine facts for trace recording. Messages are taken only from the player iframe's window.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { createStore, type Readable } from './store';

export const PROBE_SOURCE = 'harness-probe';
const SAMPLE_CAP = 480;

export interface MetricsSample {
  /** Milliseconds since the harness page loaded. */
  t: number;
  state: string;
  ad: boolean;
  hidden: boolean;
  currentTime: number | null;
  bufferAhead: number | null;
  width: number | null;
  height: number | null;
  droppedFrames: number | null;
  totalFrames: number | null;
  /** The engine's bandwidth estimate, bits per second. */
  bandwidth: number | null;
  /** The episode's chapters as the player holds them (src/platform/harness-probe.ts); null before it tells. */
  chapters?: ChaptersSample | null;
}

/** The player's chapters: whether the master named a file and it was read, how many, the one playing. */
export interface ChaptersSample {
  state: 'none' | 'found' | 'loading' | 'ready' | 'failed';
  count: number;
  current: { role: string; title: string; start: number; end: number } | null;
}

/** The status line's Chapters text, e.g. `3 · intro "Заставка" 0–5 s`. */
export function describeChapters(chapters: ChaptersSample | null | undefined): string {
  if (!chapters) return '—';
  switch (chapters.state) {
    case 'none':
      return 'none';
    case 'found':
      return 'named, fetched after the first frame';
    case 'loading':
      return 'loading';
    case 'failed':
      return 'failed: none shown';
    case 'ready': {
      if (chapters.count === 0) return '0 (no usable cue)';
      const { current } = chapters;
      const at = current ? `${current.role}${current.title ? ` "${current.title}"` : ''} ${current.start}–${current.end} s` : 'between chapters';
      return `${chapters.count} · ${at}`;
    }
    default:
      return '—';
  }
}

export interface StorageSnapshot {
  items: Record<string, string> | null;
  /** The browser's refusal (cross-site iframe) or another read failure. */
  error: string | null;
}

export interface ProbeFact {
  at: number;
  fact: string;
  payload: unknown;
}

export const isProbeMessage = (data: unknown): data is { source: string; kind: string } & Record<string, unknown> =>
  typeof data === 'object' && data !== null && (data as { source?: unknown }).source === PROBE_SOURCE;

/** What the probe of the current player page has told so far. */
export interface ProbeSnapshot {
  /** True once the probe in the current player page said hello. */
  connected: boolean;
  samples: MetricsSample[];
  storage: StorageSnapshot | null;
}

export const EMPTY_PROBE: ProbeSnapshot = { connected: false, samples: [], storage: null };

export const latestSample = (snapshot: ProbeSnapshot): MetricsSample | null => snapshot.samples[snapshot.samples.length - 1] ?? null;

/** The snapshot after one probe message; the same object when the message changes nothing in it. */
export function nextProbeSnapshot(snapshot: ProbeSnapshot, data: { kind: string } & Record<string, unknown>, now: number): ProbeSnapshot {
  switch (data.kind) {
    case 'hello':
      return snapshot.connected ? snapshot : { ...snapshot, connected: true };
    case 'metrics': {
      const { source: _source, kind: _kind, ...rest } = data;
      const sample = { ...(rest as unknown as MetricsSample), t: now };
      const list = snapshot.samples;
      return { ...snapshot, connected: true, samples: list.length >= SAMPLE_CAP ? [...list.slice(list.length - SAMPLE_CAP + 1), sample] : [...list, sample] };
    }
    case 'storage':
      return {
        ...snapshot,
        storage: {
          items: typeof data.items === 'object' && data.items !== null ? (data.items as Record<string, string>) : null,
          error: typeof data.error === 'string' ? data.error : null,
        },
      };
    default:
      return snapshot;
  }
}

/** The probe of the player in the frame, read with `useStoreValue`. The object never changes. */
export interface Probe extends Readable<ProbeSnapshot> {
  /** Calls `listener` with each engine fact; returns the unsubscribe. */
  onFact(listener: (fact: ProbeFact) => void): () => void;
  /** Sends an op; resolves with the probe's error (null when it succeeded). */
  send(op: string, extra?: Record<string, unknown>): Promise<string | null>;
}

function createProbe(frameRef: RefObject<HTMLIFrameElement | null>, targetOrigin: () => string) {
  const store = createStore(EMPTY_PROBE);
  const factListeners = new Set<(fact: ProbeFact) => void>();
  const pending = new Map<number, (error: string | null) => void>();
  let nextId = 1;

  const listen = () => {
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow || !isProbeMessage(event.data)) return;
      const data = event.data;
      if (data.kind === 'fact') {
        const fact = { at: Number(data.at), fact: String(data.fact), payload: data.payload };
        factListeners.forEach((listener) => listener(fact));
      } else if (data.kind === 'ack') {
        const resolve = pending.get(Number(data.id));
        pending.delete(Number(data.id));
        resolve?.(typeof data.error === 'string' ? data.error : null);
      } else store.set((snapshot) => nextProbeSnapshot(snapshot, data, performance.now()));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  };

  const probe: Probe = {
    get: store.get,
    subscribe: store.subscribe,
    onFact(listener) {
      factListeners.add(listener);
      return () => factListeners.delete(listener);
    },
    send: (op, extra = {}) =>
      new Promise<string | null>((resolve) => {
        const frameWindow = frameRef.current?.contentWindow;
        if (!frameWindow) return resolve('no player frame');
        const id = nextId++;
        const timer = window.setTimeout(() => {
          pending.delete(id);
          resolve('the player page did not answer (not loaded yet?)');
        }, 3000);
        pending.set(id, (error) => {
          window.clearTimeout(timer);
          resolve(error);
        });
        frameWindow.postMessage({ source: PROBE_SOURCE, op, id, ...extra }, targetOrigin());
      }),
  };
  return { probe, listen, reset: () => store.set(EMPTY_PROBE) };
}

/**
 * Listens to the probe of the player in `frameRef`; `frameKey` changes with every new frame
 * (samples start over).
 */
export function useProbe(frameRef: RefObject<HTMLIFrameElement | null>, targetOrigin: string, frameKey: string): Probe {
  // Read when an op is sent: the probe object stays the same when the embed changes.
  const target = useRef(targetOrigin);
  target.current = targetOrigin;
  const [channel] = useState(() => createProbe(frameRef, () => target.current));

  useEffect(() => channel.reset(), [channel, frameKey]);
  useEffect(() => channel.listen(), [channel]);

  return channel.probe;
}
