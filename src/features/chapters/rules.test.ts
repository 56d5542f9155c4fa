/** Chapters' rules: which cues make chapters (a table of good and hostile files), the chapter at a time, the skip, the credits. */
import { describe, expect, it } from 'vitest';
import { CHAPTER_TITLE_MAX_CHARS, CHAPTERS_MAX } from '../../lib/constants';
import { parseChapters, type ChapterCue } from './parse';
import {
  autoSkipDue,
  chapterAt,
  chapterBoundaries,
  chapterRole,
  chapterTitle,
  creditsChapter,
  skipButtonVisible,
  skipOfferFor,
  skipSeekTo,
  skipTarget,
  toChapters,
  type Chapter,
  type SkipContext,
} from './rules';

const vtt = (...blocks: string[]) => ['WEBVTT', ...blocks].join('\n\n') + '\n';
const chapter = (start: number, end: number, title: string, role: Chapter['role'] = 'chapter'): Chapter => ({ start, end, title, role });
const cue = (start: number, end: number, text = 'x', id = ''): ChapterCue => ({ start, end, id, text });

describe('toChapters: a file and a duration → chapters', () => {
  const rows: Array<{ name: string; text: string; duration: number; expected: Chapter[] }> = [
    {
      name: 'intro, a plain chapter, credits',
      text: vtt('intro\n00:00:00.000 --> 00:00:03.000\nЗаставка', '00:00:03.000 --> 00:00:07.000\nСерия', 'credits\n00:00:07.000 --> 00:00:10.000\nТитры'),
      duration: 10,
      expected: [chapter(0, 3, 'Заставка', 'intro'), chapter(3, 7, 'Серия'), chapter(7, 10, 'Титры', 'credits')],
    },
    {
      name: 'cues out of order are sorted by start',
      text: vtt('credits\n00:00:07.000 --> 00:00:10.000\nТитры', 'recap\n00:00:00.000 --> 00:00:03.000\nРанее'),
      duration: 10,
      expected: [chapter(0, 3, 'Ранее', 'recap'), chapter(7, 10, 'Титры', 'credits')],
    },
    {
      name: 'overlapping cues: each chapter ends where the next starts',
      text: vtt('intro\n00:00:00.000 --> 00:00:04.000\nЗаставка', '00:00:03.000 --> 00:00:08.000\nСерия', 'credits\n00:00:07.500 --> 00:00:10.000\nТитры'),
      duration: 10,
      expected: [chapter(0, 3, 'Заставка', 'intro'), chapter(3, 7.5, 'Серия'), chapter(7.5, 10, 'Титры', 'credits')],
    },
    {
      name: 'a cue inside another: the outer one ends where the inner starts, and nothing covers the rest',
      text: vtt('00:00:00.000 --> 00:00:10.000\nВсё', 'recap\n00:00:02.000 --> 00:00:04.000\nРанее'),
      duration: 10,
      expected: [chapter(0, 2, 'Всё'), chapter(2, 4, 'Ранее', 'recap')],
    },
    {
      name: 'cues that start together: the first in the file is kept',
      text: vtt('intro\n00:00:00.000 --> 00:00:03.000\nПервая', 'recap\n00:00:00.000 --> 00:00:05.000\nВторая'),
      duration: 10,
      expected: [chapter(0, 3, 'Первая', 'intro')],
    },
    {
      name: 'a cue past the duration is cut there; one starting at or after it is dropped',
      text: vtt('00:00:00.000 --> 00:00:08.000\nA', 'credits\n00:00:08.000 --> 00:01:00.000\nТитры', '00:00:10.000 --> 00:00:12.000\nAfter', '00:00:30.000 --> 00:00:40.000\nFar'),
      duration: 10,
      expected: [chapter(0, 8, 'A'), chapter(8, 10, 'Титры', 'credits')],
    },
    {
      name: 'an unknown duration cuts nothing',
      text: vtt('00:00:00.000 --> 00:01:00.000\nA'),
      duration: 0,
      expected: [chapter(0, 60, 'A')],
    },
    {
      name: 'reversed and empty cues are dropped',
      text: vtt('00:00:05.000 --> 00:00:01.000\nReversed', '00:00:02.000 --> 00:00:02.000\nEmpty', '00:00:06.000 --> 00:00:08.000\nGood'),
      duration: 10,
      expected: [chapter(6, 8, 'Good')],
    },
    {
      name: 'unknown roles are plain chapters; roles ignore case and spaces',
      text: vtt('opening\n00:00:00.000 --> 00:00:01.000\nA', ' INTRO \n00:00:01.000 --> 00:00:02.000\nB', '42\n00:00:02.000 --> 00:00:03.000\nC'),
      duration: 10,
      expected: [chapter(0, 1, 'A'), chapter(1, 2, 'B', 'intro'), chapter(2, 3, 'C')],
    },
    {
      name: 'markup in a title is shown as plain text',
      text: vtt('00:00:00.000 --> 00:00:01.000\n<b>Жирный</b> <c.red>и</c> <v Диктор>голос</v> <script>alert(1)</script>&lt;i&gt; &amp; всё'),
      duration: 10,
      expected: [chapter(0, 1, 'Жирный и голос alert(1)<i> & всё')],
    },
    { name: 'not WebVTT: no chapters', text: '<!doctype html><h1>404 Not Found</h1>', duration: 10, expected: [] },
    { name: 'an empty file: no chapters', text: '', duration: 10, expected: [] },
  ];
  it.each(rows)('$name', ({ text, duration, expected }) => {
    expect(toChapters(parseChapters(text), duration)).toEqual(expected);
  });

  it('negative and not-finite times are dropped (a file cannot write them; a reader bug must not pass them on)', () => {
    expect(toChapters([cue(-1, 2), cue(0, Number.NaN), cue(Number.POSITIVE_INFINITY, 3), cue(1, -0.5), cue(2, 3, 'ok')], 10)).toEqual([chapter(2, 3, 'ok')]);
  });

  it('a 10,000-character title is cut to CHAPTER_TITLE_MAX_CHARS with an ellipsis', () => {
    const [only] = toChapters(parseChapters(vtt(`00:00:00.000 --> 00:00:01.000\n${'Я'.repeat(10_000)}`)), 10);
    expect(Array.from(only!.title)).toHaveLength(CHAPTER_TITLE_MAX_CHARS);
    expect(only!.title.endsWith('…')).toBe(true);
  });

  it(`keeps the first ${CHAPTERS_MAX} chapters of a longer file`, () => {
    const cues = Array.from({ length: CHAPTERS_MAX + 50 }, (_, i) => cue(i, i + 1, `C${i}`));
    const chapters = toChapters(cues, 1000);
    expect(chapters).toHaveLength(CHAPTERS_MAX);
    expect(chapters.at(-1)?.title).toBe(`C${CHAPTERS_MAX - 1}`);
  });
});

