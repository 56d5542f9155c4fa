/**
 * The seek-preview track: a WebVTT file whose cues name a sprite image and a tile of it with the
 * media fragment `#xywh=x,y,w,h` (the convention of video.js, Vidstack, JW Player and others).
 * Pure, and loaded with the preview (import()), never at start-up. Whatever cannot be shown
 * safely is dropped, cue by cue: the viewer keeps the time tooltip where no tile is left.
 */
import { THUMBNAIL_TRACK_MAX_BYTES } from '../../lib/constants';
import { vttCue, vttCueBlocks } from '../../lib/webvtt';

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
  const found = vttCue(block);
  // A cue that ends at or before its start covers no time: it is dropped.
  if (!found || found.end <= found.start) return null;
  const reference = found.payload.find((line) => line.trim() !== '')?.trim();
  if (!reference) return null;
  const hash = reference.indexOf('#');
  const url = imageUrl(hash < 0 ? reference : reference.slice(0, hash), baseUrl);
  const area = tile(hash < 0 ? '' : reference.slice(hash + 1));
  return url && area ? { start: found.start, end: found.end, url, ...area } : null;
}

/**
 * The cues of a seek-preview track, sorted by start time. `baseUrl` is the track's address. Text
 * that is not WebVTT, or longer than THUMBNAIL_TRACK_MAX_BYTES, gives no cue at all.
 */
export function parseThumbnailTrack(text: string, baseUrl: string): ThumbnailCue[] {
  const cues: ThumbnailCue[] = [];
  for (const block of vttCueBlocks(text, THUMBNAIL_TRACK_MAX_BYTES)) {
    const found = cue(block, baseUrl);
    if (found) cues.push(found);
  }
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
