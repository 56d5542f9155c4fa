/** The chapters file as read: a table of good and broken files; what becomes a chapter is rules.test.ts's. */
import { describe, expect, it } from 'vitest';
import { CHAPTERS_TRACK_MAX_BYTES } from '../../lib/constants';
import { parseChapters, type ChapterCue } from './parse';

const vtt = (...blocks: string[]) => ['WEBVTT', ...blocks].join('\n\n') + '\n';
const cue = (start: number, end: number, text: string, id = ''): ChapterCue => ({ start, end, id, text });

const rows: Array<{ name: string; text: string; expected: ChapterCue[] }> = [
  {
    name: 'the fixtures’ shape: intro, a plain chapter, credits',
    text: vtt('intro\n00:00:00.000 --> 00:00:03.000\nЗаставка', '00:00:03.000 --> 00:00:07.000\nСерия', 'credits\n00:00:07.000 --> 00:00:10.000\nТитры'),
    expected: [cue(0, 3, 'Заставка', 'intro'), cue(3, 7, 'Серия'), cue(7, 10, 'Титры', 'credits')],
  },
  {
    name: 'short timestamps, long hours, cue settings, a multi-line title',
    text: vtt('recap\n00:02.500 --> 01:04.000 align:start\nРанее\nв сериале', '100:00:00.000 --> 100:00:02.000\nX'),
    expected: [cue(2.5, 64, 'Ранее\nв сериале', 'recap'), cue(360_000, 360_002, 'X')],
  },
  {
    name: 'file order is kept (sorting is a rule, not the reader’s)',
    text: vtt('00:00:05.000 --> 00:00:06.000\nB', '00:00:00.000 --> 00:00:02.000\nA'),
    expected: [cue(5, 6, 'B'), cue(0, 2, 'A')],
  },
  {
    name: 'reversed times are read as written (the rules drop them)',
    text: vtt('00:00:05.000 --> 00:00:01.000\nBackwards'),
    expected: [cue(5, 1, 'Backwards')],
  },
  {
    name: 'a byte order mark, CRLF and bare CR line ends',
    text: '\uFEFFWEBVTT\r\n\r\nintro\r\n00:00:00.000 --> 00:00:02.000\r\nA\r\n\r\n00:00:02.000 --> 00:00:04.000\rB\r',
    expected: [cue(0, 2, 'A', 'intro'), cue(2, 4, 'B')],
  },
  {
    name: 'header text, NOTE, STYLE and REGION blocks give no cue',
    text: ['WEBVTT - chapters', 'Kind: chapters', '', 'NOTE 00:00:10.000 --> 00:00:12.000 is no cue', '', 'STYLE', '::cue { color: red }', '', '00:00:00.000 --> 00:00:02.000', 'A'].join('\n'),
    expected: [cue(0, 2, 'A')],
  },
  {
    name: 'a cue without text keeps its times (an empty title)',
    text: vtt('intro\n00:00:00.000 --> 00:00:02.000'),
    expected: [cue(0, 2, '', 'intro')],
  },
  {
    name: 'markup is kept as written (the rules make it plain text)',
    text: vtt('00:00:00.000 --> 00:00:02.000\n<b>Bold</b> <img src=x onerror=alert(1)>'),
    expected: [cue(0, 2, '<b>Bold</b> <img src=x onerror=alert(1)>')],
  },
  {
    name: 'broken cues are dropped one by one: negative or malformed times, two lines before the timing, no timing',
    text: vtt(
      '-00:00:01.000 --> 00:00:02.000\nNegative',
      '00:00:01 --> 00:00:02.000\nNo millis',
      '00:00:61.000 --> 00:01:02.000\n61 seconds',
      'a\nb\n00:00:00.000 --> 00:00:01.000\nTwo ids',
      'just text',
      '00:00:04.000 --> 00:00:05.000\nGood',
    ),
    expected: [cue(4, 5, 'Good')],
  },
  { name: 'not WebVTT (an HTML error page)', text: '<!doctype html><title>404</title>', expected: [] },
  { name: 'not WebVTT (JSON)', text: '{"chapters":[]}', expected: [] },
  { name: 'WEBVTT not on the first line', text: '\nWEBVTT\n\n00:00:00.000 --> 00:00:01.000\nA', expected: [] },
  { name: 'WEBVTTX is not the header', text: 'WEBVTTX\n\n00:00:00.000 --> 00:00:01.000\nA', expected: [] },
  { name: 'an empty file', text: '', expected: [] },
];

describe('parseChapters', () => {
  it.each(rows)('$name', ({ text, expected }) => {
    expect(parseChapters(text)).toEqual(expected);
  });

  it('a text over the size cap gives nothing', () => {
    const big = vtt('00:00:00.000 --> 00:00:01.000\nA') + 'x'.repeat(CHAPTERS_TRACK_MAX_BYTES);
    expect(parseChapters(big)).toEqual([]);
  });

  it('a 10,000-character title is read whole (the rules cut it)', () => {
    const [only] = parseChapters(vtt(`00:00:00.000 --> 00:00:01.000\n${'Я'.repeat(10_000)}`));
    expect(only?.text).toHaveLength(10_000);
  });
});
