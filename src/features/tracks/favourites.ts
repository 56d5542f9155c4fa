/**
 * The viewer's remembered audio track per content (favoriteAudioTracks: content id → label).
 * Plain storage reads and writes, so the page's entry can read the label before the model exists.
 */
import { STORAGE_KEYS } from '../../lib/constants';
import { isString, readTyped, recordOf, type KeyValueStorage } from '../../platform/web-storage';

const isFavourites = recordOf(isString);

/** This content's remembered label; a corrupt map reads as none. */
export function readFavouriteAudio(storage: KeyValueStorage, contentId: number | null): string | null {
  if (contentId === null) return null;
  return readTyped(storage, STORAGE_KEYS.favoriteAudioTracks, isFavourites)?.[String(contentId)] ?? null;
}

/** Remembers a label for this content, keeping the other contents' choices. */
export function saveFavouriteAudio(storage: KeyValueStorage, contentId: number | null, label: string): void {
  if (contentId === null) return;
  const favourites = readTyped(storage, STORAGE_KEYS.favoriteAudioTracks, isFavourites) ?? {};
  storage.write(STORAGE_KEYS.favoriteAudioTracks, { ...favourites, [String(contentId)]: label });
}
