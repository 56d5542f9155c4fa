/** Loads VAST for the player: lib/http-fetch.ts (through vast-prefetch.ts) for links and wrappers, the browser's DOMParser for XML. */
import { createEffect } from 'effector';
import { browserXmlParser, resolveVast, type CanPlayType, type ParsedAd, type VastFetcher } from '../vast';
import { VAST_LOAD_TIMEOUT_MS, VAST_WRAPPER_LIMIT } from '../lib/constants';
import { requestVastText, takePrefetchedVast } from './vast-prefetch';

/** The page's start may have asked for this document already (the pre-roll's): that answer, once; else a GET. */
export const fetchVastText: VastFetcher = (url, signal) => takePrefetchedVast(url, signal) ?? requestVastText(url, signal);

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
