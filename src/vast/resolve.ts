/**
 * VAST link or text → ParsedAd: follows wrapper chains through an injected fetcher, merges the
 * wrappers' links into the inline ad, and picks the media file the browser can play.
 */
import { VastError, VastErrorCode, isAbortError } from './errors';
import { readVastDocument, type RawLinear, type VastDocument } from './parse';
import { parseVastOffset } from './time';
import type { CanPlayType, ParsedAd, VastMediaFile, VastProgressTracker, XmlParser } from './types';

/** GETs a VAST link and resolves with the response text; rejects on HTTP or network failure. */
export type VastFetcher = (url: string, signal: AbortSignal) => Promise<string>;

export const DEFAULT_WRAPPER_LIMIT = 5;

export interface VastResolveOptions {
  parseXml: XmlParser;
  canPlayType: CanPlayType;
  /** Needed only when a link or a wrapper has to be fetched. */
  fetchText?: VastFetcher;
  /** Per-request time-out; past it the ad fails with 350. */
  timeoutMs: number;
  /** How many wrappers may be followed (default 5); one more fails with 302. */
  wrapperLimit?: number;
  /** Aborts the whole resolution; the AbortError is passed through untouched. */
  signal?: AbortSignal;
  /** The ad id when the source has no link to read creativeId from (e.g. the CLI's --creative-id). */
  creativeId?: string | null;
}

export type VastSource = { url: string } | { xml: string; baseUrl?: string };

/** The creativeId query parameter of a VAST link (SPEC.md §3), or null. */
export function creativeIdOf(url: string): string | null {
  try {
    return new URL(url, 'http://base.invalid/').searchParams.get('creativeId');
  } catch {
    return null;
  }
}

function abortError(): Error {
  const error = new Error('The VAST load was aborted');
  error.name = 'AbortError';
  return error;
}

/** One GET with its own time-out; maps failures onto VAST codes. */
async function load(url: string, options: VastResolveOptions): Promise<string> {
  const { fetchText, timeoutMs, signal } = options;
  if (!fetchText) throw new VastError(VastErrorCode.Undefined, [], 'no fetcher for ' + url);
  if (signal?.aborted) throw abortError();
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new VastError(VastErrorCode.LoadTimeout, [], url));
    }, timeoutMs);
  });
  try {
    const body = await Promise.race([fetchText(url, controller.signal), timeout]);
    if (!body.trim()) throw new VastError(VastErrorCode.NoAdsAfterWrapper, [], `empty response from ${url}`);
    return body;
  } catch (cause) {
    if (cause instanceof VastError) throw cause;
    if (signal?.aborted || isAbortError(cause)) throw abortError();
    throw new VastError(VastErrorCode.Undefined, [], `${url}: ${cause instanceof Error ? cause.message : String(cause)}`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

interface Unwrapped {
  inline: VastDocument & { kind: 'inline' };
  /** Wrappers from the outermost in. */
  wrappers: Array<VastDocument & { kind: 'wrapper' }>;
}

async function unwrap(doc: VastDocument, url: string | undefined, depth: number, options: VastResolveOptions): Promise<Unwrapped> {
  if (doc.kind === 'inline') return { inline: doc, wrappers: [] };
  const limit = options.wrapperLimit ?? DEFAULT_WRAPPER_LIMIT;
  if (depth >= limit) throw new VastError(VastErrorCode.WrapperLimit, doc.errors, `more than ${limit} wrappers`);
  const next = resolveUrl(doc.adTagUri, url);
  try {
    const body = await load(next, options);
    let inner: VastDocument;
    try {
      inner = readVastDocument(body, options.parseXml);
    } catch (cause) {
      // A wrapped response without exactly one ad is "no ad after wrapper".
      if (cause instanceof VastError && cause.code === VastErrorCode.General) {
        throw new VastError(VastErrorCode.NoAdsAfterWrapper, cause.errorUrls, next);
      }
      throw cause;
    }
    const found = await unwrap(inner, next, depth + 1, options);
    return { inline: found.inline, wrappers: [doc, ...found.wrappers] };
  } catch (cause) {
    throw cause instanceof VastError ? cause.withErrorUrls(doc.errors) : cause;
  }
}

function resolveUrl(url: string, base: string | undefined): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

function completeMediaFiles(linear: RawLinear | null): VastMediaFile[] {
  return (linear?.mediaFiles ?? []).flatMap(({ url, type, width, height, codec }) =>
    url !== null && type !== null && width !== null && height !== null ? [{ url, type, width, height, codec }] : [],
  );
}

/** Merges the wrappers into the inline ad (impressions and errors outermost first, trackers inline first). */
function build({ inline, wrappers }: Unwrapped, options: VastResolveOptions, id: string | null): ParsedAd {
  const errors = [...wrappers.flatMap((w) => w.errors), ...inline.errors];
  const linear = inline.linear;
  const mediaFiles = completeMediaFiles(linear);
  if (mediaFiles.length === 0) throw new VastError(VastErrorCode.MediaFileNotFound, errors);
  const mediaFile = mediaFiles.find((file) => options.canPlayType(file.type) !== '');
  if (!mediaFile) throw new VastError(VastErrorCode.NoSupportedMediaFile, errors);

  const duration = linear?.duration ?? null;
  const innermostFirst = [linear, ...[...wrappers].reverse().map((w) => w.linear)];
  const tracking: Record<string, string[]> = {};
  for (const part of innermostFirst) {
    for (const [event, urls] of Object.entries(part?.tracking ?? {})) (tracking[event] ??= []).push(...urls);
  }
  const progress = innermostFirst
    .flatMap((part) => part?.progress ?? [])
    .flatMap(({ offset, url }): VastProgressTracker[] => {
      const seconds = parseVastOffset(offset, duration);
      return seconds === null ? [] : [{ offset: seconds, url }];
    });
  return {
    id,
    skipOffset: parseVastOffset(linear?.skipOffset, duration),
    duration,
    mediaFiles,
    mediaFile,
    impressions: [...wrappers.flatMap((w) => w.impressions), ...inline.impressions],
    errors,
    clickThrough: linear?.clickThrough ?? null,
    clickTracking: innermostFirst.flatMap((part) => part?.clickTracking ?? []),
    tracking,
    progressOffset: progress[0]?.offset ?? null,
    progress,
  };
}

/** Parses one VAST text that must be inline (no fetching): the pure core, synchronous. */
export function parseVast(xml: string, options: Pick<VastResolveOptions, 'parseXml' | 'canPlayType' | 'creativeId'>): ParsedAd {
  const doc = readVastDocument(xml, options.parseXml);
  if (doc.kind === 'wrapper') throw new VastError(VastErrorCode.WrapperLimit, doc.errors, 'wrappers need a fetcher');
  return build({ inline: doc, wrappers: [] }, { ...options, timeoutMs: 0 }, options.creativeId ?? null);
}

/** Resolves a VAST link or text into a playable ad, or rejects with a VastError (or an AbortError). */
export async function resolveVast(source: VastSource, options: VastResolveOptions): Promise<ParsedAd> {
  const url = 'url' in source ? source.url : source.baseUrl;
  const id = 'url' in source ? (creativeIdOf(source.url) ?? options.creativeId ?? null) : (options.creativeId ?? null);
  const body = 'url' in source ? await load(source.url, options) : source.xml;
  const doc = readVastDocument(body, options.parseXml);
  return build(await unwrap(doc, url, 0, options), options, id);
}
