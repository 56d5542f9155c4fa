/**
 * One VAST document → what it says, without following wrappers or choosing a media file.
 * Element names are matched exactly, as VAST is case-sensitive; namespaces are ignored.
 */
import { VastError, VastErrorCode } from './errors';
import { parseVastTime } from './time';
import type { XmlParser } from './types';

/** A media file as written; a field missing from the document is null. */
export interface RawMediaFile {
  url: string | null;
  type: string | null;
  width: number | null;
  height: number | null;
  codec: string | null;
}

/** The linear creative's fields (merged over every <Linear> of the ad). */
export interface RawLinear {
  duration: number | null;
  /** skipoffset as written (a time or a percentage). */
  skipOffset: string | null;
  mediaFiles: RawMediaFile[];
  clickThrough: string | null;
  clickTracking: string[];
  tracking: Record<string, string[]>;
  /** Progress trackers with their offset as written. */
  progress: Array<{ offset: string; url: string }>;
}

interface DocumentBase {
  impressions: string[];
  /** The ad's error links (the root's are pinged only for a response without exactly one ad). */
  errors: string[];
  linear: RawLinear | null;
}

export type VastDocument =
  | (DocumentBase & { kind: 'inline' })
  | (DocumentBase & { kind: 'wrapper'; adTagUri: string });

const ELEMENT_NODE = 1;

function elements(parent: Element): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === ELEMENT_NODE) found.push(node as Element);
  }
  return found;
}

const nameOf = (el: Element) => el.localName || el.nodeName;
const childrenNamed = (parent: Element, name: string) => elements(parent).filter((el) => nameOf(el) === name);
const childNamed = (parent: Element, name: string): Element | null => childrenNamed(parent, name)[0] ?? null;
const path = (parent: Element, ...names: string[]): Element[] =>
  names.reduce<Element[]>((level, name) => level.flatMap((el) => childrenNamed(el, name)), [parent]);

/** Text content trimmed of the whitespace and newlines around CDATA sections. */
function text(el: Element | null): string | null {
  const value = el?.textContent?.trim();
  return value ? value : null;
}
const texts = (els: Element[]): string[] => els.map(text).filter((value): value is string => value !== null);

function attr(el: Element, name: string): string | null {
  const value = el.getAttribute(name)?.trim();
  return value ? value : null;
}

function intAttr(el: Element, name: string): number | null {
  const value = attr(el, name);
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

function readLinear(linears: Element[], creatives: Element[]): RawLinear | null {
  if (linears.length === 0) return null;
  const first = linears[0]!;
  const tracking: Record<string, string[]> = {};
  const progress: RawLinear['progress'] = [];
  const mediaFiles: RawMediaFile[] = [];
  const clickTracking: string[] = [];
  let clickThrough: string | null = null;
  for (const linear of linears) {
    for (const tracker of path(linear, 'TrackingEvents', 'Tracking')) {
      const event = attr(tracker, 'event');
      const url = text(tracker);
      if (!event || !url) continue;
      if (event === 'progress') {
        const offset = attr(tracker, 'offset');
        if (!offset) continue;
        progress.push({ offset, url });
      }
      (tracking[event] ??= []).push(url);
    }
    for (const clicks of childrenNamed(linear, 'VideoClicks')) {
      clickThrough ??= text(childNamed(clicks, 'ClickThrough'));
      clickTracking.push(...texts(childrenNamed(clicks, 'ClickTracking')));
    }
    for (const file of path(linear, 'MediaFiles', 'MediaFile')) {
      mediaFiles.push({
        url: text(file),
        type: attr(file, 'type'),
        width: intAttr(file, 'width'),
        height: intAttr(file, 'height'),
        codec: attr(file, 'codec'),
      });
    }
  }
  // VAST 3+ puts skipoffset on <Linear>; some VAST 2 servers put it on <Creative>.
  const skipOffset = attr(first, 'skipoffset') ?? creatives.map((creative) => attr(creative, 'skipoffset')).find(Boolean) ?? null;
  return {
    duration: parseVastTime(text(childNamed(first, 'Duration'))),
    skipOffset,
    mediaFiles,
    clickThrough,
    clickTracking,
    tracking,
    progress,
  };
}

/**
 * Cuts <Extensions> blocks, which the player never reads and which carry most of the bytes of
 * large documents (a 1 MB tag parses several times faster without them). Nesting is counted;
 * an unbalanced block is left for the XML parser to judge.
 */
export function withoutExtensions(xml: string): string {
  if (!xml.includes('<Extensions')) return xml;
  const tag = /<(\/?)Extensions\b[^>]*?(\/?)>/g;
  let depth = 0;
  let start = 0;
  let out = '';
  let kept = 0;
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    const [token, closing, selfClosing] = match;
    if (selfClosing) continue;
    if (!closing) {
      if (depth++ === 0) start = match.index;
    } else if (depth > 0 && --depth === 0) {
      out += xml.slice(kept, start);
      kept = match.index + token.length;
    }
  }
  return depth === 0 ? out + xml.slice(kept) : xml;
}

/** Parses XML text and reads its single ad. Throws VastError 100, 101 or 901. */
export function readVastDocument(xml: string, parseXml: XmlParser): VastDocument {
  let doc: Document;
  try {
    // A byte-order mark survives a file read or a dataXml string; XML parsers reject it before the prolog.
    doc = parseXml(withoutExtensions(xml.replace(/^\uFEFF/, '')));
  } catch (cause) {
    throw new VastError(VastErrorCode.XmlParse, [], cause instanceof Error ? cause.message : null);
  }
  const root = doc.documentElement;
  if (!root || nameOf(root) !== 'VAST') throw new VastError(VastErrorCode.SchemaValidation);
  const rootErrors = texts(childrenNamed(root, 'Error'));
  const ads = childrenNamed(root, 'Ad');
  if (ads.length !== 1) throw new VastError(VastErrorCode.General, rootErrors, `${ads.length} ads`);
  const ad = ads[0]!;
  const body = childNamed(ad, 'InLine') ?? childNamed(ad, 'Wrapper');
  if (!body) throw new VastError(VastErrorCode.General, rootErrors, 'ad has neither InLine nor Wrapper');
  const creatives = path(body, 'Creatives', 'Creative');
  const base: DocumentBase = {
    impressions: texts(childrenNamed(body, 'Impression')),
    errors: texts(childrenNamed(body, 'Error')),
    linear: readLinear(creatives.flatMap((creative) => childrenNamed(creative, 'Linear')), creatives),
  };
  if (nameOf(body) === 'InLine') return { kind: 'inline', ...base };
  // VAST 1 wrappers wrote <VASTAdTagURL><URL>…</URL></VASTAdTagURL>.
  const legacy = childNamed(body, 'VASTAdTagURL');
  const adTagUri = text(childNamed(body, 'VASTAdTagURI')) ?? (legacy ? text(childNamed(legacy, 'URL')) ?? text(legacy) : null);
  if (!adTagUri) throw new VastError(VastErrorCode.NoAdsAfterWrapper, base.errors, 'wrapper without VASTAdTagURI');
  return { kind: 'wrapper', adTagUri, ...base };
}
