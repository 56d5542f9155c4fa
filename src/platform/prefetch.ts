/**
 * The next episode's playlists, fetched before its turn: its master playlist and every media
 * playlist the master names go into the page's early playlists (api/early.ts), which the engine's
 * playlist loader serves from memory, once. The switch then waits only for the first segments.
 */
import { createEffect } from 'effector';
import { dropEarlyPlaylists, peekEarlyPlaylist, sendEarlyPlaylist } from '../api/early';
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

/** What the last prefetch put in: dropped, where not taken, when the next one starts. */
let prefetched: string[] = [];

/** Resolves with how many playlists were asked for. */
export const prefetchPlaylistsFx = createEffect(async (masterUrl: string): Promise<number> => {
  dropEarlyPlaylists(prefetched);
  sendEarlyPlaylist(masterUrl);
  prefetched = [masterUrl];
  const master = await peekEarlyPlaylist(masterUrl);
  if (!master) return 1;
  const media = mediaPlaylistUris(master, masterUrl);
  for (const url of media) sendEarlyPlaylist(url);
  prefetched.push(...media);
  return 1 + media.length;
});
