/**
 * Tracking decisions as pure functions: which VAST events a change means, and which links they
 * ping. The one effect that pings is firePixelFx (src/platform/pixel.ts).
 */
import { AD_QUARTILES } from '../../lib/constants';
import { httpUrl } from '../../lib/url';
import type { ParsedAd } from '../../vast';
import { AdStatus } from './status';

type QuartileEvent = 'firstQuartile' | 'midpoint' | 'thirdQuartile';
const QUARTILE_EVENTS: readonly QuartileEvent[] = ['firstQuartile', 'midpoint', 'thirdQuartile'];

/** VAST events meant by a status change. 'impression' stands for the ad's impression links. */
export function transitionEvents(from: AdStatus, to: AdStatus): string[] {
  if (from === to) return [];
  switch (to) {
    case AdStatus.Loaded:
      return ['loaded'];
    case AdStatus.Started:
      // A first frame before canplaythrough still means the media was loaded.
      return [...(from === AdStatus.Created ? ['loaded'] : []), 'impression', 'creativeView', 'start'];
    case AdStatus.Playing:
      return from === AdStatus.Paused ? ['resume'] : [];
    case AdStatus.Paused:
      return ['pause'];
    case AdStatus.Completed:
      return ['complete'];
    case AdStatus.Skipped:
      return ['skip'];
    default:
      return [];
  }
}

/** Quartiles (25, 50, 75 % of `duration`) crossed going from `prev` to `next` seconds. */
export function quartilesCrossed(prev: number, next: number, duration: number): QuartileEvent[] {
  if (!(duration > 0) || !(next > prev)) return [];
  return QUARTILE_EVENTS.filter((_, i) => {
    const at = AD_QUARTILES[i]! * duration;
    return prev < at && at <= next;
  });
}

/** Progress links whose offset is crossed going from `prev` to `next` seconds. */
export function progressCrossed(prev: number, next: number, trackers: ParsedAd['progress']): string[] {
  if (!(next > prev)) return [];
  return trackers.filter(({ offset }) => prev < offset && offset <= next).map(({ url }) => url);
}

/** The links of some VAST events, in event order. */
export function pixelUrls(ad: ParsedAd, events: readonly string[]): string[] {
  return events.flatMap((event) => (event === 'impression' ? ad.impressions : (ad.tracking[event] ?? [])));
}

export interface AdVolume {
  volume: number;
  muted: boolean;
}

/** A viewer hears nothing when muted or at volume 0. */
export const silent = ({ volume, muted }: AdVolume) => muted || volume === 0;

/** 'mute' or 'unmute' when the ad's audibility flips. */
export function volumeEvents(prev: AdVolume, next: AdVolume): Array<'mute' | 'unmute'> {
  if (silent(prev) === silent(next)) return [];
  return [silent(next) ? 'mute' : 'unmute'];
}

/** The ad's duration: the media's once known, else the VAST Duration, else null. */
export function effectiveDuration(mediaDuration: number, ad: ParsedAd | null): number | null {
  if (Number.isFinite(mediaDuration) && mediaDuration > 0) return mediaDuration;
  return ad?.duration ?? null;
}

/** `url` when it is an absolute http(s) link, else null. */
export function safeHttpUrl(url: string | null): string | null {
  return url ? httpUrl(url.trim()) : null;
}