describe('titles and roles', () => {
  it.each([
    ['multi-line text is one line', 'Ранее\n  в сериале', 'Ранее в сериале'],
    ['control and direction-override characters go', 'A\u0000B\u202eC\u2066D', 'A B C D'],
    ['nbsp, lrm, quot, apos entities', 'a&nbsp;b&lrm;&quot;c&apos;', 'a b"c\''],
    ['an unknown entity is left as text', '&copy; 2026', '&copy; 2026'],
    ['a tag that never closes is text', 'a < b', 'a < b'],
    ['a title of tags only is empty', '<b></b>', ''],
    ['emoji are not split by the cut', '😀'.repeat(300), `${'😀'.repeat(CHAPTER_TITLE_MAX_CHARS - 1)}…`],
  ])('%s', (_, text, expected) => {
    expect(chapterTitle(text)).toBe(expected);
  });

  it.each([
    ['intro', 'intro'],
    ['recap', 'recap'],
    ['credits', 'credits'],
    ['Credits', 'credits'],
    ['', 'chapter'],
    ['outro', 'chapter'],
    ['intro2', 'chapter'],
  ] as const)('identifier %j → %s', (id, role) => {
    expect(chapterRole(id)).toBe(role);
  });
});

const EPISODE = [chapter(0, 3, 'Заставка', 'intro'), chapter(3, 7, 'Серия'), chapter(8, 9.8, 'Ранее', 'recap'), chapter(9.8, 10, 'Титры', 'credits')];

describe('the chapter at a time', () => {
  it.each([
    [0, 'Заставка'],
    [2.96, 'Заставка'], // the intro's last frame
    [3, 'Серия'], // an end is exclusive: the next chapter has begun
    [7.5, null], // a gap
    [9.9, 'Титры'],
    [10, null], // the end
    [-1, null],
  ] as const)('at %s s: %s', (time, title) => {
    expect(chapterAt(EPISODE, time)?.title ?? null).toBe(title);
  });

  it('no chapters: none at any time', () => {
    expect(chapterAt([], 5)).toBeNull();
  });

  it('the seek bar’s gaps: each start and end inside the stream, once', () => {
    expect(chapterBoundaries(EPISODE, 10)).toEqual([3, 7, 8, 9.8]);
    expect(chapterBoundaries(EPISODE, 0)).toEqual([]);
    expect(chapterBoundaries([], 10)).toEqual([]);
  });
});

