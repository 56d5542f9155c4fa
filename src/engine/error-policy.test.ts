/**
 * The error policy as a table: an hls.js error (type, detail, fatal as hls.js settled it) and the
 * media recoveries already tried for the source, and what the engine does with it.
 */
import { describe, expect, it } from 'vitest';
import { ErrorDetails, ErrorTypes, type ErrorData } from 'hls.js';
import { errorAction, refusedSegment, type ErrorAction } from './error-policy';

const ACTIONS = {
  'report as is': { type: 'report' },
  'ignore: hls.js gave up its own request': { type: 'ignore' },
  'stop loading, report fatal': { type: 'stopLoad' },
  'recover, report non-fatal': { type: 'recoverMedia', swapAudioCodec: false },
  'swap the audio codec, recover, report non-fatal': { type: 'recoverMedia', swapAudioCodec: true },
} satisfies Record<string, ErrorAction>;

describe('alternate renditions whose playlist fails (SPEC.md §8: non-fatal)', () => {
  const fatal = (details: ErrorDetails, id: number) => ({ type: ErrorTypes.NETWORK_ERROR, details, fatal: true, context: { id } }) as unknown as ErrorData;

  it('an audio track that fails after another loaded: back to that one, whatever the recoveries', () => {
    expect(errorAction(fatal(ErrorDetails.AUDIO_TRACK_LOAD_ERROR, 1), 0, 0)).toEqual({ type: 'restoreAudioTrack', id: 0 });
    expect(errorAction(fatal(ErrorDetails.AUDIO_TRACK_LOAD_TIMEOUT, 1), 2, 0)).toEqual({ type: 'restoreAudioTrack', id: 0 });
  });

  it('the first audio track failing, or the loaded one failing again: the stream has no audio to fall back to', () => {
    expect(errorAction(fatal(ErrorDetails.AUDIO_TRACK_LOAD_ERROR, 0), 0, null)).toEqual({ type: 'report' });
    expect(errorAction(fatal(ErrorDetails.AUDIO_TRACK_LOAD_ERROR, 0), 0, 0)).toEqual({ type: 'report' });
  });

  it('a subtitle track that fails: subtitles off', () => {
    expect(errorAction(fatal(ErrorDetails.SUBTITLE_LOAD_ERROR, 0), 0, 0)).toEqual({ type: 'subtitlesOff' });
    expect(errorAction(fatal(ErrorDetails.SUBTITLE_TRACK_LOAD_TIMEOUT, 1), 0, null)).toEqual({ type: 'subtitlesOff' });
  });
});

const { NETWORK_ERROR, MEDIA_ERROR, KEY_SYSTEM_ERROR, MUX_ERROR, OTHER_ERROR } = ErrorTypes;

