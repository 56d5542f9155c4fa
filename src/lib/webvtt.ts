/**
 * WebVTT's syntax as the player's track readers share it: the file's cue blocks, a cue's timing
 * line and its timestamps. Pure (no DOM): it serves the lazily loaded parsers of the seek-preview
 * track (features/previews/parse.ts) and of the chapters file (features/chapters/parse.ts), which
 * decide what a cue's payload means and which cues they keep. Not the engine's subtitles: those are
 * hls.js's.
 */

/** A cue as written: its identifier, its times (not checked against each other) and payload lines. */
export interface VttCue {
  /** The cue identifier, '' when the cue has none. */
  id: string;
  /** Seconds, as the timing line has them: `end` may be at or before `start`. */
  start: number;
  end: number;
  /** The lines after the timing line, untrimmed (never blank: a blank line ends the block). */
  payload: string[];
}

// hh:mm:ss.ttt or mm:ss.ttt (WebVTT's timestamp; hours may have more than two digits).
const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

/** A WebVTT timestamp in seconds, or null when `text` is not one (whole: no spaces around it). */
export function vttTimestamp(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, hours = '0', minutes = '0', secs = '0', millis = '0'] = match;
  const value = Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
  return Number.isFinite(value) ? value : null;
}

/**
 * A timing line, `start --> end [settings]` (spaces or tabs around the arrow, the settings
 * ignored), or null. The times are as written: whether `end` must come after `start` is the caller's.
 */
export function vttTiming(line: string): { start: number; end: number } | null {
  const match = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/.exec(line.trim());
  if (!match) return null;
  const start = vttTimestamp(match[1]!);
  const end = vttTimestamp(match[2]!);
  return start !== null && end !== null ? { start, end } : null;
}

/**
 * A cue block read: an optional identifier line, then the timing line, then the payload. Null when
 * the block has no line with `-->` among its first two, or that line is not a valid timing line.
 */
export function vttCue(block: readonly string[]): VttCue | null {
  const at = block.findIndex((line) => line.includes('-->'));
  if (at < 0 || at > 1) return null;
  const times = vttTiming(block[at]!);
  if (!times) return null;
  return { id: at === 1 ? block[0]!.trim() : '', ...times, payload: block.slice(at + 1) };
}

/**
 * The file's blocks after the `WEBVTT` line, each as its lines: blocks are split by blank (or
 * white-space only) lines, and NOTE, STYLE and REGION blocks are left out. The header's own further
 * lines (`Kind: …`, up to the first blank line) come as the first block, as they always did in both
 * readers: they have no timing line in a well-formed file, so vttCue finds no cue in them.
 *
 * No block at all when the text is not WebVTT (no `WEBVTT` header line after an optional byte order
 * mark) or is longer than `maxBytes` characters: characters never outnumber UTF-8 bytes, so a text
 * this long is over the byte cap too (one a little shorter may still be over it in bytes).
 * Line ends may be LF, CRLF or CR.
 */
export function vttCueBlocks(text: string, maxBytes: number): string[][] {
  if (text.length > maxBytes) return [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return [];
  const blocks: string[][] = [];
  let block: string[] = [];
  const flush = () => {
    if (block.length > 0 && !/^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) blocks.push(block);
    block = [];
  };
  for (const line of lines.slice(1)) {
    if (line.trim() === '') flush();
    else block.push(line);
  }
  flush();
  return blocks;
}
