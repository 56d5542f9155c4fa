/** The VAST inspector's report: the CLI and the harness panel print the same JSON. */
import { VastErrorCode, isVastError } from './errors';
import type { ParsedAd } from './types';

/** What the inspector shows of a resolved ad: everything but the chosen file and the tracker list. */
export type VastInspection =
  | ({ ok: true } & Pick<
      ParsedAd,
      'skipOffset' | 'duration' | 'mediaFiles' | 'impressions' | 'errors' | 'clickThrough' | 'clickTracking' | 'tracking' | 'progressOffset' | 'id'
    >)
  | { ok: false; code: number; message: string };

export function inspectionOf(ad: ParsedAd): VastInspection {
  return {
    ok: true,
    skipOffset: ad.skipOffset,
    duration: ad.duration,
    mediaFiles: ad.mediaFiles.map(({ url, type, width, height, codec }) => ({ url, type, width, height, codec })),
    impressions: ad.impressions,
    errors: ad.errors,
    clickThrough: ad.clickThrough,
    clickTracking: ad.clickTracking,
    tracking: ad.tracking,
    progressOffset: ad.progressOffset,
    id: ad.id,
  };
}

/** A failed resolution as the inspector reports it; anything not a VastError counts as 900. */
export function failedInspection(error: unknown): VastInspection {
  if (isVastError(error)) return { ok: false, code: error.code, message: error.message };
  return { ok: false, code: VastErrorCode.Undefined, message: error instanceof Error ? error.message : String(error) };
}

/**
 * canPlayType for places without a media element (the CLI): what every current browser plays
 * progressively. The player itself asks its ad <video>.
 */
export function commonCanPlayType(mimeType: string): string {
  return /^(video|audio)\/(mp4|webm|ogg|mpeg|x-m4v)$/i.test(mimeType.trim()) ? 'probably' : '';
}
