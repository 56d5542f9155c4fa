/** The seek-preview track parser, as a table of good and hostile tracks, and the cue lookup. */
import { describe, expect, it } from 'vitest';
import { THUMBNAIL_TRACK_MAX_BYTES } from '../../lib/constants';
import { cueAt, parseThumbnailTrack, type ThumbnailCue } from './parse';

const BASE = 'https://cdn.test/film/thumbnails.vtt';
const SPRITE = 'https://cdn.test/film/sprite-0.jpg';
const tile = (start: number, end: number, x: number, y: number, url = SPRITE): ThumbnailCue => ({ start, end, url, x, y, w: 160, h: 90 });
const vtt = (...blocks: string[]) => ['WEBVTT', ...blocks].join('\n\n') + '\n';

interface Row {
  name: string;
  text: string;
  expected: ThumbnailCue[];
}

const rows: Row[] = [
  {
    name: 'the fixtures’ shape: a cue per 2 s, tiles of one sprite',
    text: vtt('00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90', '00:00:02.000 --> 00:00:04.000\nsprite-0.jpg#xywh=160,0,160,90'),
    expected: [tile(0, 2, 0, 0), tile(2, 4, 160, 0)],
  },
  {
    name: 'short timestamps (mm:ss.ttt), long hours, cue settings after the timing',
    text: vtt('00:02.500 --> 00:04.000 align:start\nsprite-0.jpg#xywh=0,0,160,90', '100:00:00.000 --> 100:00:02.000\nsprite-0.jpg#xywh=0,90,160,90'),
    expected: [tile(2.5, 4, 0, 0), tile(360_000, 360_002, 0, 90)],
  },
  {
    name: 'cues out of order are sorted by start',
    text: vtt('00:00:04.000 --> 00:00:06.000\nsprite-0.jpg#xywh=320,0,160,90', '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90'),
    expected: [tile(0, 2, 0, 0), tile(4, 6, 320, 0)],
  },
  {
    name: 'a byte order mark and CRLF line ends',
    text: '\uFEFFWEBVTT\r\n\r\n00:00:00.000 --> 00:00:02.000\r\nsprite-0.jpg#xywh=0,0,160,90\r\n',
    expected: [tile(0, 2, 0, 0)],
  },
  {
    name: 'bare CR line ends',
    text: 'WEBVTT\r\r00:00:00.000 --> 00:00:02.000\rsprite-0.jpg#xywh=0,0,160,90\r',
    expected: [tile(0, 2, 0, 0)],
  },
  {
    name: 'a header with text and metadata lines, NOTE, STYLE and REGION blocks',
    text: [
      'WEBVTT - thumbnails',
      'Kind: metadata',
      '',
      'NOTE made by make-media.sh',
      '00:00:10.000 --> 00:00:12.000 is not a cue here',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'REGION',
      'id:fred',
      '',
      '00:00:00.000 --> 00:00:02.000',
      'sprite-0.jpg#xywh=0,0,160,90',
    ].join('\n'),
    expected: [tile(0, 2, 0, 0)],
  },
  {
    name: 'cue identifiers (numbers and words) before the timing line',
    text: vtt('1\n00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90', 'second tile\n00:00:02.000 --> 00:00:04.000\nsprite-0.jpg#xywh=160,0,160,90'),
    expected: [tile(0, 2, 0, 0), tile(2, 4, 160, 0)],
  },
  {
    name: 'blank lines between cues several deep, and spaces around the payload',
    text: 'WEBVTT\n\n\n\n00:00:00.000 --> 00:00:02.000\n   sprite-0.jpg#xywh=0,0,160,90   \n\n\n',
    expected: [tile(0, 2, 0, 0)],
  },
  {
    name: 'xywh with the pixel: unit, and among other fragment parts',
    text: vtt('00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=pixel:0,0,160,90', '00:00:02.000 --> 00:00:04.000\nsprite-0.jpg#t=5&xywh=160,0,160,90'),
    expected: [tile(0, 2, 0, 0), tile(2, 4, 160, 0)],
  },
  {
    name: 'missing #xywh: the whole image',
    text: vtt('00:00:00.000 --> 00:00:02.000\nframes/0001.jpg', '00:00:02.000 --> 00:00:04.000\nframes/0002.jpg#t=2'),
    expected: [
      { start: 0, end: 2, url: 'https://cdn.test/film/frames/0001.jpg', x: 0, y: 0, w: null, h: null },
      { start: 2, end: 4, url: 'https://cdn.test/film/frames/0002.jpg', x: 0, y: 0, w: null, h: null },
    ],
  },
  {
    name: 'image addresses: relative to the track, root-relative, absolute on another origin (a plain image needs no CORS), with a query',
    text: vtt(
      '00:00:00.000 --> 00:00:02.000\n../sprites/a.jpg?v=2#xywh=0,0,160,90',
      '00:00:02.000 --> 00:00:04.000\n/thumbs/b.jpg#xywh=0,0,160,90',
      '00:00:04.000 --> 00:00:06.000\nhttps://img.other.test/c.jpg#xywh=0,0,160,90',
      '00:00:06.000 --> 00:00:08.000\n//img.other.test/d.jpg#xywh=0,0,160,90',
    ),
    expected: [
      tile(0, 2, 0, 0, 'https://cdn.test/sprites/a.jpg?v=2'),
      tile(2, 4, 0, 0, 'https://cdn.test/thumbs/b.jpg'),
      tile(4, 6, 0, 0, 'https://img.other.test/c.jpg'),
      tile(6, 8, 0, 0, 'https://img.other.test/d.jpg'),
    ],
  },
  {
    name: 'a quote in the address stays inside the URL (percent-encoded), never in the CSS',
    text: vtt('00:00:00.000 --> 00:00:02.000\na").jpg#xywh=0,0,160,90'),
    expected: [tile(0, 2, 0, 0, 'https://cdn.test/film/a%22).jpg')],
  },
  // Hostile or broken: the bad cue goes, the good ones stay.
  {
    name: 'bad cue times are dropped (no milliseconds, 60 seconds, letters, no arrow spaces, a missing end)',
    text: vtt(
      '00:00:00 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90',
      '00:00:60.000 --> 00:01:02.000\nsprite-0.jpg#xywh=0,0,160,90',
      '00:0a:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90',
      '00:00:00.000-->00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90',
      '00:00:00.000 -->\nsprite-0.jpg#xywh=0,0,160,90',
      'NaN --> Infinity\nsprite-0.jpg#xywh=0,0,160,90',
      '00:00:02.000 --> 00:00:04.000\nsprite-0.jpg#xywh=160,0,160,90',
    ),
    expected: [tile(2, 4, 160, 0)],
  },
  {
    name: 'a cue that ends at or before its start is dropped',
    text: vtt('00:00:02.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90', '00:00:04.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90'),
    expected: [],
  },
  {
    name: 'negative, NaN, empty, zero-sized, percent, fractional or too few xywh values: the cue is dropped',
    text: vtt(
      '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=-160,0,160,90',
      '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,NaN,90',
      '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=',
      '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,0,90',
      '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=percent:0,0,50,50',
      '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0.5,0,160,90',
      '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160',
      '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,1e9,90',
    ),
    expected: [],
  },
  {
    name: 'javascript:, data:, blob:, file: and unparsable image addresses are refused',
    text: vtt(
      '00:00:00.000 --> 00:00:02.000\njavascript:alert(1)#xywh=0,0,160,90',
      '00:00:02.000 --> 00:00:04.000\nJaVaScRiPt:alert(1)',
      '00:00:04.000 --> 00:00:06.000\ndata:image/svg+xml,<svg onload=alert(1)>#xywh=0,0,160,90',
      '00:00:06.000 --> 00:00:08.000\nblob:https://cdn.test/1234',
      '00:00:08.000 --> 00:00:10.000\nfile:///etc/passwd',
      '00:00:10.000 --> 00:00:12.000\nhttp://[::1',
    ),
    expected: [],
  },
  {
    name: 'a cue with no payload is dropped; a bare fragment names the track itself',
    text: vtt('00:00:00.000 --> 00:00:02.000', '00:00:02.000 --> 00:00:04.000\n#xywh=0,0,160,90'),
    // http(s), so harmless: the track will not decode as an image, and nothing shows.
    expected: [tile(2, 4, 0, 0, BASE)],
  },
  { name: 'not WebVTT: no header', text: '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90\n', expected: [] },
  { name: 'not WebVTT: a header run on (WEBVTTX)', text: 'WEBVTTX\n\n00:00:00.000 --> 00:00:02.000\nsprite-0.jpg\n', expected: [] },
  { name: 'not WebVTT: an HTML error page', text: '<!doctype html><title>404</title>', expected: [] },
  { name: 'empty', text: '', expected: [] },
  { name: 'the header only', text: 'WEBVTT\n', expected: [] },
  {
    name: 'a 5 MB track is refused whole, good cues and all',
    text: vtt('00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90', `NOTE ${'x'.repeat(5 * 1024 * 1024)}`),
    expected: [],
  },
];

