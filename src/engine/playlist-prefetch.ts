/**
 * Playlists fetched before their turn, into the page's caches (playlist-cache.ts), which the engine's
 * loaders serve from memory, once:
 * - the next episode's: its master playlist and every media playlist the master names. The switch
 *   then waits only for the first segments;
 * - over a slow link, the level the stream will climb to: its playlist and init segment. The climb
 *   then waits only for its first segment, not for two more round trips first.
 */
import type { PlaylistCache, SegmentCache } from './playlist-cache';
import { httpUrl } from '../lib/url';

/** An attribute of an EXT-X-MEDIA or EXT-X-MAP tag's list. */
const attribute = (list: string, name: string): string | undefined => {
  const match = new RegExp(`(?:^|,)${name}=(?:"([^"]*)"|([^,]*))`).exec(list);
  return match ? (match[1] ?? match[2]) : undefined;
};

/**
 * The media playlists a master playlist names (its variants, and its renditions' URI attributes),
 * resolved, once each. `start`: only what a player loads to start, the variants and each audio
 * group's default rendition (or its first), not subtitles, which load when shown.
 */
export function mediaPlaylistUris(text: string, base: string, { start = false }: { start?: boolean } = {}): string[] {
  const uris = new Set<string>();
  /** Per audio group, its default rendition, or its first while none is. */
  const audio = new Map<string, { url: string; isDefault: boolean }>();
  let variantNext = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF')) variantNext = true;
    else if (line.startsWith('#EXT-X-MEDIA:')) {
      const list = line.slice('#EXT-X-MEDIA:'.length);
      const uri = attribute(list, 'URI');
      const url = uri ? httpUrl(uri, base) : null;
      if (!url) continue;
      if (!start) uris.add(url);
      else if (attribute(list, 'TYPE') === 'AUDIO') {
        const group = attribute(list, 'GROUP-ID') ?? '';
        const isDefault = attribute(list, 'DEFAULT') === 'YES';
        if (!audio.has(group) || (isDefault && !audio.get(group)?.isDefault)) audio.set(group, { url, isDefault });
      }
    } else if (line && !line.startsWith('#') && variantNext) {
      variantNext = false;
      const url = httpUrl(line, base);
      if (url) uris.add(url);
    }
  }
  for (const { url } of audio.values()) uris.add(url);
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

/**
 * The init segment a media playlist maps (EXT-X-MAP), resolved; null when it has none, when it is a
 * byte range of a larger file, or when the playlist's media is encrypted (its key must come first).
 */
export function initSegmentUri(text: string, base: string): string | null {
  if (/^#EXT-X-KEY:(?!.*METHOD=NONE)/m.test(text)) return null;
  const map = /^#EXT-X-MAP:(.*)$/m.exec(text)?.[1];
  if (!map || attribute(map, 'BYTERANGE') !== undefined) return null;
  const uri = attribute(map, 'URI');
  return uri ? httpUrl(uri, base) : null;
}

/** Fetches a level's media playlist and then its init segment, for the engine to take on the switch. */
export async function prefetchLevel(playlists: PlaylistCache, segments: SegmentCache, playlistUrl: string): Promise<void> {
  playlists.fetch(playlistUrl);
  const text = await playlists.peek(playlistUrl);
  const init = text ? initSegmentUri(text, playlistUrl) : null;
  if (init) segments.fetch(init);
}
