/**
 * Loads VAST for the player, without effector, so the page's start can resolve its pre-roll with
 * the same code the ads model uses (start/early-ad.ts): lib/http-fetch.ts (through
 * vast-prefetch.ts) for links and wrappers, the browser's DOMParser for XML.
 */
import { resolveVast, type VastFetcher } from '../vast/resolve';
import { browserXmlParser } from '../vast/xml';
import type { CanPlayType, ParsedAd } from '../vast/types';
import { VAST_LOAD_TIMEOUT_MS, VAST_WRAPPER_LIMIT } from '../lib/constants';
import { requestVastText, takeEarlyAd, takePrefetchedVast } from './vast-prefetch';

/** The page's start may have asked for this document already (the pre-roll's): that answer, once; else a GET. */
export const fetchVastText: VastFetcher = (url, signal) => takePrefetchedVast(url, signal) ?? requestVastText(url, signal);

export interface VastLoadRequest {
  source: { url: string } | { xml: string };
  /** The ad <video>'s canPlayType, for choosing the media file. */
  canPlayType: CanPlayType;
}

/** Resolves one candidate: its document, its wrappers, the media file this browser plays. */
export const resolveAd = ({ source, canPlayType }: VastLoadRequest): Promise<ParsedAd> =>
  resolveVast(source, {
    parseXml: browserXmlParser(),
    canPlayType,
    fetchText: fetchVastText,
    timeoutMs: VAST_LOAD_TIMEOUT_MS,
    wrapperLimit: VAST_WRAPPER_LIMIT,
  });

/** The ads model's load: the ad the page's start resolved for this address (once), else a resolution of its own. */
export const loadVast = (request: VastLoadRequest): Promise<ParsedAd> =>
  ('url' in request.source ? takeEarlyAd(request.source.url) : null) ?? resolveAd(request);
