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

const prefetched = new Map<string, Promise<string>>();

export function prefetchVast(url: string): void {
  if (prefetched.has(url)) return;
  const text = requestVastText(url);
  // A failure is the loader's to report when it takes the answer.
  text.catch(() => undefined);
  prefetched.set(url, text);
}

/** The prefetched answer for this address, once; null when there is none. */
export function takePrefetchedVast(url: string): Promise<string> | null {
  const text = prefetched.get(url) ?? null;
  prefetched.delete(url);
  return text;
}
