/**
 * What the page's start leaves for the ads model, each taken once (start/early-ad.ts): the
 * pre-roll's VAST document, asked for as soon as the ad list has a pre-roll; the ad the start
 * resolved from it; the ad element it loads the ad's media into. The ads model's loader
 * (vast-load.ts) and ad video (ad-video.ts) take them instead of asking again. The page's start
 * evaluates this file: it imports only the fetch wrapper (and a type).
 */
import { bodyText, httpFetch } from '../lib/http-fetch';
import type { ParsedAd } from '../vast/types';

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

/** This address was prefetched and nobody has taken its answer yet. */
export const prefetchedUntaken = (url: string): boolean => prefetched.has(url);

/** Settles when this address's prefetched answer does (never rejects); at once when there is none. */
export const prefetchSettled = (url: string): Promise<void> =>
  prefetched.get(url)?.text.then(
    () => undefined,
    () => undefined,
  ) ?? Promise.resolve();

let earlyAd: { url: string; ad: Promise<ParsedAd> } | null = null;
let adElement: HTMLVideoElement | null = null;

/** The pre-roll as the page's start resolves it (start/early-ad.ts), for the ads model's loader. */
export function holdEarlyAd(url: string, ad: Promise<ParsedAd>): void {
  // A failure is the loader's to report when it takes the ad.
  ad.catch(() => undefined);
  earlyAd = { url, ad };
}

/** The start's resolution of this address, once; null when it made none. */
export function takeEarlyAd(url: string): Promise<ParsedAd> | null {
  if (earlyAd?.url !== url) return null;
  const { ad } = earlyAd;
  earlyAd = null;
  return ad;
}

/** The ad's element the page's start made (and may be loading the pre-roll's media into). */
export function holdAdElement(element: HTMLVideoElement): void {
  adElement = element;
}

/** The start still holds this element: the ads model has not taken it. */
export const adElementHeld = (element: HTMLVideoElement): boolean => adElement === element;

/** That element, once, for the ads model's ad video; null when the start made none. */
export function takeAdElement(): HTMLVideoElement | null {
  const element = adElement;
  adElement = null;
  return element;
}
