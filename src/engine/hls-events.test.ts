/**
 * The mapping of hls.js and <video> events to engine facts, against the hls.js-shaped fake: each
 * event and error goes in with the payload hls.js 1.7 sends, and the tests read the facts that
 * come out. Names are hls.js's own (Events, ErrorTypes, ErrorDetails); levels are its Level objects.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttrList, ErrorDetails, ErrorTypes, Events, LoaderContextType, PlaylistLevelType, type ErrorData, type FragBufferedData, type HlsListeners } from 'hls.js';
import type Hls from 'hls.js';
import { FakeHls, FakeTextTrack, FakeVideo, timeRanges, trigger } from '../test-support/hls-fakes';
import {
  AUDIO_URL,
  ENGINE_L360,
  ENGINE_L720,
  httpError,
  KEY_URL,
  L1080,
  L360,
  L720,
  LEVEL_URL,
  MASTER,
  media,
  playlistContext,
  SEGMENT_URL,
  segment,
  SUBTITLE_URL,
  vodDetails,
} from '../test-support/hls-payloads';
import { createFactEmitter } from './fact-emitter';
import { forwardCues, forwardHlsEvents, forwardMediaEvents, readMediaTime, toEngineError } from './hls-events';
import { ENGINE_FACT_NAMES, type EngineError, type EngineFactName, type EngineFacts } from './types';

/** Every fact emitted, in order. */
function recorder() {
  const emitter = createFactEmitter();
  const seen: Array<[EngineFactName, unknown]> = [];
  for (const fact of ENGINE_FACT_NAMES) emitter.on(fact, (payload: unknown) => seen.push([fact, payload]));
  const facts = <K extends EngineFactName>(fact: K) => seen.filter(([name]) => name === fact).map(([, payload]) => payload as EngineFacts[K]);
  return { emit: emitter.emit, seen, facts };
}

/** An Hls instance whose events are forwarded. */
function forwarded() {
  const hls = new FakeHls();
  const { emit, facts } = recorder();
  forwardHlsEvents(hls as unknown as Hls, emit);
  return { hls, facts };
}

