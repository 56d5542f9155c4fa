/**
 * The pre-roll's VAST document, asked for by the page's start as soon as its plan has a pre-roll:
 * the ads model's loader (vast-loader.ts) takes the answer once instead of asking again, so the
 * ad is ready sooner after the viewer's first tap. The page's start evaluates it: it imports only
 * the fetch wrapper.
 */
import { bodyText, httpFetch } from '../lib/http-fetch';

/**
 * GET, XML text back (SPEC.md §7). No cookies: ad servers answer with `Access-Control-Allow-Origin: *`.
 * No time-out here: vast/resolve.ts gives each request VAST_LOAD_TIMEOUT_MS (350). It maps an
 * HttpFailure to 900 ('HTTP 503' in its detail), or to its AbortError once its signal aborted.
 */
export const requestVastText = (url: string, signal?: AbortSignal): Promise<string> =>
  httpFetch(url, { signal, credentials: 'omit', headers: { Accept: 'application/xml, text/xml, */*' } }).then(bodyText);

const prefetched = new Map<string, { text: Promise<string>; stop: AbortController }>();

export function prefetchVast(url: string): void {
  if (prefetched.has(url)) return;
  const stop = new AbortController();
  const text = requestVastText(url, stop.signal);
  // A failure is the loader's to report when it takes the answer.
  text.catch(() => undefined);
  prefetched.set(url, { text, stop });
}

/**
 * The prefetched answer for this address, once; null when there is none. The loader's signal
 * (its time-out, the ad given up) stops the request as it would have stopped its own.
 */
export function takePrefetchedVast(url: string, signal?: AbortSignal): Promise<string> | null {
  const entry = prefetched.get(url);
  if (!entry) return null;
  prefetched.delete(url);
  if (signal?.aborted) entry.stop.abort();
  else signal?.addEventListener('abort', () => entry.stop.abort(), { once: true });
  return entry.text;
}
