/**
 * The chapters file: WebVTT, one cue per chapter. The cue's text is the chapter's title, its
 * identifier its role (rules.ts `chapterRole`). Pure, and loaded with the file (import()), never
 * at start-up. This only reads the cues as written: which of them make chapters, and how, is
 * rules.ts's (`toChapters`). Text that is not WebVTT, or is over CHAPTERS_TRACK_MAX_BYTES, gives
 * no cue at all.
 */
import { CHAPTERS_TRACK_MAX_BYTES } from '../../lib/constants';
import { vttCue, vttCueBlocks } from '../../lib/webvtt';

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

/** The cues of a chapters file, in file order. */
export function parseChapters(text: string): ChapterCue[] {
  const cues: ChapterCue[] = [];
  for (const block of vttCueBlocks(text, CHAPTERS_TRACK_MAX_BYTES)) {
    // Reversed times are kept as written: the rules drop them.
    const found = vttCue(block);
    if (found) cues.push({ start: found.start, end: found.end, id: found.id, text: found.payload.join('\n') });
  }
  return cues;
}
