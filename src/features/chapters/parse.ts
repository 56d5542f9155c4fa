/**
 * The chapters file: WebVTT, one cue per chapter. The cue's text is the chapter's title, its
 * identifier its role (rules.ts `chapterRole`). Pure, and loaded with the file (import()), never
 * at start-up. This only reads the cues as written: which of them make chapters, and how, is
 * rules.ts's (`toChapters`). Text that is not WebVTT, or is over CHAPTERS_TRACK_MAX_BYTES, gives
 * no cue at all.
 */
import { CHAPTERS_TRACK_MAX_BYTES } from '../../lib/constants';

/** A cue as the file has it, times not yet checked against each other or the stream. */
export interface ChapterCue {
  /** Seconds. */
  start: number;
  end: number;
  /** The cue identifier, '' when the cue has none. */
  id: string;
  /** The payload as written (lines joined with '\n'), markup included. */
  text: string;
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

function cue(block: string[]): ChapterCue | null {
  // An optional identifier line, then the timing line, then the payload.
  const at = block.findIndex((line) => line.includes('-->'));
  if (at < 0 || at > 1) return null;
  const timing = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/.exec(block[at]!.trim());
  if (!timing) return null;
  const start = seconds(timing[1]!);
  const end = seconds(timing[2]!);
  if (start === null || end === null) return null;
  return { start, end, id: at === 1 ? block[0]!.trim() : '', text: block.slice(at + 1).join('\n') };
}

/** The cues of a chapters file, in file order. */
export function parseChapters(text: string): ChapterCue[] {
  // Characters never outnumber UTF-8 bytes: a text this long is over the byte cap too.
  if (text.length > CHAPTERS_TRACK_MAX_BYTES) return [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return [];
  const cues: ChapterCue[] = [];
  let block: string[] = [];
  const flush = () => {
    // The header, NOTE, STYLE and REGION blocks have no timing line: they give no cue.
    if (block.length > 0 && !/^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) {
      const found = cue(block);
      if (found) cues.push(found);
    }
    block = [];
  };
  for (const line of lines.slice(1)) {
    if (line.trim() === '') flush();
    else block.push(line);
  }
  flush();
  return cues;
}
