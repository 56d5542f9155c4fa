/**
 * Chapters' rules, pure: which cues make chapters and how (toChapters), the chapter at a time, the
 * skip offer and its target, when the skip button shows, when an intro skips by itself, and the
 * credits chapter the end-of-episode card opens at.
 *
 * Bad cues never reach the viewer: a cue with a negative, reversed or empty time span, or one that
 * starts at or after the stream's end, is dropped; one that runs past the end is cut there.
 * Overlaps: a chapter ends where the next one starts (cues sorted by start; of cues that start
 * together the first in the file is kept). A chapters file is a sequence of sections, and an
 * overlap is nearly always a boundary written a few frames late: this keeps every chapter and its
 * title, gives exactly one chapter at any time, and puts a skip's landing at the next chapter's
 * very start, never inside it.
 */
import { CHAPTER_TITLE_MAX_CHARS, CHAPTERS_MAX, SKIP_BUTTON_SHOWN_S, SKIP_END_MARGIN_S } from '../../lib/constants';
import type { ChapterCue } from './parse';

/** What a chapter is for: the cue identifiers `intro`, `recap` and `credits`; anything else is a plain chapter. */
export type ChapterRole = 'intro' | 'recap' | 'credits' | 'chapter';
/** The roles the viewer may skip. */
export type SkipRole = 'intro' | 'recap';

export interface Chapter {
  /** Seconds: the chapter covers [start, end). */
  start: number;
  end: number;
  /** Plain text, at most CHAPTER_TITLE_MAX_CHARS characters; '' when the cue had none. */
  title: string;
  role: ChapterRole;
}

export interface SkipOffer {
  role: SkipRole;
  /** The chapter's start: which chapter it is. */
  start: number;
  /** Where the skip lands: the chapter's end, kept SKIP_END_MARGIN_S before the stream's end. */
  target: number;
}

const ROLES: ReadonlySet<string> = new Set(['intro', 'recap', 'credits']);

/** The role a cue identifier names; case and surrounding spaces do not matter. */
export function chapterRole(id: string): ChapterRole {
  const name = id.trim().toLowerCase();
  return ROLES.has(name) ? (name as ChapterRole) : 'chapter';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', lrm: '', rlm: '' };

/**
 * A cue's text as a title: one line of plain text. Tags (`<b>`, `<c.x>`, `<v Name>`, timestamps)
 * are dropped and WebVTT's entities decoded, so what shows is text only, whatever the file holds;
 * control and direction-override characters go too. Longer than CHAPTER_TITLE_MAX_CHARS: cut, '…'.
 */
export function chapterTitle(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(plain);
  return chars.length > CHAPTER_TITLE_MAX_CHARS ? `${chars.slice(0, CHAPTER_TITLE_MAX_CHARS - 1).join('').trimEnd()}…` : plain;
}

/** The chapters of a file's cues (see the header for the rules); `duration` 0 or unknown cuts nothing. */
export function toChapters(cues: readonly ChapterCue[], duration: number): Chapter[] {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const kept = cues
    .filter((cue) => Number.isFinite(cue.start) && Number.isFinite(cue.end) && cue.start >= 0 && cue.end > cue.start && cue.start < end)
    .map((cue, order) => ({ cue, order }))
    .sort((a, b) => a.cue.start - b.cue.start || a.order - b.order)
    .filter(({ cue }, i, sorted) => i === 0 || sorted[i - 1]!.cue.start !== cue.start)
    .slice(0, CHAPTERS_MAX);
  return kept.map(({ cue }, i) => ({
    start: cue.start,
    end: Math.min(cue.end, end, kept[i + 1]?.cue.start ?? Number.POSITIVE_INFINITY),
    title: chapterTitle(cue.text),
    role: chapterRole(cue.id),
  }));
}

/** The chapter playing at `time`, or null (before the first, in a gap, after the last). */
export function chapterAt(chapters: readonly Chapter[], time: number): Chapter | null {
  let low = 0;
  let high = chapters.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (chapters[middle]!.start <= time) low = middle + 1;
    else high = middle;
  }
  const found = chapters[low - 1];
  return found && time < found.end ? found : null;
}

/** Where the seek bar shows a gap: every chapter's start and end inside the stream, once each, in order. */
export function chapterBoundaries(chapters: readonly Chapter[], duration: number): number[] {
  if (!(duration > 0)) return [];
  const times = new Set<number>();
  for (const { start, end } of chapters) {
    if (start > 0 && start < duration) times.add(start);
    if (end > 0 && end < duration) times.add(end);
  }
  return [...times].sort((a, b) => a - b);
}

/** Where skipping `chapter` lands: its end, or SKIP_END_MARGIN_S before the stream's end if that comes first. */
export function skipTarget(chapter: Chapter, duration: number): number {
  return Number.isFinite(duration) && duration > 0 ? Math.min(chapter.end, duration - SKIP_END_MARGIN_S) : chapter.end;
}

/** Whether an intro skips by itself now: the setting is on, it was not skipped yet, and the viewer did not seek into it. */
export function autoSkipDue(chapter: Chapter | null, { autoSkip, skipped, seekLanding }: { autoSkip: boolean; skipped: ReadonlySet<number>; seekLanding: number | null }): boolean {
  if (!autoSkip || chapter === null || chapter.role !== 'intro' || skipped.has(chapter.start)) return false;
  return seekLanding === null || seekLanding < chapter.start || seekLanding >= chapter.end;
}

export interface SkipContext {
  duration: number;
  /** The content has played since its source was asked for (not before the first play, nor under a pre-roll). */
  started: boolean;
  adRunning: boolean;
  /** The chapter whose skip is on its way (its start), or null. */
  skipping: number | null;
  /** The chapter skips by itself now (autoSkipDue): no button for it. */
  autoSkipping: boolean;
}

/** The skip the button offers in `chapter`: intro and recap only, content only, never during an ad. */
export function skipOfferFor(chapter: Chapter | null, { duration, started, adRunning, skipping, autoSkipping }: SkipContext): SkipOffer | null {
  if (chapter === null || (chapter.role !== 'intro' && chapter.role !== 'recap')) return null;
  if (!started || adRunning || skipping === chapter.start || autoSkipping) return null;
  const target = skipTarget(chapter, duration);
  // An intro within the stream's last moments has nothing left to skip to.
  return target > chapter.start ? { role: chapter.role, start: chapter.start, target } : null;
}

export const sameOffer = (a: SkipOffer | null, b: SkipOffer | null): boolean =>
  a === b || (a !== null && b !== null && a.role === b.role && a.start === b.start && a.target === b.target);

/**
 * Whether the skip button shows: for SKIP_BUTTON_SHOWN_S after the playhead entered the chapter
 * (`enteredAt`: its start when played into, the landing of a seek into it), whatever the controls
 * do; after that, with the controls.
 */
export function skipButtonVisible(offer: SkipOffer | null, enteredAt: number | null, time: number, controlsVisible: boolean): boolean {
  if (offer === null) return false;
  return controlsVisible || (enteredAt !== null && time - enteredAt < SKIP_BUTTON_SHOWN_S);
}

/** Where a skip asked for with the playhead at `playhead` seeks: null when the playhead is already at or past the target. */
export function skipSeekTo(target: number, playhead: number): number | null {
  return Number.isFinite(playhead) && playhead >= target ? null : target;
}

/** The credits chapter: where the end-of-episode card opens, when there is a next episode. The first, if several. */
export function creditsChapter(chapters: readonly Chapter[]): Chapter | null {
  return chapters.find((chapter) => chapter.role === 'credits') ?? null;
}
