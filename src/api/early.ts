/**
 * Start-up calls sent before the app is evaluated. The page sends its start-up GETs as soon as its
 * script runs (through lib/http-fetch.ts, no client yet); the API clients then take a response when
 * their own request matches one (the same URL and the same session headers), so evaluating the app
 * and waiting for the network overlap. Each response is taken once. A call that did not match, or that
 * never reached the server, is made by the client as usual; any status reaches the client as if its
 * own request had received it.
 */
import { buildUrl, SESSION_CONTEXT_HEADER, type CallTarget } from './calls';
import { bodyText, httpFetch } from '../lib/http-fetch';

/** The headers a start-up call may carry; both decide whether a client request matches. */
export interface EarlyHeaders {
  authorization?: string;
  sessionContext: string;
}

export interface EarlyRequest {
  url: string;
  headers: EarlyHeaders;
}

export interface EarlyResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** The body as text: the client parses it as it parses its own responses. */
  body: string;
}

/** The same resource whatever the parameter order and encoding, with the headers that matter. */
function requestKey(url: string, headers: EarlyHeaders): string {
  let resource = url;
  try {
    const parsed = new URL(url, globalThis.location?.href ?? 'http://localhost/');
    const params = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    resource = `${parsed.origin}${parsed.pathname}?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
  } catch {
    // An unparsable URL keeps its text: it can only match itself.
  }
  return `${resource}\n${headers.authorization ?? ''}\n${headers.sessionContext}`;
}

/** The absolute URL of a call on a client's base URL (as the client builds it). */
export function callUrl(baseUrl: string, target: CallTarget): string {
  return buildUrl(baseUrl.replace(/\/+$/, '') + target.path, target.params);
}

async function send(request: EarlyRequest, fetchImpl: typeof fetch): Promise<EarlyResponse | null> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', [SESSION_CONTEXT_HEADER]: request.headers.sessionContext };
  if (request.headers.authorization) headers.Authorization = request.headers.authorization;
  try {
    // Any status is the client's answer; a failure (no time-out: the network's) leaves the call to the client.
    const answer = await httpFetch(request.url, { headers, credentials: 'same-origin', anyStatus: true, fetch: fetchImpl });
    return { status: answer.status, statusText: answer.statusText, headers: Object.fromEntries(answer.headers), body: bodyText(answer) };
  } catch {
    return null;
  }
}

/**
 * The page's start-up answers: sent by the entry, taken by the API clients (each once). One per
 * page, made by the entry and handed to the session model with the start.
 */
export interface EarlyAnswers {
  /** Sends the requests now (each resource once); their responses wait for the clients. */
  send(requests: readonly EarlyRequest[]): void;
  /** The response of a matching early request (once), or null when there is none. */
  take(url: string, headers: EarlyHeaders): Promise<EarlyResponse | null> | null;
  /** The response of an early request without taking it (the entry reads the episodes it starts with). */
  peek(request: EarlyRequest): Promise<EarlyResponse | null> | null;
}

export function createEarlyAnswers(fetchImpl: typeof fetch | undefined = globalThis.fetch): EarlyAnswers {
  /** Sent, not yet taken: by request key. */
  const sent = new Map<string, Promise<EarlyResponse | null>>();
  return {
    send(requests) {
      if (typeof fetchImpl !== 'function') return;
      for (const request of requests) {
        const key = requestKey(request.url, request.headers);
        if (!sent.has(key)) sent.set(key, send(request, fetchImpl));
      }
    },
    take(url, headers) {
      if (sent.size === 0) return null;
      const key = requestKey(url, headers);
      const response = sent.get(key) ?? null;
      sent.delete(key);
      return response;
    },
    peek: (request) => sent.get(requestKey(request.url, request.headers)) ?? null,
  };
}
