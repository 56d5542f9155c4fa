/**
 * The seek-preview track's text (WebVTT), for the previews feature, within the player's limits
 * (THUMBNAIL_TRACK_MAX_BYTES, THUMBNAIL_TRACK_TIMEOUT_MS). Any failure rejects; the caller then
 * shows no preview. The fetching code loads at the first call: no viewer pays for it at start-up.
 */
import { createEffect } from 'effector';
import { THUMBNAIL_TRACK_MAX_BYTES, THUMBNAIL_TRACK_TIMEOUT_MS } from '../lib/constants';
import type { FetchedText } from './capped-text';

export type { FetchedText as FetchedTrack } from './capped-text';

export const fetchThumbnailTrackFx = createEffect(async (url: string): Promise<FetchedText> => {
  const { fetchCappedText } = await import('./capped-text');
  return fetchCappedText(url, { maxBytes: THUMBNAIL_TRACK_MAX_BYTES, timeoutMs: THUMBNAIL_TRACK_TIMEOUT_MS });
});
