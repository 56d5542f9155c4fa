/**
 * Playlists fetched before the engine asks for them: the start episode's master playlist (by the
 * entry, before the engine exists) and the next episode's playlists (the engine's prefetch). The
 * engine's playlist loader (early-loader.ts) takes each once. One cache per page, made by the
 * entry and handed to the engine.
 */
export interface PlaylistCache {
  /** Fetches a playlist now (absolute URL), unless it is already there. Failures are left to the engine. */
  fetch(url: string): void;
  /** The text of a fetched playlist (once), null inside when it failed, or null when none was fetched. */
  take(url: string): Promise<string | null> | null;
  /** The text without taking it (the prefetch reads the media playlists a master names). */
  peek(url: string): Promise<string | null> | null;
  /** Forgets these playlists if they were not taken (a prefetch for an episode that did not come next). */
  drop(urls: readonly string[]): void;
}

export function createPlaylistCache(fetchImpl: typeof fetch | undefined = globalThis.fetch): PlaylistCache {
  const playlists = new Map<string, Promise<string | null>>();
  return {
    fetch(url) {
      if (typeof fetchImpl !== 'function' || playlists.has(url)) return;
      playlists.set(
        url,
        fetchImpl(url, { credentials: 'same-origin' }).then(
          (response) => (response.ok ? response.text() : null),
          () => null,
        ),
      );
    },
    take(url) {
      const text = playlists.get(url) ?? null;
      playlists.delete(url);
      return text;
    },
    peek: (url) => playlists.get(url) ?? null,
    drop(urls) {
      for (const url of urls) playlists.delete(url);
    },
  };
}