describe('parseThumbnailTrack', () => {
  it.each(rows)('$name', ({ text, expected }) => {
    expect(parseThumbnailTrack(text, BASE)).toEqual(expected);
  });

  it('a track just under the cap is read', () => {
    const cueText = '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90';
    const padding = THUMBNAIL_TRACK_MAX_BYTES - vtt(cueText, 'NOTE ').length - 16;
    expect(parseThumbnailTrack(vtt(cueText, `NOTE ${'x'.repeat(padding)}`), BASE)).toEqual([tile(0, 2, 0, 0)]);
  });
});

describe('cueAt', () => {
  const cues = [tile(0, 2, 0, 0), tile(2, 4, 160, 0), tile(6, 8, 320, 0)];
  it.each([
    { time: 0, expected: cues[0] },
    { time: 1.99, expected: cues[0] },
    { time: 2, expected: cues[1] },
    { time: 4.5, expected: null }, // a gap between cues
    { time: 7, expected: cues[2] },
    { time: 8, expected: cues[2] }, // the last cue covers the track's end (the slider's far right)
    { time: 8.5, expected: null },
    { time: -1, expected: null },
    { time: Number.NaN, expected: null },
  ])('at $time s', ({ time, expected }) => {
    expect(cueAt(cues, time)).toEqual(expected);
  });
  it('no cues, no tile', () => {
    expect(cueAt([], 0)).toBeNull();
  });
});
