/** WebVTT's shared syntax: blocks, timestamps, timing lines, cues. What a payload means is each reader's. */
import { describe, expect, it } from 'vitest';
import { vttCue, vttCueBlocks, vttTimestamp, vttTiming } from './webvtt';

const CAP = 1024;

describe('vttCueBlocks', () => {
  it.each([
    { name: 'no header', text: '00:00:00.000 --> 00:00:01.000\nA\n' },
    { name: 'a header run on (WEBVTTX)', text: 'WEBVTTX\n\n00:00:00.000 --> 00:00:01.000\nA' },
    { name: 'a lower-case header', text: 'webvtt\n\n00:00:00.000 --> 00:00:01.000\nA' },
    { name: 'the header not on the first line', text: '\nWEBVTT\n\n00:00:00.000 --> 00:00:01.000\nA' },
    { name: 'a header after a space', text: ' WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nA' },
    { name: 'an HTML error page', text: '<!doctype html><title>404</title>' },
    { name: 'an empty text', text: '' },
  ])('not WebVTT, no block: $name', ({ text }) => {
    expect(vttCueBlocks(text, CAP)).toEqual([]);
  });

  it('the header alone, or with text after a space or tab, gives no block', () => {
    expect(vttCueBlocks('WEBVTT', CAP)).toEqual([]);
    expect(vttCueBlocks('WEBVTT\n', CAP)).toEqual([]);
    expect(vttCueBlocks('WEBVTT - a title\n\n00:00.000 --> 00:01.000\nA', CAP)).toEqual([['00:00.000 --> 00:01.000', 'A']]);
    expect(vttCueBlocks('WEBVTT\tx\n\n00:00.000 --> 00:01.000\nA', CAP)).toEqual([['00:00.000 --> 00:01.000', 'A']]);
  });

  it('a byte order mark, and LF, CRLF or bare CR line ends, give the same blocks', () => {
    const blocks = [['1', '00:00:00.000 --> 00:00:02.000', 'A'], ['00:00:02.000 --> 00:00:04.000', 'B', 'C']];
    const lf = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nA\n\n00:00:02.000 --> 00:00:04.000\nB\nC\n';
    expect(vttCueBlocks(lf, CAP)).toEqual(blocks);
    expect(vttCueBlocks(`\uFEFF${lf}`, CAP)).toEqual(blocks);
    expect(vttCueBlocks(lf.replaceAll('\n', '\r\n'), CAP)).toEqual(blocks);
    expect(vttCueBlocks(lf.replaceAll('\n', '\r'), CAP)).toEqual(blocks);
    expect(vttCueBlocks('\uFEFFWEBVTT\r\n\r\nintro\r\n00:00:00.000 --> 00:00:02.000\r\nA\r\n\r\n00:00:02.000 --> 00:00:04.000\rB\r', CAP)).toEqual([
      ['intro', '00:00:00.000 --> 00:00:02.000', 'A'],
      ['00:00:02.000 --> 00:00:04.000', 'B'],
    ]);
  });

  it('NOTE, STYLE and REGION blocks are left out, timing lines and all; NOTES and STYLED are not those', () => {
    const skipped = ['NOTE 00:00:10.000 --> 00:00:12.000 is no cue', 'NOTE\na comment', 'NOTE\ta comment after a tab', 'STYLE\n::cue { color: red }', 'REGION\nid:fred'];
    const kept = ['NOTES\n00:00:00.000 --> 00:00:01.000', 'STYLED', '00:00:01.000 --> 00:00:02.000\nA'];
    const text = ['WEBVTT', ...skipped, ...kept].join('\n\n');
    expect(vttCueBlocks(text, CAP)).toEqual([['NOTES', '00:00:00.000 --> 00:00:01.000'], ['STYLED'], ['00:00:01.000 --> 00:00:02.000', 'A']]);
  });

  it('blank and white-space-only lines split blocks, several deep; lines are kept untrimmed', () => {
    expect(vttCueBlocks('WEBVTT\n\n\n \n\t\n00:00.000 --> 00:01.000\n  A  \n   \n\n00:01.000 --> 00:02.000\nB\n\n\n', CAP)).toEqual([
      ['00:00.000 --> 00:01.000', '  A  '],
      ['00:01.000 --> 00:02.000', 'B'],
    ]);
  });

  it('the header’s further lines come as the first block, as both readers always had them', () => {
    expect(vttCueBlocks('WEBVTT\nKind: metadata\n\n00:00.000 --> 00:01.000\nA', CAP)).toEqual([['Kind: metadata'], ['00:00.000 --> 00:01.000', 'A']]);
    // No timing line among them: no cue.
    expect(vttCue(['Kind: metadata'])).toBeNull();
  });

  it('a text longer than the cap (in characters) gives no block; one at the cap is read', () => {
    const head = 'WEBVTT\n\n00:00.000 --> 00:01.000\nA\n\nNOTE ';
    const atCap = head + 'x'.repeat(CAP - head.length);
    expect(atCap).toHaveLength(CAP);
    expect(vttCueBlocks(atCap, CAP)).toEqual([['00:00.000 --> 00:01.000', 'A']]);
    expect(vttCueBlocks(`${atCap}x`, CAP)).toEqual([]);
  });
});

