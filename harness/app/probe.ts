/**
 * The harness side of the probe channel (harness/server/routes/harness-probe.ts): metrics
 * samples for the charts and the summary, the player origin's storage, page visibility and
 * engine facts for trace recording. Messages are taken only from the player iframe's window.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

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

export interface Probe {
  /** True once the probe in the current player page said hello. */
  connected: boolean;
  samples: MetricsSample[];
  latest: MetricsSample | null;
  storage: StorageSnapshot | null;
  /** Sends an op; resolves with the probe's error (null when it succeeded). */
  send(op: string, extra?: Record<string, unknown>): Promise<string | null>;
}

/**
 * Listens to the probe of the player in `frameRef`; `frameKey` changes with every new frame
 * (samples start over). `onFact` receives each engine fact.
 */
export function useProbe(frameRef: RefObject<HTMLIFrameElement | null>, targetOrigin: string, frameKey: string, onFact: (fact: ProbeFact) => void): Probe {
  const [connected, setConnected] = useState(false);
  const [samples, setSamples] = useState<MetricsSample[]>([]);
  const [storage, setStorage] = useState<StorageSnapshot | null>(null);
  const pending = useRef(new Map<number, (error: string | null) => void>());
  const nextId = useRef(1);
  const factRef = useRef(onFact);
  factRef.current = onFact;

  useEffect(() => {
    setConnected(false);
    setSamples([]);
    setStorage(null);
  }, [frameKey]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow || !isProbeMessage(event.data)) return;
      const data = event.data;
      switch (data.kind) {
        case 'hello':
          setConnected(true);
          break;
        case 'metrics': {
          const { source: _source, kind: _kind, ...rest } = data;
          const sample = { ...(rest as unknown as MetricsSample), t: performance.now() };
          setConnected(true);
          setSamples((list) => (list.length >= SAMPLE_CAP ? [...list.slice(list.length - SAMPLE_CAP + 1), sample] : [...list, sample]));
          break;
        }
        case 'storage':
          setStorage({
            items: typeof data.items === 'object' && data.items !== null ? (data.items as Record<string, string>) : null,
            error: typeof data.error === 'string' ? data.error : null,
          });
          break;
        case 'fact':
          factRef.current({ at: Number(data.at), fact: String(data.fact), payload: data.payload });
          break;
        case 'ack': {
          const resolve = pending.current.get(Number(data.id));
          pending.current.delete(Number(data.id));
          resolve?.(typeof data.error === 'string' ? data.error : null);
          break;
        }
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameRef]);

  const send = useCallback(
    (op: string, extra: Record<string, unknown> = {}) =>
      new Promise<string | null>((resolve) => {
        const frameWindow = frameRef.current?.contentWindow;
        if (!frameWindow) return resolve('no player frame');
        const id = nextId.current++;
        const timer = window.setTimeout(() => {
          pending.current.delete(id);
          resolve('the player page did not answer (not loaded yet?)');
        }, 3000);
        pending.current.set(id, (error) => {
          window.clearTimeout(timer);
          resolve(error);
        });
        frameWindow.postMessage({ source: PROBE_SOURCE, op, id, ...extra }, targetOrigin);
      }),
    [frameRef, targetOrigin],
  );

  return { connected, samples, latest: samples[samples.length - 1] ?? null, storage, send };
}
