/** Share targets, in the order the popup shows them. `{url}` and `{title}` are URL-encoded in. */
export const SHARE_TARGETS = [
  { id: 'vk', name: 'ВКонтакте', template: 'https://vk.com/share.php?url={url}&title={title}' },
  { id: 'ok', name: 'Одноклассники', template: 'https://connect.ok.ru/offer?url={url}&title={title}' },
  { id: 'telegram', name: 'Telegram', template: 'https://t.me/share/url?url={url}&text={title}' },
  { id: 'whatsapp', name: 'WhatsApp', template: 'https://api.whatsapp.com/send?text={title}%20{url}' },
  { id: 'x', name: 'X', template: 'https://x.com/intent/post?url={url}&text={title}' },
] as const;

export type ShareTargetId = (typeof SHARE_TARGETS)[number]['id'];

/** Where a series' episode is, in the player's own query parameters `season` and `episode` (SPEC.md §2). */
export interface EpisodeAddress {
  season: number;
  episode: number;
}

const isOrder = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The current episode's address for a series' link: its season order and episode order. Null for a
 * film, and for an episode the query could not name (no season, or an order that is not a positive
 * integer, which the player's own parsing would drop).
 */
export function episodeAddress(
  isSeries: boolean,
  episode: { order: number; season: { order: number } | null } | null,
): EpisodeAddress | null {
  if (!isSeries || !episode || !isOrder(episode.season?.order) || !isOrder(episode.order)) return null;
  return { season: episode.season.order, episode: episode.order };
}

/**
 * The shared link: the top page address with `t` set to the rounded seconds when the time code is
 * wanted, and without any `t` otherwise (SPEC.md §2). A series' link also names the episode by
 * `season` and `episode`, always (issue 48), and drops the page's `episode_id`, which would win
 * over them. Null for an address that is not http(s).
 */
export function shareLink(pageUrl: string, seconds: number, withTimecode: boolean, episode: EpisodeAddress | null = null): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.searchParams.delete('t');
  if (episode) {
    for (const name of ['episode_id', 'season', 'episode']) url.searchParams.delete(name);
    url.searchParams.set('season', String(episode.season));
    url.searchParams.set('episode', String(episode.episode));
  }
  if (withTimecode && Number.isFinite(seconds) && seconds >= 0) url.searchParams.set('t', String(Math.round(seconds)));
  return url.href;
}

export function shareTargetUrl(target: (typeof SHARE_TARGETS)[number], link: string, title: string): string {
  return target.template.replace('{url}', encodeURIComponent(link)).replace('{title}', encodeURIComponent(title));
}

/** Only http(s) links are ever opened. */
export function isOpenableUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
