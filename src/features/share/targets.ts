/** Share targets, in the order the popup shows them. `{url}` and `{title}` are URL-encoded in. */
export const SHARE_TARGETS = [
  { id: 'vk', name: 'ВКонтакте', template: 'https://vk.com/share.php?url={url}&title={title}' },
  { id: 'ok', name: 'Одноклассники', template: 'https://connect.ok.ru/offer?url={url}&title={title}' },
  { id: 'telegram', name: 'Telegram', template: 'https://t.me/share/url?url={url}&text={title}' },
  { id: 'whatsapp', name: 'WhatsApp', template: 'https://api.whatsapp.com/send?text={title}%20{url}' },
  { id: 'x', name: 'X', template: 'https://x.com/intent/post?url={url}&text={title}' },
] as const;

export type ShareTargetId = (typeof SHARE_TARGETS)[number]['id'];

/**
 * The shared link: the top page address with `t` set to the rounded seconds when the time
 * code is wanted, and without any `t` otherwise (SPEC.md §2).
 */
export function shareLink(pageUrl: string, seconds: number, withTimecode: boolean): string {
  const url = new URL(pageUrl);
  url.searchParams.delete('t');
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
