/**
 * The hls.js engine against an hls.js-shaped fake: each hls.js event and error the engine handles
 * goes in with the payload hls.js 1.7 sends, and the tests read the facts that come out. Names are
 * hls.js's own (Events, ErrorTypes, ErrorDetails), and levels are hls.js's own Level objects.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AttrList,
  ErrorDetails,
  ErrorTypes,
  Events,
  Fragment,
  Level,
  LevelDetails,
  LoaderContextType,
  PlaylistLevelType,
  type ErrorData,
  type FragBufferedData,
  type HlsListeners,
  type LoaderResponse,
  type MediaFragment,
  type MediaPlaylist,
  type PlaylistLoaderContext,
} from 'hls.js';
import { createHlsEngine, KEY_LOAD_POLICY, type HlsEngineOptions } from './hls-engine';
import { ENGINE_FACT_NAMES, type EngineError, type EngineFactName, type EngineFacts, type EngineLevel } from './types';

const { FakeHls } = vi.hoisted(() => {
  type HlsListener = (event: string, data: unknown) => void;
  /** hls.js's public surface as the engine uses it; listeners run in the order they were added, as in hls.js. */
  class FakeHls {
    static instances: FakeHls[] = [];
    static supported = true;
    static isSupported(): boolean {
      return FakeHls.supported;
    }
    readonly config: Record<string, unknown>;
    /** Method calls in order, so a test can tell what the engine asked of hls.js. */
    readonly calls: string[] = [];
    private readonly listeners: Array<{ event: string; listener: HlsListener; once: boolean }> = [];
    url: string | null = null;
    media: unknown = null;
    destroyed = false;
    levels: unknown[] = [];
    autoLevelEnabled = true;
    currentLevel = -1;
    audioTrack = 0;
    subtitleTrack = -1;
    subtitleDisplay = true;
    bandwidthEstimate = 1_500_000;

    constructor(config: Record<string, unknown>) {
      this.config = config;
      FakeHls.instances.push(this);
    }
    on(event: string, listener: HlsListener): void {
      this.listeners.push({ event, listener, once: false });
    }
    once(event: string, listener: HlsListener): void {
      this.listeners.push({ event, listener, once: true });
    }
    off(event: string, listener: HlsListener): void {
      const at = this.listeners.findIndex((one) => one.event === event && one.listener === listener);
      if (at >= 0) this.listeners.splice(at, 1);
    }
    trigger(event: string, data: unknown): void {
      for (const entry of this.listeners.filter((one) => one.event === event)) {
        if (entry.once) this.off(event, entry.listener);
        entry.listener(event, data);
      }
    }
    listenerCount(): number {
      return this.listeners.length;
    }
    loadSource(url: string): void {
      this.url = url;
      this.calls.push('loadSource');
    }
    attachMedia(media: unknown): void {
      this.media = media;
      this.calls.push('attachMedia');
    }
    startLoad(): void {
      this.calls.push('startLoad');
    }
    stopLoad(): void {
      this.calls.push('stopLoad');
    }
    recoverMediaError(): void {
      this.calls.push('recoverMediaError');
    }
    swapAudioCodec(): void {
      this.calls.push('swapAudioCodec');
    }
    /** Like hls.js: detaches the media and drops every listener. */
    destroy(): void {
      this.calls.push('destroy');
      this.destroyed = true;
      this.listeners.length = 0;
      this.media = null;
    }
  }
  return { FakeHls };
});

vi.mock('hls.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('hls.js')>();
  // Only the Hls class is fake; the enums, Level, LoadStats and the default loader stay real.
  Object.assign(FakeHls, {
    Events: actual.Events,
    ErrorTypes: actual.ErrorTypes,
    ErrorDetails: actual.ErrorDetails,
    DefaultConfig: actual.default.DefaultConfig,
  });
  return { ...actual, default: FakeHls };
});

type FakeHlsInstance = InstanceType<typeof FakeHls>;

/** Sends an hls.js event with the payload type hls.js declares for it. */
function trigger<E extends keyof HlsListeners>(hls: FakeHlsInstance, event: E, data: Parameters<HlsListeners[E]>[1]): void {
  hls.trigger(event, data);
}

// --- a <video> with the properties and events the engine uses -------------------------------

