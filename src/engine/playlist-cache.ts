/**
 * Responses fetched before the engine asks for them: the start episode's master playlist (by the
 * entry, before the engine exists), the next episode's playlists (the engine's prefetch), and over a
 * slow link the playlist and init segment of the level the stream will climb to. The engine's
 * loaders (early-loader.ts) take each once. One playlist cache per page, made by the entry and
 * handed to the engine.
 */
import { bodyText, httpFetch, type HttpAnswer } from '../lib/http-fetch';

export interface EarlyCache<Body> {
  /** Fetches now (absolute URL), unless it is already there. Failures are left to the engine. */
  fetch(url: string): void;
  /** The body of a fetched response (once), null inside when it failed, or null when none was fetched. */
  take(url: string): Promise<Body | null> | null;
  /** The body without taking it (the prefetch reads the media playlists a master names). */
  peek(url: string): Promise<Body | null> | null;
  /** Forgets these responses if they were not taken (a prefetch for an episode that did not come next). */
  drop(urls: readonly string[]): void;
}

export type PlaylistCache = EarlyCache<string>;
export type SegmentCache = EarlyCache<ArrayBuffer>;

function createEarlyCache<Body>(read: (answer: HttpAnswer) => Body, fetchImpl: typeof fetch | undefined): EarlyCache<Body> {
  const bodies = new Map<string, Promise<Body | null>>();
  return {
    fetch(url) {
      if (typeof fetchImpl !== 'function' || bodies.has(url)) return;
      // Any failure (a non-2xx status included) is null: the engine then loads it itself.
      bodies.set(
        url,
        httpFetch(url, { credentials: 'same-origin', fetch: fetchImpl })
          .then(read)
          .catch(() => null),
      );
    },
    take(url) {
      const body = bodies.get(url) ?? null;
      bodies.delete(url);
      return body;
    },
    peek: (url) => bodies.get(url) ?? null,
    drop(urls) {
      for (const url of urls) bodies.delete(url);
    },
  };
}

export const createPlaylistCache = (fetchImpl: typeof fetch | undefined = globalThis.fetch): PlaylistCache =>
  createEarlyCache(bodyText, fetchImpl);

export const createSegmentCache = (fetchImpl: typeof fetch | undefined = globalThis.fetch): SegmentCache =>
  createEarlyCache((answer) => answer.body, fetchImpl);
