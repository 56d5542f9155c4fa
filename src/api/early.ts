/**
 * Start-up calls sent before the app is evaluated. The page sends its start-up GETs as soon as its
 * script runs (plain `fetch`, no client yet); the API clients then take a response when their own
 * request matches one (the same URL and the same session headers), so evaluating the app and
 * waiting for the network overlap. Each response is taken once. A call that did not match, or that
 * never reached the server, is made by the client as usual; any status reaches the client as if its
 * own request had received it.
 */
import { buildUrl, SESSION_CONTEXT_HEADER, type CallTarget } from './calls';

/** The headers a start-up call may carry; both decide whether a client request matches. */
export interface EarlyHeaders {
  authorization?: string;
  sessionContext: string;
}

export interface EarlyRequest {
  url: string;
  headers: EarlyHeaders;
}

/** A playlist fetched before the engine exists (no session headers: media requests carry none). */
const playlists = new Map<string, Promise<string | null>>();

export interface EarlyResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** The body as text: the client parses it as it parses its own responses. */
  body: string;
}

/** Sent, not yet taken: by request key. */
const sent = new Map<string, Promise<EarlyResponse | null>>();

/** The same resource whatever the parameter order and encoding, with the headers that matter. */
export function requestKey(url: string, headers: EarlyHeaders): string {
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
    const response = await fetchImpl(request.url, { headers, credentials: 'same-origin' });
    return { status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers), body: await response.text() };
  } catch {
    return null;
  }
}

/** Sends the requests now; their responses wait for the clients. */
export function sendEarly(requests: readonly EarlyRequest[], fetchImpl: typeof fetch = globalThis.fetch): void {
  if (typeof fetchImpl !== 'function') return;
  for (const request of requests) {
    const key = requestKey(request.url, request.headers);
    if (!sent.has(key)) sent.set(key, send(request, fetchImpl));
  }
}

/** The response of a matching early request (once), or null when there is none. */
export function takeEarly(url: string, headers: EarlyHeaders): Promise<EarlyResponse | null> | null {
  if (sent.size === 0) return null;
  const key = requestKey(url, headers);
  const response = sent.get(key) ?? null;
  sent.delete(key);
  return response;
}

/** The response of an early request without taking it (the page reads the episodes it will start with). */
export function peekEarly(request: EarlyRequest): Promise<EarlyResponse | null> | null {
  return sent.get(requestKey(request.url, request.headers)) ?? null;
}

/** Fetches a playlist now (absolute URL); the engine's loader takes it once. Failures are left to the engine. */
export function sendEarlyPlaylist(url: string, fetchImpl: typeof fetch = globalThis.fetch): void {
  if (typeof fetchImpl !== 'function' || playlists.has(url)) return;
  playlists.set(
    url,
    fetchImpl(url, { credentials: 'same-origin' }).then(
      (response) => (response.ok ? response.text() : null),
      () => null,
    ),
  );
}

/** The text of an early playlist (once), null inside when it failed, or null when none was fetched. */
export function takeEarlyPlaylist(url: string): Promise<string | null> | null {
  const text = playlists.get(url) ?? null;
  playlists.delete(url);
  return text;
}

/** The text of an early playlist without taking it (the prefetch reads the media playlists a master names). */
export function peekEarlyPlaylist(url: string): Promise<string | null> | null {
  return playlists.get(url) ?? null;
}

/** Forgets these early playlists if they were not taken (a prefetch for an episode that did not come next). */
export function dropEarlyPlaylists(urls: readonly string[]): void {
  for (const url of urls) playlists.delete(url);
}

/** Forgets every early request not taken (tests; a page has one start-up). */
export function clearEarly(): void {
  sent.clear();
  playlists.clear();
}