type DomListener = (event: Event) => void;

class FakeTarget {
  private readonly entries: Array<{ type: string; listener: DomListener; once: boolean }> = [];
  addEventListener(type: string, listener: DomListener, options?: { once?: boolean }): void {
    this.entries.push({ type, listener, once: options?.once === true });
  }
  removeEventListener(type: string, listener: DomListener): void {
    const at = this.entries.findIndex((one) => one.type === type && one.listener === listener);
    if (at >= 0) this.entries.splice(at, 1);
  }
  dispatch(type: string): void {
    const event = { type, target: this } as unknown as Event;
    for (const entry of this.entries.filter((one) => one.type === type)) {
      if (entry.once) this.removeEventListener(type, entry.listener);
      entry.listener(event);
    }
  }
  get listenerCount(): number {
    return this.entries.length;
  }
}

class FakeTextTrack extends FakeTarget {
  activeCues: Array<{ text: string }> = [];
  constructor(
    readonly kind: TextTrackKind,
    public mode: TextTrackMode,
  ) {
    super();
  }
  showCues(...texts: string[]): void {
    this.activeCues = texts.map((text) => ({ text }));
    this.dispatch('cuechange');
  }
}

class FakeTextTrackList extends FakeTarget {
  readonly tracks: FakeTextTrack[] = [];
  [Symbol.iterator]() {
    return this.tracks[Symbol.iterator]();
  }
  add(track: FakeTextTrack): FakeTextTrack {
    this.tracks.push(track);
    this.dispatch('addtrack');
    return track;
  }
}

const timeRanges = (...ranges: Array<[number, number]>): TimeRanges => ({
  length: ranges.length,
  start: (i: number) => ranges[i]![0],
  end: (i: number) => ranges[i]![1],
});

