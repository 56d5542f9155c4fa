/**
 * Warms the HTTP cache with a master playlist and its first media playlist. Only helps where the
 * server lets the cache reuse them (max-age or a revalidation that answers 304).
 */
import { createEffect } from 'effector';

/** The first URI line of a playlist (a variant or media playlist), resolved against its URL. */
export function firstUri(text: string, base: string): string | null {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line && !line.startsWith('#')) {
      try {
        return new URL(line, base).href;
      } catch {
        return null;
      }
    }
  }
  return null;
}

export const prefetchPlaylistsFx = createEffect(async (masterUrl: string): Promise<number> => {
  const master = await fetch(masterUrl, { credentials: 'omit' });
  if (!master.ok) return 1;
  const media = firstUri(await master.text(), masterUrl);
  if (!media || !/\.m3u8(\?|$)/.test(media)) return 1;
  await fetch(media, { credentials: 'omit' });
  return 2;
});
