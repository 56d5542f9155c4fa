/**
 * The seek-preview track: a WebVTT file whose cues name a sprite image and a tile of it with the
 * media fragment `#xywh=x,y,w,h` (the convention of video.js, Vidstack, JW Player and others).
 * Pure, and loaded with the preview (import()), never at start-up. Whatever cannot be shown
 * safely is dropped, cue by cue: the viewer keeps the time tooltip where no tile is left.
 */
import { THUMBNAIL_TRACK_MAX_BYTES } from '../../lib/constants';

export interface ThumbnailCue {
  /** Seconds: the cue covers [start, end). */
  start: number;
  end: number;
  /** Absolute http(s) address of the image, without its fragment. */
  url: string;
  /** The tile, in image pixels; w and h are null for the whole image (a cue without #xywh). */
  x: number;
  y: number;
  w: number | null;
  h: number | null;
}

// hh:mm:ss.ttt or mm:ss.ttt (WebVTT's timestamp; hours may have more than two digits).
const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function seconds(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, hours = '0', minutes = '0', secs = '0', millis = '0'] = match;
  const value = Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
  return Number.isFinite(value) ? value : null;
}

/** `start --> end [settings]`, or null. */
function timing(line: string): { start: number; end: number } | null {
  const match = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/.exec(line.trim());
  if (!match) return null;
  const start = seconds(match[1]!);
  const end = seconds(match[2]!);
  return start !== null && end !== null && end > start ? { start, end } : null;
}

type Tile = Pick<ThumbnailCue, 'x' | 'y' | 'w' | 'h'>;
const WHOLE_IMAGE: Tile = { x: 0, y: 0, w: null, h: null };

/**
 * The tile a fragment names (`xywh=x,y,w,h`, optionally `xywh=pixel:…`): the whole image when the
 * fragment has no xywh, null when it has one that is not four integers with w and h above 0
 * (percent tiles are not supported: the sprite's size is unknown until it loads).
 */
function tile(fragment: string): Tile | null {
  const xywh = fragment
    .split('&')
    .map((part) => /^xywh=(.*)$/.exec(part)?.[1])
    .find((value) => value !== undefined);
  if (xywh === undefined) return WHOLE_IMAGE;
  const match = /^(?:pixel:)?(\d{1,6}),(\d{1,6}),(\d{1,6}),(\d{1,6})$/.exec(xywh);
  if (!match) return null;
  const [x, y, w, h] = match.slice(1).map(Number) as [number, number, number, number];
  return w > 0 && h > 0 ? { x, y, w, h } : null;
}

/**
 * The image address: http(s) only, resolved against the track's own address. Not lib/url.ts's
 * httpUrl: importing it from this lazy chunk split it out of the start-up code into a chunk of its
 * own (+154 bytes gzip at start-up, one more request; measured).
 */
function imageUrl(reference: string, baseUrl: string): string | null {
  try {
    const url = new URL(reference, baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

function cue(block: string[], baseUrl: string): ThumbnailCue | null {
  // An optional identifier line, then the timing line, then the payload.
  const at = block.findIndex((line) => line.includes('-->'));
  if (at < 0 || at > 1) return null;
  const times = timing(block[at]!);
  const reference = block.slice(at + 1).find((line) => line.trim() !== '')?.trim();
  if (!times || !reference) return null;
  const hash = reference.indexOf('#');
  const url = imageUrl(hash < 0 ? reference : reference.slice(0, hash), baseUrl);
  const area = tile(hash < 0 ? '' : reference.slice(hash + 1));
  return url && area ? { ...times, url, ...area } : null;
}

/**
 * The cues of a seek-preview track, sorted by start time. `baseUrl` is the track's address. Text
 * that is not WebVTT, or longer than THUMBNAIL_TRACK_MAX_BYTES, gives no cue at all.
 */
export function parseThumbnailTrack(text: string, baseUrl: string): ThumbnailCue[] {
  // Characters never outnumber UTF-8 bytes: a text this long is over the byte cap too.
  if (text.length > THUMBNAIL_TRACK_MAX_BYTES) return [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return [];
  const cues: ThumbnailCue[] = [];
  let block: string[] = [];
  const flush = () => {
    // The header, NOTE, STYLE and REGION blocks have no timing line: they give no cue.
    const first = block[0] ?? '';
    if (block.length > 0 && !/^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) {
      const found = cue(block, baseUrl);
      if (found) cues.push(found);
    }
    block = [];
  };
  for (const line of lines.slice(1)) {
    if (line.trim() === '') flush();
    else block.push(line);
  }
  flush();
  return cues.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * The cue showing at `time` (the last to start at or before it, if it has not ended), or null.
 * The track's last cue also covers its own end: the slider's far right is the stream's end.
 */
export function cueAt(cues: readonly ThumbnailCue[], time: number): ThumbnailCue | null {
  let low = 0;
  let high = cues.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cues[middle]!.start <= time) low = middle + 1;
    else high = middle;
  }
  const found = cues[low - 1];
  return found && (time < found.end || (low === cues.length && time === found.end)) ? found : null;
}
