/** Helpers for the VAST tests: fixture files, a fetcher over them, the Node XML parser. */
import { readFileSync } from 'node:fs';
import { nodeXmlParser } from './node-xml';
import type { VastFetcher } from './resolve';

const FIXTURE_ORIGIN = 'http://127.0.0.1:4101';
export const fixtureUrl = (name: string, query = '') => `${FIXTURE_ORIGIN}/ads/vast/${name}${query}`;
export const readFixture = (name: string): string => readFileSync(new URL(`../../fixtures/vast/${name}`, import.meta.url), 'utf8');

export const parseXml = nodeXmlParser();
/** Chromium-like: MP4 and WebM play, FLV and SWF do not. */
export const canPlayType = (type: string) => (/^video\/(mp4|webm)$/.test(type) ? 'probably' : '');

/** Serves fixtures/vast/<name> for any URL ending in /ads/vast/<name>; records every URL asked for. */
export function fixtureFetcher(requested: string[] = []): VastFetcher {
  return async (url) => {
    requested.push(url);
    const name = /\/ads\/vast\/([\w.-]+)$/.exec(new URL(url).pathname)?.[1];
    if (!name) throw new Error(`HTTP 404 for ${url}`);
    return readFixture(name);
  };
}

export const URL_TRACK = (event: string, ad: string, extra = '') => `${FIXTURE_ORIGIN}/track/${event}?ad=${ad}${extra}`;

/** A small inline VAST 4.1 ad (5 s, one MP4), with its XML head, title, click and tracking replaceable: the hostile-input tests' base. */
export const inlineVast = (extra: { head?: string; title?: string; click?: string; tracking?: string } = {}) =>
  `${extra.head ?? '<?xml version="1.0" encoding="UTF-8"?>'}<VAST version="4.1"><Ad id="x"><InLine><AdSystem>t</AdSystem><AdTitle>${extra.title ?? 't'}</AdTitle>` +
  `<Impression><![CDATA[http://127.0.0.1:4101/track/impression?ad=x]]></Impression><Creatives><Creative><Linear><Duration>00:00:05</Duration>` +
  `<TrackingEvents>${extra.tracking ?? ''}</TrackingEvents><VideoClicks>${extra.click ?? ''}</VideoClicks>` +
  `<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[http://127.0.0.1:4101/media/ads/ad-5s.mp4]]></MediaFile></MediaFiles>` +
  `</Linear></Creative></Creatives></InLine></Ad></VAST>`;
