/**
 * Differential test: for every fixture in fixtures/vast/, our parser and @dailymotion/vast-client
 * (the reference, dev only) read the same media files, skip offset, impressions, click-through,
 * click tracking and tracking links.
 *
 * Deliberate differences, each checked below:
 * - SPEC.md §5 wants exactly one <Ad>: a pod (multiple-ads.xml) or no ad (empty.xml) is 901 for
 *   us, while vast-client returns the ads it found (two, or none).
 * - We keep only complete media files (width, height, url and type present, SPEC.md §5);
 *   vast-client keeps every <MediaFile> and fills blanks with 0 or null. We compare against its
 *   complete ones.
 * - vast-client names progress trackers `progress-<offset>`; we keep `tracking.progress` plus
 *   each tracker's offset in seconds (percentages resolved against the duration).
 * - vast-client reads skipoffset only from <Linear>; we also accept it on <Creative>, where some
 *   VAST 2 servers put it (vast-client-sample-1.xml, which fails 401 for both anyway).
 * - XML that does not parse never reaches vast-client (it takes a parsed Document).
 * - Both get the text without <Extensions> (neither reads them for what is compared; vast-client
 *   needs 18 s for huge.xml's 1 MB of extension rows).
 * - A wrapper limit of 5 lets us follow 5 wrappers (6 documents); vast-client counts documents
 *   (5). Both fail wrapper-loop.xml with 302; vast-client reports it as a 'VAST-error' event
 *   and returns no ad.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VASTParser } from '@dailymotion/vast-client';
import { resolveVast } from './resolve';
import { withoutExtensions } from './parse';
import { VastError, VastErrorCode } from './errors';
import type { ParsedAd } from './types';
import { canPlayType, fixtureFetcher, fixtureUrl, parseXml, readFixture } from './test-support';

interface UrlTemplate {
  url: string;
}
interface RefMediaFile {
  fileURL: string | null;
  mimeType: string | null;
  width: number;
  height: number;
  codec: string | null;
}
interface RefLinear {
  type: string;
  duration: number;
  skipDelay: number | null;
  mediaFiles: RefMediaFile[];
  trackingEvents: Record<string, string[]>;
  videoClickThroughURLTemplate: UrlTemplate | null;
  videoClickTrackingURLTemplates: UrlTemplate[];
}
interface RefAd {
  errorCode?: number;
  impressionURLTemplates: UrlTemplate[];
  errorURLTemplates: string[];
  creatives: RefLinear[];
}

const WRAPPER_LIMIT = 5;

async function reference(name: string): Promise<{ ads: RefAd[]; errorCodes: number[] }> {
  const fetcher = fixtureFetcher();
  const parser = new VASTParser({
    fetcher: { fetchVAST: async ({ url }: { url: string }) => parseXml(withoutExtensions(await fetcher(url, new AbortController().signal))) },
  } as unknown as ConstructorParameters<typeof VASTParser>[0]);
  const errorCodes: number[] = [];
  parser.on('VAST-error', (error: { ERRORCODE: number }) => errorCodes.push(error.ERRORCODE));
  const response = (await parser.parseVAST(parseXml(withoutExtensions(readFixture(name))) as unknown as Document, {
    wrapperLimit: WRAPPER_LIMIT,
    url: fixtureUrl(name),
  } as Parameters<VASTParser['parseVAST']>[1])) as unknown as { ads: RefAd[] };
  return { ads: response.ads, errorCodes };
}

async function ours(name: string): Promise<ParsedAd | VastError> {
  try {
    return await resolveVast({ url: fixtureUrl(name) }, { parseXml, canPlayType, fetchText: fixtureFetcher(), timeoutMs: 1000, wrapperLimit: WRAPPER_LIMIT });
  } catch (error) {
    if (error instanceof VastError) return error;
    throw error;
  }
}

const linearOf = (ad: RefAd | undefined) => ad?.creatives.find((creative) => creative.type === 'linear');
const completeMedia = (linear: RefLinear | undefined) =>
  (linear?.mediaFiles ?? [])
    .filter((file) => file.fileURL && file.mimeType && file.width > 0 && file.height > 0)
    .map((file) => ({ url: file.fileURL, type: file.mimeType, width: file.width, height: file.height, codec: file.codec }));

/** vast-client's `progress-<offset>` keys turned into our (seconds, url) pairs. */
function refProgress(linear: RefLinear): Array<{ offset: number; url: string }> {
  return Object.entries(linear.trackingEvents).flatMap(([key, urls]) => {
    const match = /^progress-(.+)$/.exec(key);
    if (!match) return [];
    const raw = match[1]!;
    const offset = raw.endsWith('%') ? (linear.duration * Number.parseFloat(raw)) / 100 : Number(raw);
    return urls.map((url) => ({ offset, url }));
  });
}

const FIXTURES = readdirSync(new URL('../../fixtures/vast/', import.meta.url)).filter((file) => file.endsWith('.xml') && file !== 'malformed.xml');

describe('differential: our parser and @dailymotion/vast-client agree', () => {
  it('covers every fixture but the malformed one', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(FIXTURES)('%s', async (name) => {
    const [mine, { ads: refAds, errorCodes }] = await Promise.all([ours(name), reference(name)]);
    if (mine instanceof VastError) {
      switch (mine.code) {
        case VastErrorCode.General:
          // Exactly one <Ad> or 901 (SPEC.md §5): vast-client returns what it found.
          expect(refAds.length).not.toBe(1);
          return;
        case VastErrorCode.WrapperLimit:
          expect(errorCodes).toContain(302);
          expect(refAds).toEqual([]);
          return;
        case VastErrorCode.NoAdsAfterWrapper:
          expect(errorCodes).toContain(303);
          expect(completeMedia(linearOf(refAds[0]))).toEqual([]);
          return;
        case VastErrorCode.MediaFileNotFound:
          expect(completeMedia(linearOf(refAds[0]))).toEqual([]);
          return;
        case VastErrorCode.NoSupportedMediaFile:
          expect(completeMedia(linearOf(refAds[0])).filter((file) => canPlayType(file.type!) !== '')).toEqual([]);
          expect(completeMedia(linearOf(refAds[0])).length).toBeGreaterThan(0);
          return;
        default:
          throw new Error(`unexpected failure ${mine.code} for ${name}`);
      }
    }
    expect(refAds).toHaveLength(1);
    const ad = refAds[0]!;
    const linear = linearOf(ad)!;
    expect(mine.mediaFiles).toEqual(completeMedia(linear));
    expect(mine.skipOffset).toBe(linear.skipDelay);
    expect(mine.impressions).toEqual(ad.impressionURLTemplates.map((template) => template.url));
    expect(mine.errors).toEqual(ad.errorURLTemplates.map((template) => (typeof template === 'string' ? template : (template as UrlTemplate).url)));
    expect(mine.clickThrough).toBe(linear.videoClickThroughURLTemplate?.url ?? null);
    expect(mine.clickTracking).toEqual(linear.videoClickTrackingURLTemplates.map((template) => template.url));
    const { progress, ...tracking } = mine.tracking;
    const refTracking = Object.fromEntries(Object.entries(linear.trackingEvents).filter(([key]) => !key.startsWith('progress-')));
    expect(tracking).toEqual(refTracking);
    expect(progress ?? []).toEqual(refProgress(linear).map(({ url }) => url));
    expect(mine.progress).toEqual(refProgress(linear));
  });
});