const TABLE: Array<[type: ErrorTypes, details: ErrorDetails, fatal: boolean, recoveries: number, does: keyof typeof ACTIONS]> = [
  // Keys are not retried (SPEC.md §7): a non-fatal key error ends the stream, whatever came before.
  [NETWORK_ERROR, ErrorDetails.KEY_LOAD_ERROR, false, 0, 'stop loading, report fatal'],
  [NETWORK_ERROR, ErrorDetails.KEY_LOAD_TIMEOUT, false, 0, 'stop loading, report fatal'],
  [NETWORK_ERROR, ErrorDetails.KEY_LOAD_ERROR, false, 2, 'stop loading, report fatal'],
  [NETWORK_ERROR, ErrorDetails.KEY_LOAD_ERROR, true, 0, 'report as is'],
  // Fatal media errors: two recoveries per source, the second swapping the audio codec.
  [MEDIA_ERROR, ErrorDetails.BUFFER_APPEND_ERROR, true, 0, 'recover, report non-fatal'],
  [MEDIA_ERROR, ErrorDetails.BUFFER_APPEND_ERROR, true, 1, 'swap the audio codec, recover, report non-fatal'],
  [MEDIA_ERROR, ErrorDetails.BUFFER_APPEND_ERROR, true, 2, 'report as is'],
  [MEDIA_ERROR, ErrorDetails.BUFFER_ADD_CODEC_ERROR, true, 0, 'recover, report non-fatal'],
  [MEDIA_ERROR, ErrorDetails.BUFFER_ADD_CODEC_ERROR, true, 1, 'swap the audio codec, recover, report non-fatal'],
  [MEDIA_ERROR, ErrorDetails.BUFFER_STALLED_ERROR, true, 0, 'recover, report non-fatal'],
  // hls.js goes on by itself after a non-fatal media error.
  [MEDIA_ERROR, ErrorDetails.BUFFER_APPEND_ERROR, false, 0, 'report as is'],
  [MEDIA_ERROR, ErrorDetails.BUFFER_FULL_ERROR, false, 0, 'report as is'],
  // A load hls.js cancelled itself (a level switch, a seek, a reset loader) is no error; a fatal one is.
  [NETWORK_ERROR, ErrorDetails.INTERNAL_ABORTED, false, 0, 'ignore: hls.js gave up its own request'],
  [NETWORK_ERROR, ErrorDetails.INTERNAL_ABORTED, true, 0, 'report as is'],
  // Everything else is reported as hls.js said it.
  [NETWORK_ERROR, ErrorDetails.AUDIO_TRACK_LOAD_ERROR, false, 0, 'report as is'],
  [NETWORK_ERROR, ErrorDetails.SUBTITLE_LOAD_ERROR, false, 0, 'report as is'],
  [NETWORK_ERROR, ErrorDetails.MANIFEST_LOAD_ERROR, true, 0, 'report as is'],
  [NETWORK_ERROR, ErrorDetails.MANIFEST_PARSING_ERROR, true, 0, 'report as is'],
  [NETWORK_ERROR, ErrorDetails.LEVEL_LOAD_TIMEOUT, false, 0, 'report as is'],
  [NETWORK_ERROR, ErrorDetails.FRAG_LOAD_ERROR, false, 0, 'report as is'],
  [OTHER_ERROR, ErrorDetails.ATTACH_MEDIA_ERROR, true, 0, 'report as is'],
  [KEY_SYSTEM_ERROR, ErrorDetails.KEY_SYSTEM_NO_KEYS, true, 0, 'report as is'],
  [MUX_ERROR, ErrorDetails.REMUX_ALLOC_ERROR, false, 0, 'report as is'],
];

const error = (type: ErrorTypes, details: ErrorDetails, fatal: boolean) => ({ type, details, fatal, error: new Error(details) }) as ErrorData;

describe('errorAction', () => {
  it.each(TABLE)('%s %s, fatal %s, after %i recoveries: %s', (type, details, fatal, recoveries, does) => {
    expect(errorAction(error(type, details, fatal), recoveries)).toEqual(ACTIONS[does]);
  });

  it('a manifest whose codecs the browser cannot play is the fatal error at once, not a media error to recover', () => {
    expect(errorAction(error(MEDIA_ERROR, ErrorDetails.MANIFEST_INCOMPATIBLE_CODECS_ERROR, true), 0)).toEqual(ACTIONS['report as is']);
  });
});

describe('segments the server refuses (HTTP 4xx)', () => {
  const refused = (code: number, type = 'main', url = 'https://cdn.test/film/720p/seg-3.m4s') =>
    ({ type: NETWORK_ERROR, details: ErrorDetails.FRAG_LOAD_ERROR, fatal: false, frag: { type, url, byteRangeStartOffset: undefined }, response: { code } }) as unknown as ErrorData;

  it("a segment of the film or its audio refused with 4xx has a key; other failures and the subtitles' have none", () => {
    expect([404, 403, 410].map((code) => refusedSegment(refused(code)))).toEqual(Array(3).fill('main https://cdn.test/film/720p/seg-3.m4s#'));
    expect(refusedSegment(refused(404, 'audio'))).toBe('audio https://cdn.test/film/720p/seg-3.m4s#');
    expect([refused(500), refused(0), refused(404, 'subtitle'), { ...refused(404), details: ErrorDetails.FRAG_LOAD_TIMEOUT }].map(refusedSegment)).toEqual([null, null, null, null]);
  });

  it('stops the loading when a segment is refused again, and not before', () => {
    expect(errorAction(refused(404), 0, null, false)).toEqual(ACTIONS['report as is']);
    expect(errorAction(refused(404), 0, null, true)).toEqual(ACTIONS['stop loading, report fatal']);
    // A server error is retried by hls.js: never this rule's.
    expect(errorAction(refused(503), 0, null, true)).toEqual(ACTIONS['report as is']);
  });
});
