/** Sharing the page: the top page address, the clipboard (with a fallback) and the native share sheet. */
import { createEffect } from 'effector';
import { httpUrl } from '../lib/url';

function fullHttpUrl(value: string | undefined | null): string | null {
  return value ? httpUrl(value) : null;
}

/**
 * The address of the page the viewer sees: the referrer when it is a full URL (the parent page),
 * else the embedding origin, else the player's own address.
 */
export function topPageUrl(referrer: string, ancestorOrigins: ArrayLike<string> | undefined, own: string): string {
  return fullHttpUrl(referrer) ?? fullHttpUrl(ancestorOrigins?.[0]) ?? own;
}

export const readTopPageUrlFx = createEffect((): string =>
  topPageUrl(document.referrer, window.location.ancestorOrigins, window.location.href),
);

function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies text: the Clipboard API, or a hidden textarea where it is missing or refused (frames). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission in a frame): fall back below.
  }
  return copyWithTextarea(text);
}

export const copyTextFx = createEffect(copyText);

function nativeShareAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

export const checkNativeShareFx = createEffect(() => nativeShareAvailable());

/** Opens the system share sheet; a cancelled sheet is not an error. */
export const nativeShareFx = createEffect(async (data: { url: string; title: string }): Promise<boolean> => {
  try {
    await navigator.share(data);
    return true;
  } catch {
    return false;
  }
});
