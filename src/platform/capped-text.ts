/**
 * GET text with a size cap and a time-out, CORS without cookies: a hostile or broken address costs
 * at most `maxBytes` and `timeoutMs`. Any failure rejects (an HttpFailure, lib/http-fetch.ts).
 * Loaded when first needed (thumbnail-track.ts, chapters-track.ts), not at start-up.
 */
import { bodyText, httpFetch } from '../lib/http-fetch';

export interface FetchedText {
  text: string;
  /** The address the text came from, after redirects: what addresses in it are relative to. */
  url: string;
}

export interface TextLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** GET `url` as UTF-8 text, refused when over `maxBytes` (announced or read) or slower than `timeoutMs`. */
export async function fetchCappedText(url: string, { maxBytes, timeoutMs }: TextLimits): Promise<FetchedText> {
  const answer = await httpFetch(url, { credentials: 'omit', maxBytes, timeoutMs });
  return { text: bodyText(answer), url: answer.url };
}
