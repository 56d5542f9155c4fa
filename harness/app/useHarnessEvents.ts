import { useEffect, useState } from 'react';
import type { RequestLogEntry, SentrySummary } from '../common/types';
import { harnessFetch } from './server-health';
import { createStore, type Readable } from './store';

export type StreamStatus = 'connecting' | 'open' | 'error';

const CLIENT_CAP = 5000;
/** Rows the Requests tab shows: the newest of the server's log. */
export const REQUEST_ROWS = 1000;
const FLUSH_MS = 100;

export interface HarnessEventsSnapshot {
  status: StreamStatus;
  requests: RequestLogEntry[];
  sentry: SentrySummary[];
}

/** The event stream's state, read with `useStoreValue`: each panel subscribes to its own part. */
export interface HarnessEvents extends Readable<HarnessEventsSnapshot> {
  /** Opens the stream; the returned function closes it. */
  connect(): () => void;
  clearRequests(): void;
  clearSentry(): void;
}

function sentryKey(s: SentrySummary): string {
  return `${s.receivedAt}:${s.project}:${s.eventId}`;
}

/** Backlog first, then live entries not in it (the stream may have delivered some of them already). */
function mergeRequests(backlog: RequestLogEntry[], live: RequestLogEntry[]): RequestLogEntry[] {
  const seen = new Set(backlog.map((r) => r.id));
  return capped(backlog, live.filter((r) => !seen.has(r.id)));
}

function mergeSentry(backlog: SentrySummary[], live: SentrySummary[]): SentrySummary[] {
  const seen = new Set(backlog.map(sentryKey));
  return capped(backlog, live.filter((s) => !seen.has(sentryKey(s))));
}

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const res = await harnessFetch(url);
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

function capped<T>(list: T[], extra: T[]): T[] {
  const next = list.concat(extra);
  return next.length > CLIENT_CAP ? next.slice(next.length - CLIENT_CAP) : next;
}

type Change = (current: HarnessEventsSnapshot) => Partial<HarnessEventsSnapshot>;
type Patch = (change: Change) => void;

/** Live entries held for the next flush: one store update per 100 ms, not one per entry. */
function createBatch(patch: Patch) {
  let pending: { requests: RequestLogEntry[]; sentry: SentrySummary[] } = { requests: [], sentry: [] };
  let timer: number | null = null;
  const flush = () => {
    timer = null;
    const { requests: newRequests, sentry: newSentry } = pending;
    pending = { requests: [], sentry: [] };
    if (!newRequests.length && !newSentry.length) return;
    patch(({ requests, sentry }) => ({
      requests: newRequests.length ? mergeRequests(requests, newRequests) : requests,
      sentry: newSentry.length ? mergeSentry(sentry, newSentry) : sentry,
    }));
  };
  const schedule = () => {
    if (timer === null) timer = window.setTimeout(flush, FLUSH_MS);
  };
  return {
    addRequest(entry: RequestLogEntry | null) {
      if (entry) pending.requests.push(entry);
      schedule();
    },
    addSentry(summary: SentrySummary | null) {
      if (summary) pending.sentry.push(summary);
      schedule();
    },
    /** Drops what is held: the requests, the Sentry events, or both. */
    drop(part: 'requests' | 'sentry' | 'all') {
      if (part !== 'sentry') pending.requests = [];
      if (part !== 'requests') pending.sentry = [];
    },
    stop() {
      if (timer !== null) window.clearTimeout(timer);
      timer = null;
    },
  };
}

/** What the server logged before the stream was open (e.g. the first player requests), with what the stream has brought since. */
async function loadBacklog(): Promise<Change | null> {
  const [backlog, sentryBacklog] = await Promise.all([
    // The newest entries only: the tab shows at most REQUEST_ROWS, and the server's log holds
    // every tab's requests (up to 5000, a few MB to parse on each load).
    getJson<RequestLogEntry[]>(`/__harness/requests?last=${REQUEST_ROWS}`),
    getJson<SentrySummary[]>('/__harness/sentry?summary=1'),
  ]);
  if (!backlog && !sentryBacklog) return null;
  return ({ requests, sentry }) => ({
    requests: backlog ? mergeRequests(backlog, requests) : requests,
    sentry: sentryBacklog ? mergeSentry(sentryBacklog, sentry) : sentry,
  });
}

function parseEvent(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return null;
  }
}

/**
 * The state of `/__harness/events` (same origin as this page), with updates batched every 100 ms.
 * On each `hello` it also loads the server's backlog so requests made before the stream opened show up.
 */
export function createHarnessEvents(url = '/__harness/events'): HarnessEvents {
  const store = createStore<HarnessEventsSnapshot>({ status: 'connecting', requests: [], sentry: [] });
  const patch: Patch = (change) => store.set((current) => ({ ...current, ...change(current) }));
  const setStatus = (status: StreamStatus) => {
    if (store.get().status !== status) patch(() => ({ status }));
  };
  const batch = createBatch(patch);

  const connect = () => {
    const source = new EventSource(url);
    source.onopen = () => setStatus('open');
    source.onerror = () => setStatus(source.readyState === EventSource.OPEN ? 'open' : 'error');
    let disposed = false;
    // On (re)connect, load what the server logged before the stream was open.
    source.addEventListener('hello', () => {
      setStatus('open');
      void loadBacklog().then((change) => {
        if (!disposed && change) patch(change);
      });
    });
    source.addEventListener('request', (event) => batch.addRequest(parseEvent(event) as RequestLogEntry | null));
    source.addEventListener('sentry', (event) => batch.addSentry(parseEvent(event) as SentrySummary | null));
    source.addEventListener('clear', () => {
      batch.drop('all');
      patch(() => ({ requests: [], sentry: [] }));
    });
    return () => {
      disposed = true;
      source.close();
      batch.stop();
    };
  };

  return {
    get: store.get,
    subscribe: store.subscribe,
    connect,
    clearRequests() {
      batch.drop('requests');
      patch(() => ({ requests: [] }));
    },
    clearSentry() {
      batch.drop('sentry');
      patch(() => ({ sentry: [] }));
    },
  };
}

/** The page's event stream, open while the calling component is mounted. The object never changes. */
export function useHarnessEvents(url?: string): HarnessEvents {
  const [events] = useState(() => createHarnessEvents(url));
  useEffect(() => events.connect(), [events]);
  return events;
}
