/** Loads VAST for the player: fetch() for links and wrappers, the browser's DOMParser for XML. */
import { createEffect } from 'effector';
import { browserXmlParser, resolveVast, type CanPlayType, type ParsedAd, type VastFetcher } from '../vast';
import { VAST_LOAD_TIMEOUT_MS, VAST_WRAPPER_LIMIT } from '../lib/constants';

/** GET, XML text back (SPEC.md §7). No cookies: ad servers answer with `Access-Control-Allow-Origin: *`. */
export const fetchVastText: VastFetcher = async (url, signal) => {
  const response = await fetch(url, { signal, credentials: 'omit', headers: { Accept: 'application/xml, text/xml, */*' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
};

export interface VastLoadRequest {
  source: { url: string } | { xml: string };
  /** The ad <video>'s canPlayType, for choosing the media file. */
  canPlayType: CanPlayType;
}

export const loadVastFx = createEffect<VastLoadRequest, ParsedAd>(({ source, canPlayType }) =>
  resolveVast(source, {
    parseXml: browserXmlParser(),
    canPlayType,
    fetchText: fetchVastText,
    timeoutMs: VAST_LOAD_TIMEOUT_MS,
    wrapperLimit: VAST_WRAPPER_LIMIT,
  }),
);