describe('vttTimestamp', () => {
  it.each([
    { text: '00:00:00.000', expected: 0 },
    { text: '01:02:03.456', expected: 3723.456 },
    { text: '00:02.500', expected: 2.5 }, // hours are optional
    { text: '59:59.999', expected: 3599.999 },
    { text: '100:00:00.000', expected: 360_000 }, // hours may have more than two digits
    { text: '00:59:59.000', expected: 3599 },
  ])('$text is $expected s', ({ text, expected }) => {
    expect(vttTimestamp(text)).toBeCloseTo(expected, 9);
  });

  it.each([
    '00:00:00', // no milliseconds
    '00:00.00', // two-digit milliseconds
    '00:00.0000', // four-digit milliseconds
    '00:00,000', // SubRip's comma
    '0:00:00.000', // one-digit hours
    '0:00.000', // one-digit minutes
    '00:60.000', // 60 seconds
    '00:60:00.000', // 60 minutes
    '00:0a:00.000',
    '-00:00:01.000',
    '+00:00:01.000',
    ' 00:00:01.000',
    '00:00:01.000 ',
    '00:00:00:00.000',
    '１２:00.000', // digits outside ASCII
    'NaN',
    'Infinity',
    '',
  ])('%j is no timestamp', (text) => {
    expect(vttTimestamp(text)).toBeNull();
  });
});

describe('vttTiming', () => {
  it.each([
    { line: '00:00:01.000 --> 00:00:02.000', expected: { start: 1, end: 2 } },
    { line: '00:01.000\t-->\t00:02.500 align:start line:0', expected: { start: 1, end: 2.5 } },
    { line: '  00:01.000 --> 00:02.000  ', expected: { start: 1, end: 2 } },
    // As written: the order of the times is the caller's to check.
    { line: '00:00:05.000 --> 00:00:01.000', expected: { start: 5, end: 1 } },
    { line: '00:00:02.000 --> 00:00:02.000', expected: { start: 2, end: 2 } },
  ])('$line', ({ line, expected }) => {
    expect(vttTiming(line)).toEqual(expected);
  });

  it.each([
    '00:00:00.000-->00:00:02.000', // no spaces around the arrow
    '00:00:00.000 -->',
    '--> 00:00:02.000',
    '00:00:00.000 -> 00:00:02.000',
    '00:00:00 --> 00:00:02.000',
    '00:00:00.000 --> 00:00:02',
    'NaN --> Infinity',
    '00:00:00.000 --> 00:00:02.000,align:start', // settings need a space before them
  ])('%j is no timing line', (line) => {
    expect(vttTiming(line)).toBeNull();
  });
});

describe('vttCue', () => {
  it('a cue without an identifier, with payload lines untrimmed', () => {
    expect(vttCue(['00:00.000 --> 00:01.000', ' A ', 'B'])).toEqual({ id: '', start: 0, end: 1, payload: [' A ', 'B'] });
  });

  it('an identifier line before the timing line, trimmed', () => {
    expect(vttCue([' intro ', '00:00.000 --> 00:01.000 align:start', 'A'])).toEqual({ id: 'intro', start: 0, end: 1, payload: ['A'] });
  });

  it('a cue with no payload, and one with reversed times, as written', () => {
    expect(vttCue(['00:00.000 --> 00:01.000'])).toEqual({ id: '', start: 0, end: 1, payload: [] });
    expect(vttCue(['00:05.000 --> 00:01.000', 'A'])).toEqual({ id: '', start: 5, end: 1, payload: ['A'] });
  });

  it.each([
    { name: 'no timing line', block: ['just text'] },
    { name: 'two lines before the timing line', block: ['a', 'b', '00:00.000 --> 00:01.000', 'A'] },
    { name: 'a malformed timing line', block: ['00:00 --> 00:01.000', 'A'] },
    { name: 'the first arrow line malformed, a good one after it', block: ['a --> b', '00:00.000 --> 00:01.000', 'A'] },
    { name: 'an empty block', block: [] },
  ])('no cue: $name', ({ block }) => {
    expect(vttCue(block)).toBeNull();
  });
});
