/**
 * The next episode's playlists, fetched before its turn: its master playlist and every media
 * playlist the master names go into the page's playlist cache (api/early.ts), which the engine's
 * playlist loader serves from memory, once. The switch then waits only for the first segments.
 */
import type { PlaylistCache } from './playlist-cache';
import { httpUrl } from '../lib/url';

/** Every media playlist a master playlist names (its variants, and its renditions' URI attributes), resolved, once each. */
export function mediaPlaylistUris(text: string, base: string): string[] {
  const uris = new Set<string>();
  let variantNext = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF')) variantNext = true;
    else if (line.startsWith('#EXT-X-MEDIA:')) {
      const uri = /(?:^|,)URI="([^"]+)"/.exec(line.slice('#EXT-X-MEDIA:'.length))?.[1];
      const url = uri ? httpUrl(uri, base) : null;
      if (url) uris.add(url);
    } else if (line && !line.startsWith('#') && variantNext) {
      variantNext = false;
      const url = httpUrl(line, base);
      if (url) uris.add(url);
    }
  }
  return [...uris].filter((url) => new URL(url).pathname.endsWith('.m3u8'));
}

/**
 * Fetches an episode's playlists into the cache, dropping what the previous prefetch put there and
 * the engine did not take. Resolves with how many playlists were asked for.
 */
export function createPlaylistPrefetch(cache: PlaylistCache): (masterUrl: string) => Promise<number> {
  let prefetched: string[] = [];
  return async (masterUrl) => {
    cache.drop(prefetched);
    cache.fetch(masterUrl);
    prefetched = [masterUrl];
    const master = await cache.peek(masterUrl);
    if (!master) return 1;
    const media = mediaPlaylistUris(master, masterUrl);
    for (const url of media) cache.fetch(url);
    prefetched.push(...media);
    return 1 + media.length;
  };
}
