/** The Storage tab's rules: the player's known keys, their order, and what a draft may be written. No window, no state. */

/** The player's keys (src/lib/constants.ts STORAGE_KEYS), with what each holds. */
export const KNOWN_KEYS: ReadonlyArray<[string, string]> = [
  ['episodesTimeProgress', 'episode id → saved seconds (resume prompt)'],
  ['player-volume', 'volume 0…1'],
  ['player-muted', 'true / false'],
  ['favoriteAudioTracks', 'preferred audio track names'],
  ['player-skip-intro', "'Пропускать заставку': true / false"],
];

export const knownKeyNote = (key: string): string | undefined => KNOWN_KEYS.find(([known]) => known === key)?.[1];

/** The stored keys: the player's known ones first in their list's order, then the others sorted. */
export function storageKeys(items: Record<string, string>): string[] {
  const known = KNOWN_KEYS.map(([key]) => key);
  return [...known.filter((key) => key in items), ...Object.keys(items).filter((key) => !known.includes(key)).sort()];
}

/** A stored value laid out for editing: indented when it is JSON, as it is otherwise. */
export function prettyValue(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 1);
  } catch {
    return raw;
  }
}

/** Why a key and draft cannot be written, or null: the player reads every key as JSON. */
export function draftError(key: string, draft: string): string | null {
  if (!key.trim()) return 'Key is empty.';
  try {
    JSON.parse(draft);
  } catch (error) {
    return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  return null;
}