describe('skipping', () => {
  const context: SkipContext = { duration: 10, started: true, adRunning: false, skipping: null, autoSkipping: false };
  const [intro, plain, recap, credits] = EPISODE as [Chapter, Chapter, Chapter, Chapter];

  it('an intro and a recap offer a skip to their end; a plain chapter and credits do not', () => {
    expect(skipOfferFor(intro, context)).toEqual({ role: 'intro', start: 0, target: 3 });
    expect(skipOfferFor(recap, context)).toEqual({ role: 'recap', start: 8, target: 9.5 });
    expect(skipOfferFor(plain, context)).toBeNull();
    expect(skipOfferFor(credits, context)).toBeNull();
    expect(skipOfferFor(null, context)).toBeNull();
  });

  it('no skip while an ad plays, before the content has played, while the skip is on its way, or when it skips by itself', () => {
    expect(skipOfferFor(intro, { ...context, adRunning: true })).toBeNull();
    expect(skipOfferFor(intro, { ...context, started: false })).toBeNull();
    expect(skipOfferFor(intro, { ...context, skipping: 0 })).toBeNull();
    expect(skipOfferFor(intro, { ...context, skipping: 8 })).not.toBeNull();
    expect(skipOfferFor(intro, { ...context, autoSkipping: true })).toBeNull();
  });

  it('the target is the chapter’s end, kept before the stream’s end; an intro in the last moments offers nothing', () => {
    expect(skipTarget(intro, 10)).toBe(3);
    expect(skipTarget(chapter(5, 10, '', 'intro'), 10)).toBe(9.5);
    expect(skipTarget(intro, 0)).toBe(3);
    expect(skipOfferFor(chapter(9.6, 10, '', 'intro'), context)).toBeNull();
  });

  it('a skip at the chapter’s last frame still lands at its end; one asked after the playhead passed it does not seek back', () => {
    expect(skipSeekTo(3, 2.96)).toBe(3);
    expect(skipSeekTo(3, 3)).toBeNull();
    expect(skipSeekTo(3, 3.4)).toBeNull();
    expect(skipSeekTo(3, Number.NaN)).toBe(3);
  });

  it('the button: 8 s after entering whatever the controls do, then with the controls', () => {
    const offer = skipOfferFor(intro, context);
    expect(skipButtonVisible(offer, 0, 0, false)).toBe(true);
    expect(skipButtonVisible(offer, 0, 7.9, false)).toBe(true);
    expect(skipButtonVisible(offer, 0, 8, false)).toBe(false);
    expect(skipButtonVisible(offer, 0, 8, true)).toBe(true);
    // A seek into the middle: shown at once, for 8 s from there.
    expect(skipButtonVisible(offer, 1.5, 1.5, false)).toBe(true);
    expect(skipButtonVisible(offer, 1.5, 2.9, false)).toBe(true);
    expect(skipButtonVisible(null, 0, 0, true)).toBe(false);
  });

  it('an intro skips by itself with the setting on, once, and not when the viewer seeked into it', () => {
    const none = new Set<number>();
    expect(autoSkipDue(intro, { autoSkip: true, skipped: none, seekLanding: null })).toBe(true);
    expect(autoSkipDue(intro, { autoSkip: false, skipped: none, seekLanding: null })).toBe(false);
    expect(autoSkipDue(intro, { autoSkip: true, skipped: new Set([0]), seekLanding: null })).toBe(false);
    expect(autoSkipDue(intro, { autoSkip: true, skipped: none, seekLanding: 1 })).toBe(false);
    // A seek elsewhere (before the intro, or past it) does not count.
    expect(autoSkipDue(intro, { autoSkip: true, skipped: none, seekLanding: 3 })).toBe(true);
    expect(autoSkipDue(recap, { autoSkip: true, skipped: none, seekLanding: null })).toBe(false);
    expect(autoSkipDue(null, { autoSkip: true, skipped: none, seekLanding: null })).toBe(false);
  });
});

describe('credits', () => {
  it('the first credits chapter, or none', () => {
    expect(creditsChapter(EPISODE)).toEqual(chapter(9.8, 10, 'Титры', 'credits'));
    expect(creditsChapter([chapter(0, 1, 'A')])).toBeNull();
    expect(creditsChapter([chapter(5, 6, '', 'credits'), chapter(8, 9, '', 'credits')])?.start).toBe(5);
  });
});
