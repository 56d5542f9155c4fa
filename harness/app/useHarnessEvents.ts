import { useCallback, useEffect, useRef, useState } from 'react';
import type { RequestLogEntry, SentrySummary } from '../common/types';
import { harnessFetch } from './server-health';

export type StreamStatus = 'connecting' | 'open' | 'error';

const CLIENT_CAP = 5000;
/** Rows the Requests tab shows: the newest of the server's log. */
export const REQUEST_ROWS = 1000;
const FLUSH_MS = 100;

export interface HarnessEvents {
  status: StreamStatus;
  requests: RequestLogEntry[];
  sentry: SentrySummary[];
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

/**
 * Subscribes to `/__harness/events` (same origin as this page), batching updates every 100 ms.
 * On each `hello` it also loads the server's backlog so requests made before the stream opened show up.
 */
export function useHarnessEvents(url = '/__harness/events'): HarnessEvents {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [requests, setRequests] = useState<RequestLogEntry[]>([]);
  const [sentry, setSentry] = useState<SentrySummary[]>([]);
  const pending = useRef<{ requests: RequestLogEntry[]; sentry: SentrySummary[] }>({ requests: [], sentry: [] });
  const timer = useRef<number | null>(null);

  useEffect(() => {
    const source = new EventSource(url);
    const flush = () => {
      timer.current = null;
      const { requests: newRequests, sentry: newSentry } = pending.current;
      pending.current = { requests: [], sentry: [] };
      if (newRequests.length) setRequests((list) => mergeRequests(list, newRequests));
      if (newSentry.length) setSentry((list) => mergeSentry(list, newSentry));
    };
    const schedule = () => {
      if (timer.current === null) timer.current = window.setTimeout(flush, FLUSH_MS);
    };
    const parse = (event: MessageEvent<string>): unknown => {
      try {
        return JSON.parse(event.data);
      } catch {
        return null;
      }
    };
    source.onopen = () => setStatus('open');
    source.onerror = () => setStatus(source.readyState === EventSource.OPEN ? 'open' : 'error');
    let disposed = false;
    // On (re)connect, load what the server logged before the stream was open (e.g. the first player requests).
    source.addEventListener('hello', () => {
      setStatus('open');
      void Promise.all([
        // The newest entries only: the tab shows at most REQUEST_ROWS, and the server's log holds
        // every tab's requests (up to 5000, a few MB to parse on each load).
        getJson<RequestLogEntry[]>(`/__harness/requests?last=${REQUEST_ROWS}`),
        getJson<SentrySummary[]>('/__harness/sentry?summary=1'),
      ]).then(([backlog, sentryBacklog]) => {
        if (disposed) return;
        if (backlog) setRequests((list) => mergeRequests(backlog, list));
        if (sentryBacklog) setSentry((list) => mergeSentry(sentryBacklog, list));
      });
    });
    source.addEventListener('request', (event) => {
      const entry = parse(event as MessageEvent<string>);
      if (entry) pending.current.requests.push(entry as RequestLogEntry);
      schedule();
    });
    source.addEventListener('sentry', (event) => {
      const summary = parse(event as MessageEvent<string>);
      if (summary) pending.current.sentry.push(summary as SentrySummary);
      schedule();
    });
    source.addEventListener('clear', () => {
      pending.current = { requests: [], sentry: [] };
      setRequests([]);
      setSentry([]);
    });
    return () => {
      disposed = true;
      source.close();
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
    };
  }, [url]);

  const clearRequests = useCallback(() => {
    pending.current.requests = [];
    setRequests([]);
  }, []);
  const clearSentry = useCallback(() => {
    pending.current.sentry = [];
    setSentry([]);
  }, []);

  return { status, requests, sentry, clearRequests, clearSentry };
}