class FakeVideo extends FakeTarget {
  currentTime = 0;
  duration = Number.NaN;
  volume = 1;
  muted = false;
  playbackRate = 1;
  error: { code: number; message: string } | null = null;
  buffered = timeRanges();
  readonly textTracks = new FakeTextTrackList();
  src = '';
  loads = 0;
  nativeHls = false;
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  canPlayType(type: string): string {
    return this.nativeHls && type === 'application/vnd.apple.mpegurl' ? 'maybe' : '';
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
  load(): void {
    this.loads += 1;
  }
}

// --- the engine under test, with every fact it emits recorded --------------------------------

const FACT_NAMES = ENGINE_FACT_NAMES;

function setup(options?: HlsEngineOptions, video = new FakeVideo()) {
  const engine = createHlsEngine(video as unknown as HTMLVideoElement, options);
  const seen: Array<[EngineFactName, unknown]> = [];
  for (const fact of FACT_NAMES) engine.on(fact, (payload: unknown) => seen.push([fact, payload]));
  const facts = <K extends EngineFactName>(fact: K) => seen.filter(([name]) => name === fact).map(([, payload]) => payload as EngineFacts[K]);
  return { engine, video, seen, facts };
}

/** The Hls instance the engine created last. */
const lastHls = (): FakeHlsInstance => {
  const hls = FakeHls.instances.at(-1);
  if (!hls) throw new Error('no Hls instance was created');
  return hls;
};

/** An engine with a source loaded over hls.js. */
function loaded(options?: HlsEngineOptions) {
  const harness = setup(options);
  harness.engine.load(MASTER);
  return { ...harness, hls: lastHls() };
}

beforeEach(() => {
  FakeHls.instances = [];
  FakeHls.supported = true;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// --- hls.js payloads -------------------------------------------------------------------------

const MASTER = 'https://cdn.test/film/master.m3u8';
const LEVEL_URL = 'https://cdn.test/film/720p/index.m3u8';
const AUDIO_URL = 'https://cdn.test/film/audio/ru/index.m3u8';
const SUBTITLE_URL = 'https://cdn.test/film/subs/en/index.m3u8';
const SEGMENT_URL = 'https://cdn.test/film/720p/seg-3.ts';
const KEY_URL = 'https://cdn.test/film/keys/k1.key';

const playlistContext = (type: LoaderContextType, url: string) =>
  ({ type, url, level: type === LoaderContextType.LEVEL ? 1 : null, id: type === LoaderContextType.MANIFEST ? null : 0, groupId: 'aac', responseType: 'text' }) as unknown as PlaylistLoaderContext;

const httpError = (url: string, code: number, text: string): LoaderResponse => ({ url, data: undefined, code, text } as LoaderResponse);

function segment(): Fragment {
  const frag = new Fragment(PlaylistLevelType.MAIN, LEVEL_URL);
  frag.relurl = 'seg-3.ts';
  return frag;
}

/** A variant built by hls.js's own Level class from its EXT-X-STREAM-INF attributes. */
function level(attributes: string, { width, height, url }: { width: number; height: number; url: string }): Level {
  const attrs = new AttrList(attributes) as Level['attrs'];
  return new Level({ attrs, bitrate: attrs.decimalInteger('BANDWIDTH'), width, height, name: `${height}p`, url, videoCodec: 'avc1', audioCodec: 'mp4a.40.2' });
}

const L360 = () => level('BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"', { width: 640, height: 360, url: 'https://cdn.test/film/360p/index.m3u8' });
const L720 = () =>
  level('BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",PATHWAY-ID="cdn-b",HDCP-LEVEL=TYPE-0', { width: 1280, height: 720, url: LEVEL_URL });
const L1080 = () =>
  level('BANDWIDTH=5000000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2",HDCP-LEVEL=TYPE-1', { width: 1920, height: 1080, url: 'https://cdn.test/film/1080p/index.m3u8' });

const ENGINE_L360: EngineLevel = { index: 0, bitrate: 800_000, codecs: 'avc1.4d401e,mp4a.40.2', width: 640, height: 360, details: null, pathwayId: '.', hdcpLevel: null };
const ENGINE_L720: EngineLevel = { index: 1, bitrate: 2_500_000, codecs: 'avc1.64001f,mp4a.40.2', width: 1280, height: 720, details: null, pathwayId: 'cdn-b', hdcpLevel: 'TYPE-0' };

function vodDetails(fragments: number, targetDuration: number): LevelDetails {
  const details = new LevelDetails(LEVEL_URL);
  details.live = false;
  details.targetduration = targetDuration;
  details.totalduration = fragments * targetDuration;
  details.fragments = Array.from({ length: fragments }, () => new Fragment(PlaylistLevelType.MAIN, LEVEL_URL) as MediaFragment);
  return details;
}

const media = (type: 'AUDIO' | 'SUBTITLES', id: number, name: string, lang: string | undefined, isDefault: boolean, url: string): MediaPlaylist =>
  ({ id, name, lang, default: isDefault, autoselect: isDefault, forced: false, groupId: type === 'AUDIO' ? 'aac' : 'subs', type, url, bitrate: 0, attrs: new AttrList({}) }) as MediaPlaylist;

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

/** SPEC.md §8's streaming errors, each as hls.js reports it. */
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
    name: 'keyLoadTimeOut (non-fatal in hls.js, ended here: keys are not retried)',
    data: { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.KEY_LOAD_TIMEOUT, fatal: false, frag: keyFrag, error: new Error('key loading timed out') },
    expected: { kind: 'network', detail: 'keyLoadTimeOut', fatal: true, message: 'key loading timed out', url: SEGMENT_URL },
  },
  // hls.js 1.7 has no detail of its own for an unsupported METHOD: its key loader reports keyLoadError
  // with this message (its playlist parser, before that, skips the EXT-X-KEY tag with a warning only).
  {
    name: 'key method unsupported (keyLoadError)',
    data: { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.KEY_LOAD_ERROR, fatal: false, frag: keyFrag, error: new Error('Key supplied with unsupported METHOD: "ROT13-NOT-A-METHOD"') },
    expected: { kind: 'network', detail: 'keyLoadError', fatal: true, message: 'Key supplied with unsupported METHOD: "ROT13-NOT-A-METHOD"', url: SEGMENT_URL },
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

describe('hls.js errors → engine error facts', () => {
  it.each(SPEC_ERRORS)('SPEC.md §8: $name → $expected.kind $expected.detail, fatal $expected.fatal', ({ data, expected }) => {
    const { hls, facts } = loaded();
    trigger(hls, Events.ERROR, data);
    expect(facts('error')).toEqual([expected]);
    // Only a fatal media error is recovered; everything else reaches the model as hls.js said it.
    expect(hls.calls).not.toContain('recoverMediaError');
  });

  it('a manifest whose codecs the browser cannot play is the fatal error at once, not a media error to recover', () => {
    const { hls, facts } = loaded();
    trigger(hls, Events.ERROR, { type: ErrorTypes.MEDIA_ERROR, details: ErrorDetails.MANIFEST_INCOMPATIBLE_CODECS_ERROR, fatal: true, error: new Error('no level with compatible codecs found in manifest') });
    expect(hls.calls).not.toContain('recoverMediaError');
    expect(facts('error')).toMatchObject([{ detail: 'manifestIncompatibleCodecsError', fatal: true }]);
  });

  it('each buffered fragment is loading progress', () => {
    const { hls, facts } = loaded();
    trigger(hls, Events.FRAG_BUFFERED, {} as FragBufferedData);
    trigger(hls, Events.FRAG_BUFFERED, {} as FragBufferedData);
    expect(facts('loadProgress')).toHaveLength(2);
  });

  it('a non-fatal key error stops the loading at once: hls.js would switch rendition and ask for the same key again', () => {
    const { hls, facts } = loaded();
    trigger(hls, Events.ERROR, { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.KEY_LOAD_ERROR, fatal: false, frag: keyFrag, error: new Error('HTTP Error 500 loading key') });
    expect(hls.calls).toContain('stopLoad');
    expect(facts('error')).toMatchObject([{ detail: 'keyLoadError', fatal: true }]);
  });

  it.each(OTHER_ERRORS)('$name → $expected.kind $expected.detail', ({ data, expected }) => {
    const { hls, facts } = loaded();
    trigger(hls, Events.ERROR, data);
    expect(facts('error')).toEqual([expected]);
  });

  it('the message falls back to hls.js’s reason, then to the detail, when no Error is attached', () => {
    const { hls, facts } = loaded();
    const noError = { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.LEVEL_PARSING_ERROR, fatal: false, error: undefined } as unknown as ErrorData;
    trigger(hls, Events.ERROR, { ...noError, reason: 'Missing Target Duration' });
    trigger(hls, Events.ERROR, noError);
    expect(facts('error').map((error) => error.message)).toEqual(['Missing Target Duration', 'levelParsingError']);
  });

  it.each([ErrorDetails.BUFFER_APPEND_ERROR, ErrorDetails.BUFFER_ADD_CODEC_ERROR])(
    'a fatal %s is recovered twice (the second time swapping the audio codec) and reported non-fatal; the third is fatal',
    (details) => {
      const { hls, facts } = loaded();
      const fatal: ErrorData = { type: ErrorTypes.MEDIA_ERROR, details, fatal: true, error: new Error('append failed') };

      trigger(hls, Events.ERROR, fatal);
      expect(hls.calls.filter((call) => call !== 'loadSource' && call !== 'attachMedia')).toEqual(['recoverMediaError']);
      trigger(hls, Events.ERROR, fatal);
      expect(hls.calls.slice(-2)).toEqual(['swapAudioCodec', 'recoverMediaError']);
      trigger(hls, Events.ERROR, fatal);

      expect(hls.calls.filter((call) => call === 'recoverMediaError')).toHaveLength(2);
      expect(facts('error').map((error) => [error.kind, error.detail, error.fatal])).toEqual([
        ['media', details, false],
        ['media', details, false],
        ['media', details, true],
      ]);
    },
  );

  it('a new source gets its own two media recoveries', () => {
    const { engine, hls, facts } = loaded();
    const fatal: ErrorData = { type: ErrorTypes.MEDIA_ERROR, details: ErrorDetails.BUFFER_APPEND_ERROR, fatal: true, error: new Error('append failed') };
    trigger(hls, Events.ERROR, fatal);
    trigger(hls, Events.ERROR, fatal);

    engine.load('https://cdn.test/film-2/master.m3u8');
    const next = lastHls();
    trigger(next, Events.ERROR, fatal);
    expect(next.calls).toContain('recoverMediaError');
    expect(facts('error').map((error) => error.fatal)).toEqual([false, false, false]);
  });
});

// --- levels and tracks -----------------------------------------------------------------------

describe('hls.js levels and tracks → engine facts', () => {
  it('MANIFEST_PARSED → sourceReady with the SPEC.md §3 level fields (bitrate, codecs, height, details, pathway id, HDCP level) and the tracks', () => {
    const { hls, facts } = loaded();
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
    const { hls, facts } = loaded();
    const l720 = L720();
    l720.details = vodDetails(20, 6);
    hls.levels = [L360(), l720];
    trigger(hls, Events.LEVEL_LOADED, { details: l720.details, id: 0, level: 1, levelInfo: l720 } as Parameters<HlsListeners[Events.LEVEL_LOADED]>[1]);

    expect(facts('levelsUpdated')).toEqual([[ENGINE_L360, { ...ENGINE_L720, details: { live: false, totalDuration: 120, targetDuration: 6, fragments: 20 } }]]);
  });

  it('LEVELS_UPDATED (hls.js dropped a level) → levelsUpdated, re-indexed as hls.js now counts them', () => {
    const { hls, facts } = loaded();
    // 720p removed, e.g. after a bufferAddCodecError: 1080p moves from index 2 to 1.
    trigger(hls, Events.LEVELS_UPDATED, { levels: [L360(), L1080()] });
    expect(facts('levelsUpdated')).toEqual([
      [ENGINE_L360, { index: 1, bitrate: 5_000_000, codecs: 'avc1.640028,mp4a.40.2', width: 1920, height: 1080, details: null, pathwayId: '.', hdcpLevel: 'TYPE-1' }],
    ]);
  });

  it('LEVEL_SWITCHED → levelSwitched, with whether ABR chose it', () => {
    const { hls, facts } = loaded();
    trigger(hls, Events.LEVEL_SWITCHED, { level: 2 });
    hls.autoLevelEnabled = false;
    trigger(hls, Events.LEVEL_SWITCHED, { level: 0 });
    expect(facts('levelSwitched')).toEqual([
      { level: 2, auto: true },
      { level: 0, auto: false },
    ]);
  });

  it('audio and subtitle track lists and switches → their facts', () => {
    const { hls, facts } = loaded();
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

  it('setLevel, setAudioTrack and setSubtitleTrack go to hls.js; subtitles stay undrawn by hls.js', () => {
    const { engine, hls } = loaded();
    engine.setLevel(2);
    engine.setAudioTrack(1);
    hls.subtitleDisplay = true;
    engine.setSubtitleTrack(3);
    expect([hls.currentLevel, hls.audioTrack, hls.subtitleTrack, hls.subtitleDisplay]).toEqual([2, 1, 3, false]);
    engine.setLevel(-1);
    expect(hls.currentLevel).toBe(-1);
  });

  it('bandwidthEstimate reads hls.js, and is NaN before a source', () => {
    const { engine } = setup();
    expect(engine.bandwidthEstimate).toBeNaN();
    engine.load(MASTER);
    lastHls().bandwidthEstimate = 3_200_000;
    expect(engine.bandwidthEstimate).toBe(3_200_000);
  });
});

// --- the Hls instance ------------------------------------------------------------------------

describe('the Hls instance', () => {
  it('load creates one, configured, and gives it the source and the element', () => {
    const { engine, video } = setup();
    engine.load(MASTER, { startTime: 42 });
    const hls = lastHls();
    expect(hls.config).toMatchObject({
      startPosition: 42,
      backBufferLength: 30,
      keyLoadPolicy: KEY_LOAD_POLICY,
      startFragPrefetch: true,
      enableWorker: true,
      capLevelToPlayerSize: false,
      pLoader: expect.any(Function),
    });
    expect([hls.url, hls.media, hls.subtitleDisplay]).toEqual([MASTER, video, false]);
    expect(hls.calls).toEqual(['loadSource', 'attachMedia']);
  });

  it('start 0 means hls.js’s own start (-1); the caller’s config wins', () => {
    const { engine } = setup({ config: { backBufferLength: 90 } });
    engine.load(MASTER);
    expect(lastHls().config).toMatchObject({ startPosition: -1, backBufferLength: 90 });
  });

  it('a new source destroys the previous Hls before creating the next', () => {
    const { engine } = setup();
    engine.load(MASTER);
    const first = lastHls();
    engine.load('https://cdn.test/film-2/master.m3u8');
    expect(first.destroyed).toBe(true);
    expect(FakeHls.instances).toHaveLength(2);
    expect(lastHls().url).toBe('https://cdn.test/film-2/master.m3u8');
  });
});

// --- the media element -----------------------------------------------------------------------

describe('media element events → engine facts', () => {
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
    const { video, seen } = loaded();
    prepare?.(video);
    video.dispatch(event);
    expect(seen).toEqual([[fact, payload]]);
  });

  it.each(['timeupdate', 'progress'])('%s → timeUpdated with the time, the buffer ahead of the playhead and every range', (event) => {
    const { video, facts, engine } = loaded();
    video.currentTime = 12;
    video.duration = 5400;
    video.buffered = timeRanges([0, 4], [10, 30]);
    video.dispatch(event);
    const expected = { currentTime: 12, duration: 5400, bufferedAhead: 18, bufferedRanges: [[0, 4], [10, 30]] };
    expect(facts('timeUpdated')).toEqual([expected]);
    expect(engine.readTime?.()).toEqual(expected);
  });

  it('bufferedAhead is 0 in a gap, and counts a range starting within 0.1 s ahead', () => {
    const { video, engine } = loaded();
    video.buffered = timeRanges([0, 4], [10, 30]);
    video.currentTime = 6;
    expect(engine.readTime?.().bufferedAhead).toBe(0);
    video.currentTime = 9.95;
    expect(engine.readTime?.().bufferedAhead).toBeCloseTo(20.05);
  });

  it('under hls.js, the element’s loadedmetadata and error are not facts (hls.js reports the source and its errors)', () => {
    const { video, seen } = loaded();
    video.error = { code: 4, message: 'MEDIA_ELEMENT_ERROR' };
    video.dispatch('loadedmetadata');
    video.dispatch('error');
    expect(seen).toEqual([]);
  });
});

describe('commands to the element', () => {
  it('play returns the element’s promise, its refusal included; pause pauses', async () => {
    const { engine, video } = loaded();
    await engine.play();
    const refusal = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    video.play.mockReturnValueOnce(Promise.reject(refusal));
    await expect(engine.play()).rejects.toBe(refusal);
    engine.pause();
    expect([video.play.mock.calls.length, video.pause.mock.calls.length]).toEqual([2, 1]);
  });

  it('seek clamps into the media and ignores a non-number; an unknown duration has no upper bound', () => {
    const { engine, video } = loaded();
    engine.seek(100);
    expect(video.currentTime).toBe(100);
    video.duration = 60;
    engine.seek(100);
    expect(video.currentTime).toBe(60);
    engine.seek(-5);
    expect(video.currentTime).toBe(0);
    engine.seek(Number.NaN);
    expect(video.currentTime).toBe(0);
  });

  it('volume is clamped to 0–1, a non-number ignored; muted and a positive rate are set', () => {
    const { engine, video } = loaded();
    engine.setVolume(1.7);
    expect(video.volume).toBe(1);
    engine.setVolume(-1);
    expect(video.volume).toBe(0);
    engine.setVolume(Number.NaN);
    expect(video.volume).toBe(0);
    engine.setMuted(true);
    engine.setPlaybackRate(2);
    engine.setPlaybackRate(0);
    engine.setPlaybackRate(Number.NaN);
    expect([video.muted, video.playbackRate]).toEqual([true, 2]);
  });
});

// --- subtitles drawn by the player -----------------------------------------------------------

describe('subtitle cues → cuesChanged', () => {
  it('the showing cues of a subtitles track, as plain text, once per change; none when the track is turned off', () => {
    const { video, facts } = loaded();
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
    const { video, facts } = loaded();
    const subtitles = video.textTracks.add(new FakeTextTrack('subtitles', 'hidden'));
    subtitles.showCues('Hello');
    subtitles.mode = 'disabled';
    video.textTracks.add(new FakeTextTrack('metadata', 'hidden'));
    expect(facts('cuesChanged')).toEqual([{ texts: ['Hello'] }, { texts: [] }]);
  });
});

// --- preload ---------------------------------------------------------------------------------

describe('preload', () => {
  const manifest = () =>
    ({ levels: [L360()], audioTracks: [], subtitleTracks: [], firstLevel: 0 }) as unknown as Parameters<HlsListeners[Events.MANIFEST_PARSED]>[1];

  it('holds the facts until load asks for the same source, then replays them in order before later ones', async () => {
    const { engine, seen } = setup();
    expect(engine.preload?.(MASTER, { startTime: 30 })).toBe(true);
    const hls = lastHls();
    expect(hls.config).toMatchObject({ startPosition: 30 });
    trigger(hls, Events.MANIFEST_PARSED, manifest());
    trigger(hls, Events.LEVEL_SWITCHED, { level: 0 });
    expect(seen).toEqual([]);

    engine.load(MASTER, { startTime: 30 });
    trigger(hls, Events.AUDIO_TRACK_SWITCHED, media('AUDIO', 0, 'Русский', 'ru', true, AUDIO_URL));
    // Facts come after the caller's own reaction to load, as facts always do.
    expect(seen).toEqual([]);
    await Promise.resolve();
    expect(seen.map(([fact]) => fact)).toEqual(['sourceReady', 'levelSwitched', 'audioTrackSwitched']);
    expect(FakeHls.instances).toHaveLength(1);

    trigger(hls, Events.LEVEL_SWITCHED, { level: 0 });
    expect(seen.map(([fact]) => fact)).toEqual(['sourceReady', 'levelSwitched', 'audioTrackSwitched', 'levelSwitched']);
  });

  it('picks the audio track while hls.js announces the list, before any listener', () => {
    const { engine } = setup();
    const pickAudioTrack = vi.fn((tracks: Array<{ id: number; lang: string }>) => tracks.find((track) => track.lang === 'en')!.id);
    engine.preload?.(MASTER, { pickAudioTrack });
    const hls = lastHls();
    trigger(hls, Events.AUDIO_TRACKS_UPDATED, { audioTracks: [media('AUDIO', 0, 'Русский', 'ru', true, AUDIO_URL), media('AUDIO', 1, 'English', 'en', false, AUDIO_URL)] });
    expect(hls.audioTrack).toBe(1);
    expect(pickAudioTrack).toHaveBeenCalledWith([
      { id: 0, name: 'Русский', lang: 'ru', isDefault: true },
      { id: 1, name: 'English', lang: 'en', isDefault: false },
    ]);
  });

  it('a load of another source, or another start, drops the preloaded stream and its facts', async () => {
    const { engine, seen } = setup();
    engine.preload?.(MASTER);
    const preloaded = lastHls();
    trigger(preloaded, Events.MANIFEST_PARSED, manifest());
    engine.load(MASTER, { startTime: 10 });
    await Promise.resolve();
    expect(preloaded.destroyed).toBe(true);
    expect(FakeHls.instances).toHaveLength(2);
    expect(seen).toEqual([]);
  });

  it('tells the page once of a fatal error while nobody listens; the error still reaches the model at load', async () => {
    const { engine, seen } = setup();
    const onFailed = vi.fn();
    engine.preload?.(MASTER, { onFailed });
    const hls = lastHls();
    trigger(hls, Events.ERROR, { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.LEVEL_LOAD_ERROR, fatal: false } as ErrorData);
    expect(onFailed).not.toHaveBeenCalled();
    trigger(hls, Events.ERROR, { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.MANIFEST_LOAD_ERROR, fatal: true } as ErrorData);
    trigger(hls, Events.ERROR, { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.MANIFEST_LOAD_ERROR, fatal: true } as ErrorData);
    expect(onFailed).toHaveBeenCalledTimes(1);
    engine.load(MASTER);
    await Promise.resolve();
    expect(seen.filter(([fact]) => fact === 'error').map(([, error]) => (error as { fatal: boolean }).fatal)).toEqual([false, true, true]);
  });

  it('a destroy between load and the replay delivers nothing', async () => {
    const { engine, seen } = setup();
    engine.preload?.(MASTER);
    trigger(lastHls(), Events.MANIFEST_PARSED, manifest());
    engine.load(MASTER);
    engine.destroy();
    await Promise.resolve();
    expect(seen).toEqual([]);
  });

  it('does nothing (false) when a source is already loaded', () => {
    const { engine } = loaded();
    expect(engine.preload?.('https://cdn.test/film-2/master.m3u8')).toBe(false);
    expect(FakeHls.instances).toHaveLength(1);
  });
});

// --- native HLS (no MSE) ---------------------------------------------------------------------

describe('without MSE (iOS Safari): the element’s own HLS', () => {
  const nativeVideo = () => Object.assign(new FakeVideo(), { nativeHls: true });

  it('load sets the source on the element, seeks to the start once metadata is known, and reports the source ready', () => {
    FakeHls.supported = false;
    const { engine, video, facts } = setup(undefined, nativeVideo());
    expect(engine.preload?.(MASTER)).toBe(false);
    engine.load(MASTER, { startTime: 42 });
    expect(video.src).toBe(MASTER);
    expect(FakeHls.instances).toHaveLength(0);

    video.dispatch('loadedmetadata');
    expect(video.currentTime).toBe(42);
    expect(facts('sourceReady')).toEqual([{ levels: [], audioTracks: [], subtitleTracks: [] }]);
    video.currentTime = 50;
    video.dispatch('loadedmetadata');
    expect(video.currentTime).toBe(50);
  });

  it.each([
    [2, { kind: 'network', detail: 'manifestLoadError', fatal: true, message: 'network down' }],
    [3, { kind: 'media', detail: 'mediaError', fatal: true, message: 'decode failed' }],
  ])('a MediaError of code %i is a fatal error', (code, expected) => {
    vi.stubGlobal('MediaError', { MEDIA_ERR_NETWORK: 2 });
    FakeHls.supported = false;
    const { engine, video, facts } = setup(undefined, nativeVideo());
    engine.load(MASTER);
    video.error = { code, message: expected.message };
    video.dispatch('error');
    expect(facts('error')).toEqual([expected]);
  });

  it('a MediaError without a message is named by its code', () => {
    vi.stubGlobal('MediaError', { MEDIA_ERR_NETWORK: 2 });
    FakeHls.supported = false;
    const { engine, video, facts } = setup(undefined, nativeVideo());
    engine.load(MASTER);
    video.error = { code: 4, message: '' };
    video.dispatch('error');
    expect(facts('error')[0]?.message).toBe('MediaError 4');
  });

  it('neither MSE nor native HLS: a fatal mediaSourceUnsupported', () => {
    FakeHls.supported = false;
    const { engine, facts } = setup();
    engine.load(MASTER);
    expect(facts('error')).toEqual([{ kind: 'media', detail: 'mediaSourceUnsupported', fatal: true, message: 'HLS is not supported by this browser' }]);
  });
});

// --- destroy ---------------------------------------------------------------------------------

describe('destroy', () => {
  it('destroys Hls, removes every element, track and fact listener, and empties the element', () => {
    const { engine, video, seen } = loaded();
    const track = video.textTracks.add(new FakeTextTrack('subtitles', 'hidden'));
    const hls = lastHls();
    video.src = 'blob:mse';
    expect(video.listenerCount).toBeGreaterThan(0);

    engine.destroy();
    expect(hls.destroyed).toBe(true);
    expect([video.listenerCount, video.textTracks.listenerCount, track.listenerCount]).toEqual([0, 0, 0]);
    expect([video.src, video.loads]).toEqual(['', 1]);

    // The fact listeners are gone too: a later source's facts reach no one who listened before.
    engine.load(MASTER);
    trigger(lastHls(), Events.LEVEL_SWITCHED, { level: 0 });
    expect(seen).toEqual([]);
  });
});

// --- volume on iOS ---------------------------------------------------------------------------

describe('canSetVolume', () => {
  /** A fresh engine module: the probe's answer is kept for the page's life. */
  async function freshEngine(fakeDocument: unknown) {
    vi.resetModules();
    vi.stubGlobal('document', fakeDocument);
    const { createHlsEngine: create } = await import('./hls-engine');
    return create(new FakeVideo() as unknown as HTMLVideoElement);
  }

  it('is false where a detached video ignores volume writes (iOS), true where it keeps them', async () => {
    const ignoring = { createElement: () => ({ get volume() { return 1; }, set volume(_: number) {} }) };
    expect((await freshEngine(ignoring)).canSetVolume).toBe(false);
    const keeping = { createElement: () => ({ volume: 1 }) };
    expect((await freshEngine(keeping)).canSetVolume).toBe(true);
  });
});
