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

const isPlaylist = (url: string) => new URL(url).pathname.endsWith('.m3u8');

/** A media playlist a master names: a variant's, or a rendition's (EXT-X-MEDIA, with its attribute list). */
type MasterEntry = { url: string; rendition: string | null };

/** The media playlists a master playlist names, resolved, in its order (http(s) `.m3u8` only). */
function masterEntries(text: string, base: string): MasterEntry[] {
  const entries: MasterEntry[] = [];
  let variantNext = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF')) variantNext = true;
    else if (line.startsWith('#EXT-X-MEDIA:')) {
      const list = line.slice('#EXT-X-MEDIA:'.length);
      const uri = attribute(list, 'URI');
      const url = uri ? httpUrl(uri, base) : null;
      if (url) entries.push({ url, rendition: list });
    } else if (line && !line.startsWith('#') && variantNext) {
      variantNext = false;
      const url = httpUrl(line, base);
      if (url) entries.push({ url, rendition: null });
    }
  }
  return entries.filter((entry) => isPlaylist(entry.url));
}

/** The media playlists a master playlist names (its variants, and its renditions' URI attributes), resolved, once each. */
export function mediaPlaylistUris(text: string, base: string): string[] {
  return [...new Set(masterEntries(text, base).map((entry) => entry.url))];
}

/** The variants' media playlists a master playlist names, resolved, once each. */
export function variantPlaylistUris(text: string, base: string): string[] {
  const entries = masterEntries(text, base);
  const renditions = new Set(entries.filter((entry) => entry.rendition !== null).map((entry) => entry.url));
  return [...new Set(entries.filter((entry) => !renditions.has(entry.url)).map((entry) => entry.url))];
}

/** An audio rendition a master playlist names, as the engine will list it (EngineAudioTrack's fields). */
export interface AudioRendition {
  url: string;
  name: string;
  lang: string;
  isDefault: boolean;
}

/** The audio renditions with a playlist of their own, in the master's order. */
export function audioRenditions(text: string, base: string): AudioRendition[] {
  return masterEntries(text, base).flatMap(({ url, rendition: list }) =>
    list !== null && attribute(list, 'TYPE') === 'AUDIO'
      ? [{ url, name: attribute(list, 'NAME') ?? '', lang: attribute(list, 'LANGUAGE') ?? '', isDefault: attribute(list, 'DEFAULT') === 'YES' }]
      : [],
  );
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
