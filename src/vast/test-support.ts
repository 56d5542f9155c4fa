/** Helpers for the VAST tests: fixture files, a fetcher over them, the Node XML parser. */
import { readFileSync } from 'node:fs';
import { nodeXmlParser } from './node-xml';
import type { VastFetcher } from './resolve';

export const FIXTURE_ORIGIN = 'http://127.0.0.1:4101';
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
