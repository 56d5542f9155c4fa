/** The VAST panel's inspector: the player's own src/vast code, run in this page. */
import { browserXmlParser, failedInspection, inspectionOf, resolveVast, type VastInspection, type VastMediaFile } from '../../src/vast';
import { fetchVastText } from '../../src/platform/vast-loader';
import { canPlayType } from '../../src/engine/ad-video';
import { VAST_LOAD_TIMEOUT_MS, VAST_WRAPPER_LIMIT } from '../../src/lib/constants';

/**
 * A link (absolute or relative to this page) or the XML itself: the same report as `npm run vast`,
 * and the media file this browser would play (the player's own choice; not in the CLI's JSON).
 */
export async function inspectVastChoice(input: string, creativeId: string | null): Promise<{ report: VastInspection; chosen: VastMediaFile | null }> {
  const text = input.trim();
  try {
    const source = text.startsWith('<') ? { xml: text, baseUrl: window.location.href } : { url: new URL(text, window.location.href).href };
    const ad = await resolveVast(source, {
      parseXml: browserXmlParser(),
      canPlayType,
      fetchText: fetchVastText,
      timeoutMs: VAST_LOAD_TIMEOUT_MS,
      wrapperLimit: VAST_WRAPPER_LIMIT,
      creativeId,
    });
    return { report: inspectionOf(creativeId ? { ...ad, id: creativeId } : ad), chosen: ad.mediaFile };
  } catch (error) {
    return { report: failedInspection(error), chosen: null };
  }
}

/** One tracking pixel request, read from the request log path `/track/<event>?ad=<id>…`. */
export interface TrackingPing {
  id: number;
  t: number;
  event: string;
  ad: string | null;
  code: string | null;
  origin: string;
  path: string;
}

export function trackingPing(entry: { id: number; t: number; path: string; origin: string }): TrackingPing | null {
  if (!entry.path.startsWith('/track/')) return null;
  const url = new URL(entry.path, 'http://harness.invalid');
  return {
    id: entry.id,
    t: entry.t,
    event: decodeURIComponent(url.pathname.slice('/track/'.length)),
    ad: url.searchParams.get('ad'),
    code: url.searchParams.get('code'),
    origin: entry.origin,
    path: entry.path,
  };
}
