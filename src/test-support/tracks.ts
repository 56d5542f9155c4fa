import { $engine, engineConnected, sourceAdopted, sourceReady, sourceRequested, subtitlesShortcutUsed } from '../features/playback';
import { createTracks } from '../features/tracks';

/** Tracks built on playback's units, as app/create-features.ts builds it; a test calls it inside linked(). */
export function createPlaybackTracks() {
  return createTracks({ $engine, engineConnected, sourceAdopted, sourceReady, sourceRequested, subtitlesShortcutUsed });
}
