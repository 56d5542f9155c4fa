/**
 * The chapters file's text (WebVTT), for the chapters feature, within the player's limits
 * (CHAPTERS_TRACK_MAX_BYTES, CHAPTERS_TRACK_TIMEOUT_MS). Any failure (404, CORS, time-out, too
 * big) rejects; the episode then plays without chapters. The fetching code loads at the first
 * call, after the first frame.
 */
import { createEffect } from 'effector';
import { CHAPTERS_TRACK_MAX_BYTES, CHAPTERS_TRACK_TIMEOUT_MS } from '../lib/constants';
import type { FetchedText } from './capped-text';

export type { FetchedText as FetchedChapters } from './capped-text';

export const fetchChaptersTrackFx = createEffect(async (url: string): Promise<FetchedText> => {
  const { fetchCappedText } = await import('./capped-text');
  return fetchCappedText(url, { maxBytes: CHAPTERS_TRACK_MAX_BYTES, timeoutMs: CHAPTERS_TRACK_TIMEOUT_MS });
});