/** A <video> whose events are forwarded, under hls.js or (nativeHls) playing HLS itself. */
function watched({ nativeHls = false } = {}) {
  const video = new FakeVideo();
  const { emit, seen, facts } = recorder();
  forwardMediaEvents(video as unknown as HTMLVideoElement, emit, { nativeHls });
  forwardCues(video as unknown as HTMLVideoElement, emit);
  return { video, seen, facts };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// --- errors ----------------------------------------------------------------------------------

interface ErrorRow {
  name: string;
  /** What hls.js 1.7 sends, after its error controller has settled `fatal`. */
  data: ErrorData;
  expected: EngineError;
}

/** The message hls.js's playlist loader writes, e.g. 'A network timeout occurred while loading level: 1 id: 0'. */
const netError = (context: LoaderContextType, message: string) =>
  new Error(`${message} occurred while loading ${context}${context === LoaderContextType.LEVEL ? ': 1 id: 0' : context === LoaderContextType.MANIFEST ? '' : ' id: 0 group-id: "aac"'}`);

/** One load error or time-out of a playlist, shaped as hls.js's playlist loader reports it. */
function playlistLoadRows(context: LoaderContextType, url: string, error: ErrorDetails, timeout: ErrorDetails, fatal: boolean): ErrorRow[] {
  const http = netError(context, 'A network error (status 404)');
  const slow = netError(context, 'A network timeout');
  return [
    {
      name: `${error} (HTTP 404)`,
      data: { type: ErrorTypes.NETWORK_ERROR, details: error, fatal, url, context: playlistContext(context, url), error: http, response: httpError(url, 404, 'Not Found') },
      expected: { kind: 'network', detail: error, fatal, message: http.message, url, responseCode: 404 },
    },
    {
      name: `${timeout}`,
      data: { type: ErrorTypes.NETWORK_ERROR, details: timeout, fatal, url, context: playlistContext(context, url), error: slow },
      expected: { kind: 'network', detail: timeout, fatal, message: slow.message, url },
    },
  ];
}

const keyFrag = segment();

/**
 * SPEC.md §8's streaming errors, each as hls.js reports it, and the error it becomes. `fatal` is
 * hls.js's: error-policy.ts ends the stream on a non-fatal key error (its tests, and the engine's).
 */
const SPEC_ERRORS: ErrorRow[] = [
  // Fatal: manifest load error or time-out.
  ...playlistLoadRows(LoaderContextType.MANIFEST, MASTER, ErrorDetails.MANIFEST_LOAD_ERROR, ErrorDetails.MANIFEST_LOAD_TIMEOUT, true),
  // Fatal: invalid argument on attaching media (Hls.attachMedia with no element).
  {
    name: 'attachMediaError (invalid argument)',
    data: { type: ErrorTypes.OTHER_ERROR, details: ErrorDetails.ATTACH_MEDIA_ERROR, fatal: true, error: new Error('attachMedia failed: invalid argument (null)') },
    expected: { kind: 'other', detail: 'attachMediaError', fatal: true, message: 'attachMedia failed: invalid argument (null)' },
  },
  // Non-fatal: level, audio and subtitle playlist load errors and time-outs.
  ...playlistLoadRows(LoaderContextType.LEVEL, LEVEL_URL, ErrorDetails.LEVEL_LOAD_ERROR, ErrorDetails.LEVEL_LOAD_TIMEOUT, false),
  ...playlistLoadRows(LoaderContextType.AUDIO_TRACK, AUDIO_URL, ErrorDetails.AUDIO_TRACK_LOAD_ERROR, ErrorDetails.AUDIO_TRACK_LOAD_TIMEOUT, false),
  ...playlistLoadRows(LoaderContextType.SUBTITLE_TRACK, SUBTITLE_URL, ErrorDetails.SUBTITLE_LOAD_ERROR, ErrorDetails.SUBTITLE_TRACK_LOAD_TIMEOUT, false),
  // Parsing: no #EXTM3U (the master), no segments, no target duration (a media playlist, made fatal
  // by hls.js's error controller when no other level is left).
  {
    name: 'manifestParsingError (no #EXTM3U)',
    data: {
      type: ErrorTypes.NETWORK_ERROR,
      details: ErrorDetails.MANIFEST_PARSING_ERROR,
      fatal: true,
      url: MASTER,
      error: new Error('no EXTM3U delimiter'),
      reason: 'no EXTM3U delimiter',
      response: { url: MASTER, data: '<html></html>', code: 200 },
      context: playlistContext(LoaderContextType.MANIFEST, MASTER),
    },
    expected: { kind: 'network', detail: 'manifestParsingError', fatal: true, message: 'no EXTM3U delimiter', url: MASTER, responseCode: 200 },
  },
  {
    name: 'levelEmptyError (no segments)',
    data: {
      type: ErrorTypes.NETWORK_ERROR,
      details: ErrorDetails.LEVEL_EMPTY_ERROR,
      fatal: true,
      url: LEVEL_URL,
      error: new Error('No Segments found in Playlist'),
      reason: 'No Segments found in Playlist',
      response: { url: LEVEL_URL, data: '#EXTM3U\n#EXT-X-ENDLIST', code: 200 },
      context: playlistContext(LoaderContextType.LEVEL, LEVEL_URL),
      level: 0,
      parent: PlaylistLevelType.MAIN,
    },
    expected: { kind: 'network', detail: 'levelEmptyError', fatal: true, message: 'No Segments found in Playlist', url: LEVEL_URL, responseCode: 200 },
  },
  {
    name: 'levelParsingError (no target duration)',
    data: {
      type: ErrorTypes.NETWORK_ERROR,
      details: ErrorDetails.LEVEL_PARSING_ERROR,
      fatal: true,
      url: LEVEL_URL,
      error: new Error('Missing Target Duration'),
      reason: 'Missing Target Duration',
      response: { url: LEVEL_URL, data: '#EXTM3U', code: 200 },
      context: playlistContext(LoaderContextType.LEVEL, LEVEL_URL),
      level: 0,
      parent: PlaylistLevelType.MAIN,
    },
    expected: { kind: 'network', detail: 'levelParsingError', fatal: true, message: 'Missing Target Duration', url: LEVEL_URL, responseCode: 200 },
  },
  // Keys: hls.js names the segment (frag), and the key's own URL only in `response.url`.
  {
    name: 'keyLoadError (HTTP 404; fatal: KEY_LOAD_POLICY does not retry)',
    data: { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.KEY_LOAD_ERROR, fatal: true, frag: keyFrag, error: new Error('HTTP Error 404 loading key Not Found'), response: httpError(KEY_URL, 404, 'Not Found') },
    expected: { kind: 'network', detail: 'keyLoadError', fatal: true, message: 'HTTP Error 404 loading key Not Found', url: SEGMENT_URL, responseCode: 404 },
  },
  {
    name: 'keyLoadTimeOut (non-fatal in hls.js; the error policy ends the stream)',
    data: { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.KEY_LOAD_TIMEOUT, fatal: false, frag: keyFrag, error: new Error('key loading timed out') },
    expected: { kind: 'network', detail: 'keyLoadTimeOut', fatal: false, message: 'key loading timed out', url: SEGMENT_URL },
  },
  // hls.js 1.7 has no detail of its own for an unsupported METHOD: its key loader reports keyLoadError
  // with this message (its playlist parser, before that, skips the EXT-X-KEY tag with a warning only).
  {
    name: 'key method unsupported (keyLoadError; non-fatal in hls.js, the error policy ends the stream)',
    data: { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.KEY_LOAD_ERROR, fatal: false, frag: keyFrag, error: new Error('Key supplied with unsupported METHOD: "ROT13-NOT-A-METHOD"') },
    expected: { kind: 'network', detail: 'keyLoadError', fatal: false, message: 'Key supplied with unsupported METHOD: "ROT13-NOT-A-METHOD"', url: SEGMENT_URL },
  },
  // Buffer: append errors before hls.js gives up, and a full buffer (a quota error; never fatal in hls.js).
  {
    name: 'bufferAppendError',
    data: {
      type: ErrorTypes.MEDIA_ERROR,
      details: ErrorDetails.BUFFER_APPEND_ERROR,
      fatal: false,
      parent: PlaylistLevelType.MAIN,
      sourceBufferName: 'video',
      frag: keyFrag,
      error: new Error("Failed to execute 'appendBuffer' on 'SourceBuffer'"),
    },
    expected: { kind: 'media', detail: 'bufferAppendError', fatal: false, message: "Failed to execute 'appendBuffer' on 'SourceBuffer'", url: SEGMENT_URL },
  },
  {
    name: 'bufferFullError',
    data: {
      type: ErrorTypes.MEDIA_ERROR,
      details: ErrorDetails.BUFFER_FULL_ERROR,
      fatal: false,
      parent: PlaylistLevelType.MAIN,
      sourceBufferName: 'video',
      error: Object.assign(new Error('The SourceBuffer is full'), { name: 'QuotaExceededError' }),
    },
    expected: { kind: 'media', detail: 'bufferFullError', fatal: false, message: 'The SourceBuffer is full' },
  },
];

/** The remaining error kinds, and the URL taken from a segment. */
const OTHER_ERRORS: ErrorRow[] = [
  {
    name: 'fragLoadError (HTTP 404)',
    data: { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.FRAG_LOAD_ERROR, fatal: false, frag: segment(), error: new Error('HTTP Error 404 Not Found'), response: httpError(SEGMENT_URL, 404, 'Not Found') },
    expected: { kind: 'network', detail: 'fragLoadError', fatal: false, message: 'HTTP Error 404 Not Found', url: SEGMENT_URL, responseCode: 404 },
  },
  {
    name: 'keySystemNoKeys (EME)',
    data: { type: ErrorTypes.KEY_SYSTEM_ERROR, details: ErrorDetails.KEY_SYSTEM_NO_KEYS, fatal: true, error: new Error('No keys') },
    expected: { kind: 'key', detail: 'keySystemNoKeys', fatal: true, message: 'No keys' },
  },
  {
    name: 'remuxAllocError (mux)',
    data: { type: ErrorTypes.MUX_ERROR, details: ErrorDetails.REMUX_ALLOC_ERROR, fatal: false, bytes: 1 << 30, error: new Error('fail allocating video mdat 1073741824') },
    expected: { kind: 'mux', detail: 'remuxAllocError', fatal: false, message: 'fail allocating video mdat 1073741824' },
  },
  {
    name: 'an unknown error type',
    data: { type: 'futureError' as unknown as ErrorTypes, details: ErrorDetails.UNKNOWN, fatal: false, error: new Error('something new') },
    expected: { kind: 'other', detail: 'unknown', fatal: false, message: 'something new' },
  },
];

describe('hls.js errors → engine errors (toEngineError)', () => {
  it.each(SPEC_ERRORS)('SPEC.md §8: $name → $expected.kind $expected.detail, fatal $expected.fatal', ({ data, expected }) => {
    expect(toEngineError(data)).toEqual(expected);
  });

  it.each(OTHER_ERRORS)('$name → $expected.kind $expected.detail', ({ data, expected }) => {
    expect(toEngineError(data)).toEqual(expected);
  });

  it('the message falls back to hls.js’s reason, then to the detail, when no Error is attached', () => {
    const noError = { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.LEVEL_PARSING_ERROR, fatal: false, error: undefined } as unknown as ErrorData;
    expect([toEngineError({ ...noError, reason: 'Missing Target Duration' }), toEngineError(noError)].map((error) => error.message)).toEqual([
      'Missing Target Duration',
      'levelParsingError',
    ]);
  });
});

// --- levels, tracks and loading ----------------------------------------------------------------

describe('hls.js events → engine facts (forwardHlsEvents)', () => {
  it('each buffered fragment is loading progress', () => {
    const { hls, facts } = forwarded();
    trigger(hls, Events.FRAG_BUFFERED, {} as FragBufferedData);
    trigger(hls, Events.FRAG_BUFFERED, {} as FragBufferedData);
    expect(facts('loadProgress')).toHaveLength(2);
  });

  describe('MANIFEST_LOADED → thumbnailTrackFound and chaptersTrackFound: #EXT-X-SESSION-DATA com.filmplayer.thumbnails / .chapters, resolved against the master', () => {
    /** The payload hls.js 1.7 sends, with the session data its master parser builds from these lines. */
    const manifestLoaded = (url: string, ...sessionLines: string[]) => {
      const sessionData: Record<string, AttrList> = {};
      for (const line of sessionLines) {
        const attrs = new AttrList(line);
        sessionData[attrs['DATA-ID'] as string] = attrs;
      }
      return { url, sessionData: sessionLines.length > 0 ? sessionData : null } as Parameters<HlsListeners[Events.MANIFEST_LOADED]>[1];
    };
    const rows: Array<{ name: string; url: string; lines: string[]; expected: string[] }> = [
      { name: 'a relative VALUE', url: MASTER, lines: ['DATA-ID="com.filmplayer.thumbnails",VALUE="thumbnails.vtt"'], expected: ['https://cdn.test/film/thumbnails.vtt'] },
      { name: 'beside other session data', url: MASTER, lines: ['DATA-ID="com.example.title",VALUE="Film"', 'DATA-ID="com.filmplayer.thumbnails",VALUE="../previews/film.vtt?v=2"'], expected: ['https://cdn.test/previews/film.vtt?v=2'] },
      { name: 'an absolute VALUE on another origin', url: MASTER, lines: ['DATA-ID="com.filmplayer.thumbnails",VALUE="https://img.test/t.vtt"'], expected: ['https://img.test/t.vtt'] },
      { name: 'the master after a redirect (hls.js reports the response URL)', url: 'https://edge.test/x/master.m3u8', lines: ['DATA-ID="com.filmplayer.thumbnails",VALUE="thumbnails.vtt"'], expected: ['https://edge.test/x/thumbnails.vtt'] },
      { name: 'no session data', url: MASTER, lines: [], expected: [] },
      { name: 'other session data only', url: MASTER, lines: ['DATA-ID="com.example.title",VALUE="Film"'], expected: [] },
      { name: 'a URI instead of a VALUE (not the convention)', url: MASTER, lines: ['DATA-ID="com.filmplayer.thumbnails",URI="thumbnails.json"'], expected: [] },
      { name: 'an empty VALUE', url: MASTER, lines: ['DATA-ID="com.filmplayer.thumbnails",VALUE=""'], expected: [] },
      { name: 'a javascript: VALUE', url: MASTER, lines: ['DATA-ID="com.filmplayer.thumbnails",VALUE="javascript:alert(1)"'], expected: [] },
      { name: 'a data: VALUE', url: MASTER, lines: ['DATA-ID="com.filmplayer.thumbnails",VALUE="data:text/vtt,WEBVTT"'], expected: [] },
    ];
    it.each(rows)('$name', ({ url, lines, expected }) => {
      const { hls, facts } = forwarded();
      trigger(hls, Events.MANIFEST_LOADED, manifestLoaded(url, ...lines));
      expect(facts('thumbnailTrackFound')).toEqual(expected.map((track) => ({ url: track })));
    });

    const chapterRows: Array<{ name: string; lines: string[]; thumbnails: string[]; chapters: string[] }> = [
      { name: 'chapters: a relative VALUE', lines: ['DATA-ID="com.filmplayer.chapters",VALUE="chapters.vtt"'], thumbnails: [], chapters: ['https://cdn.test/film/chapters.vtt'] },
      {
        name: 'chapters beside the seek-preview track',
        lines: ['DATA-ID="com.filmplayer.thumbnails",VALUE="thumbnails.vtt"', 'DATA-ID="com.filmplayer.chapters",VALUE="../meta/chapters.vtt"'],
        thumbnails: ['https://cdn.test/film/thumbnails.vtt'],
        chapters: ['https://cdn.test/meta/chapters.vtt'],
      },
      { name: 'chapters: an empty VALUE', lines: ['DATA-ID="com.filmplayer.chapters",VALUE=" "'], thumbnails: [], chapters: [] },
      { name: 'chapters: a javascript: VALUE', lines: ['DATA-ID="com.filmplayer.chapters",VALUE="javascript:alert(1)"'], thumbnails: [], chapters: [] },
      { name: 'chapters: a URI instead of a VALUE', lines: ['DATA-ID="com.filmplayer.chapters",URI="chapters.vtt"'], thumbnails: [], chapters: [] },
    ];
    it.each(chapterRows)('$name → chaptersTrackFound', ({ lines, thumbnails, chapters }) => {
      const { hls, facts } = forwarded();
      trigger(hls, Events.MANIFEST_LOADED, manifestLoaded(MASTER, ...lines));
      expect(facts('thumbnailTrackFound')).toEqual(thumbnails.map((url) => ({ url })));
      expect(facts('chaptersTrackFound')).toEqual(chapters.map((url) => ({ url })));
    });
  });

  it('MANIFEST_PARSED → sourceReady with the SPEC.md §3 level fields (bitrate, codecs, height, details, pathway id, HDCP level) and the tracks', () => {
    const { hls, facts } = forwarded();
    trigger(hls, Events.MANIFEST_PARSED, {
      levels: [L360(), L720()],
      audioTracks: [media('AUDIO', 0, 'Русский', 'ru', true, AUDIO_URL), media('AUDIO', 1, 'Original', undefined, false, AUDIO_URL)],
      subtitleTracks: [media('SUBTITLES', 0, 'English', 'en', false, SUBTITLE_URL)],
      firstLevel: 0,
    } as Parameters<HlsListeners[Events.MANIFEST_PARSED]>[1]);

    expect(facts('sourceReady')).toEqual([
      {
        levels: [ENGINE_L360, ENGINE_L720],
        audioTracks: [
          { id: 0, name: 'Русский', lang: 'ru', isDefault: true },
          // A track without LANGUAGE has lang ''.
          { id: 1, name: 'Original', lang: '', isDefault: false },
        ],
        subtitleTracks: [{ id: 0, name: 'English', lang: 'en', isDefault: false }],
      },
    ]);
  });

  it('LEVEL_LOADED → levelsUpdated with the loaded playlist’s details', () => {
    const { hls, facts } = forwarded();
    const l720 = L720();
    l720.details = vodDetails(20, 6);
    hls.levels = [L360(), l720];
    trigger(hls, Events.LEVEL_LOADED, { details: l720.details, id: 0, level: 1, levelInfo: l720 } as Parameters<HlsListeners[Events.LEVEL_LOADED]>[1]);

    expect(facts('levelsUpdated')).toEqual([[ENGINE_L360, { ...ENGINE_L720, details: { live: false, totalDuration: 120, targetDuration: 6, fragments: 20 } }]]);
  });

  it('LEVELS_UPDATED (hls.js dropped a level) → levelsUpdated, re-indexed as hls.js now counts them', () => {
    const { hls, facts } = forwarded();
    // 720p removed, e.g. after a bufferAddCodecError: 1080p moves from index 2 to 1.
    trigger(hls, Events.LEVELS_UPDATED, { levels: [L360(), L1080()] });
    expect(facts('levelsUpdated')).toEqual([
      [ENGINE_L360, { index: 1, bitrate: 5_000_000, codecs: 'avc1.640028,mp4a.40.2', width: 1920, height: 1080, details: null, pathwayId: '.', hdcpLevel: 'TYPE-1' }],
    ]);
  });

  it('LEVEL_SWITCHED → levelSwitched, with whether ABR chose it', () => {
    const { hls, facts } = forwarded();
    trigger(hls, Events.LEVEL_SWITCHED, { level: 2 });
    hls.autoLevelEnabled = false;
    trigger(hls, Events.LEVEL_SWITCHED, { level: 0 });
    expect(facts('levelSwitched')).toEqual([
      { level: 2, auto: true },
      { level: 0, auto: false },
    ]);
  });

  it('audio and subtitle track lists and switches → their facts', () => {
    const { hls, facts } = forwarded();
    const ru = media('AUDIO', 0, 'Русский', 'ru', true, AUDIO_URL);
    const en = media('AUDIO', 1, 'English', 'en', false, AUDIO_URL);
    trigger(hls, Events.AUDIO_TRACKS_UPDATED, { audioTracks: [ru, en] });
    trigger(hls, Events.AUDIO_TRACK_SWITCHED, en);
    trigger(hls, Events.SUBTITLE_TRACKS_UPDATED, { subtitleTracks: [media('SUBTITLES', 0, 'English', 'en', true, SUBTITLE_URL)] });
    trigger(hls, Events.SUBTITLE_TRACK_SWITCH, { id: 0 });
    trigger(hls, Events.SUBTITLE_TRACK_SWITCH, { id: -1 });

    expect(facts('audioTracksUpdated')).toEqual([
      [
        { id: 0, name: 'Русский', lang: 'ru', isDefault: true },
        { id: 1, name: 'English', lang: 'en', isDefault: false },
      ],
    ]);
    expect(facts('audioTrackSwitched')).toEqual([{ id: 1 }]);
    expect(facts('subtitleTracksUpdated')).toEqual([[{ id: 0, name: 'English', lang: 'en', isDefault: true }]]);
    expect(facts('subtitleTrackSwitched')).toEqual([{ id: 0 }, { id: -1 }]);
  });
});

// --- the media element -----------------------------------------------------------------------

describe('media element events → engine facts (forwardMediaEvents)', () => {
  const rows: Array<{ event: string; fact: EngineFactName; payload: unknown; prepare?: (video: FakeVideo) => void }> = [
    { event: 'playing', fact: 'playing', payload: undefined },
    { event: 'pause', fact: 'paused', payload: undefined },
    { event: 'waiting', fact: 'waiting', payload: undefined },
    { event: 'ended', fact: 'ended', payload: undefined },
    { event: 'seeking', fact: 'seeking', payload: { currentTime: 31 }, prepare: (video) => (video.currentTime = 31) },
    { event: 'seeked', fact: 'seeked', payload: { currentTime: 31.5 }, prepare: (video) => (video.currentTime = 31.5) },
    { event: 'durationchange', fact: 'durationChanged', payload: { duration: 5400 }, prepare: (video) => (video.duration = 5400) },
    {
      event: 'volumechange',
      fact: 'volumeChanged',
      payload: { volume: 0.4, muted: true },
      prepare: (video) => {
        video.volume = 0.4;
        video.muted = true;
      },
    },
    { event: 'ratechange', fact: 'rateChanged', payload: { rate: 1.5 }, prepare: (video) => (video.playbackRate = 1.5) },
  ];

  it.each(rows)('$event → $fact', ({ event, fact, payload, prepare }) => {
    const { video, seen } = watched();
    prepare?.(video);
    video.dispatch(event);
    expect(seen).toEqual([[fact, payload]]);
  });

  it.each(['timeupdate', 'progress'])('%s → timeUpdated with the time, the buffer ahead of the playhead and every range', (event) => {
    const { video, facts } = watched();
    video.currentTime = 12;
    video.duration = 5400;
    video.buffered = timeRanges([0, 4], [10, 30]);
    video.dispatch(event);
    const expected = { currentTime: 12, duration: 5400, bufferedAhead: 18, bufferedRanges: [[0, 4], [10, 30]] };
    expect(facts('timeUpdated')).toEqual([expected]);
    expect(readMediaTime(video as unknown as HTMLVideoElement)).toEqual(expected);
  });

  it('a time fact reads the buffer only when asked for it, and once', () => {
    const { video, facts } = watched();
    let reads = 0;
    const ranges = timeRanges([0, 30]);
    Object.defineProperty(video, 'buffered', { get: () => (reads++, ranges) });
    video.currentTime = 12;
    video.dispatch('timeupdate');
    video.dispatch('timeupdate');
    expect(reads).toBe(0);
    const [time] = facts('timeUpdated');
    expect([time!.bufferedAhead, time!.bufferedRanges, time!.bufferedAhead]).toEqual([18, [[0, 30]], 18]);
    expect(reads).toBe(1);
  });

  it('bufferedAhead is 0 in a gap, and counts a range starting within 0.1 s ahead', () => {
    const video = new FakeVideo();
    const read = () => readMediaTime(video as unknown as HTMLVideoElement);
    video.buffered = timeRanges([0, 4], [10, 30]);
    video.currentTime = 6;
    expect(read().bufferedAhead).toBe(0);
    video.currentTime = 9.95;
    expect(read().bufferedAhead).toBeCloseTo(20.05);
  });

  it.each([
    [2, { kind: 'network', detail: 'manifestLoadError', fatal: true, message: 'network down' }],
    [3, { kind: 'media', detail: 'mediaError', fatal: true, message: 'decode failed' }],
  ])('without MSE, a MediaError of code %i is a fatal error', (code, expected) => {
    vi.stubGlobal('MediaError', { MEDIA_ERR_NETWORK: 2 });
    const { video, facts } = watched({ nativeHls: true });
    video.error = { code, message: expected.message };
    video.dispatch('error');
    expect(facts('error')).toEqual([expected]);
  });

  it('without MSE, a MediaError without a message is named by its code', () => {
    vi.stubGlobal('MediaError', { MEDIA_ERR_NETWORK: 2 });
    const { video, facts } = watched({ nativeHls: true });
    video.error = { code: 4, message: '' };
    video.dispatch('error');
    expect(facts('error')[0]?.message).toBe('MediaError 4');
  });
});

// --- subtitles drawn by the player -----------------------------------------------------------

describe('subtitle cues → cuesChanged (forwardCues)', () => {
  it('the showing cues of a subtitles track, as plain text, once per change; none when the track is turned off', () => {
    const { video, facts } = watched();
    const track = video.textTracks.add(new FakeTextTrack('subtitles', 'hidden'));
    track.showCues('<i>Привет</i>', '  ');
    track.showCues('<i>Привет</i>', '  ');
    track.showCues('Line one', 'Line <b>two</b>');
    track.mode = 'disabled';
    video.textTracks.dispatch('change');
    track.showCues('ignored while disabled');

    expect(facts('cuesChanged')).toEqual([{ texts: ['Привет'] }, { texts: ['Line one', 'Line two'] }, { texts: [] }]);
  });

  it('a metadata track is not subtitles: enabling it shows no cues', () => {
    const { video, facts } = watched();
    const subtitles = video.textTracks.add(new FakeTextTrack('subtitles', 'hidden'));
    subtitles.showCues('Hello');
    subtitles.mode = 'disabled';
    video.textTracks.add(new FakeTextTrack('metadata', 'hidden'));
    expect(facts('cuesChanged')).toEqual([{ texts: ['Hello'] }, { texts: [] }]);
  });
});
