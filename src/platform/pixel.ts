/** Tracking pixels: image pings (SPEC.md §7), the only way the player reports to ad servers. */
import { createEffect } from 'effector';
import { fillMacros } from '../vast';

export interface PixelRequest {
  /** Links as the VAST document wrote them; macros are filled here. */
  urls: readonly string[];
  /** For error links: the [ERRORCODE] value. */
  errorCode?: number;
}

// Keeps each pending image reachable until it settles, or some browsers drop the request.
const inFlight = new Set<HTMLImageElement>();

/** GETs `url` as an image; only http(s) links are pinged. */
export function pingImage(url: string): void {
  if (typeof Image === 'undefined' || !/^https?:\/\//i.test(url)) return;
  const image = new Image();
  const settle = () => inFlight.delete(image);
  image.onload = settle;
  image.onerror = settle;
  image.referrerPolicy = 'no-referrer-when-downgrade';
  inFlight.add(image);
  image.src = url;
}

/** Fills [ERRORCODE], [CACHEBUSTING] and [TIMESTAMP], then pings every link. */
export const firePixelFx = createEffect(({ urls, errorCode }: PixelRequest) => {
  const now = new Date();
  for (const url of urls) pingImage(fillMacros(url, { errorCode, now, random: Math.random }));
});
