/**
 * The hls.js engine against an hls.js-shaped fake: loading, preload and the source's state, the element's
 * own HLS without MSE, commands, teardown, and the parts wired together (hls.js's errors through
 * the error policy). The mapping of events is tested in hls-events.test.ts, the policy in
 * error-policy.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Hls, { ErrorDetails, ErrorTypes, Events, type ErrorData, type HlsListeners } from 'hls.js';
import { FakeHls, FakeTextTrack, FakeVideo, timeRanges, trigger } from '../test-support/hls-fakes';
import { AUDIO_URL, L360, L720, LEVEL_URL, MASTER, media, segment, vodDetails } from '../test-support/hls-payloads';
import { createHlsEngine, HLS_PARTS_LEFT_OUT, KEY_LOAD_POLICY, type HlsEngineOptions } from './hls-engine';
import { toEngineError } from './hls-events';
import { ENGINE_FACT_NAMES, type EngineFactName, type EngineFacts } from './types';

/** The engine's hls.js: the fake class, with hls.js's own default configuration (its loader). */
const HlsClass = Object.assign(FakeHls, { DefaultConfig: Hls.DefaultConfig }) as unknown as typeof Hls;

// --- the engine under test, with every fact it emits recorded --------------------------------

const FACT_NAMES = ENGINE_FACT_NAMES;

function setup(options?: HlsEngineOptions, video = new FakeVideo()) {
  const engine = createHlsEngine(video as unknown as HTMLVideoElement, { Hls: HlsClass, ...options });
  const seen: Array<[EngineFactName, unknown]> = [];
  for (const fact of FACT_NAMES) engine.on(fact, (payload: unknown) => seen.push([fact, payload]));
  const facts = <K extends EngineFactName>(fact: K) => seen.filter(([name]) => name === fact).map(([, payload]) => payload as EngineFacts[K]);
  return { engine, video, seen, facts };
}

/** The Hls instance the engine created last. */
const lastHls = (): FakeHls => {
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

// --- errors ----------------------------------------------------------------------------------

describe('hls.js errors → engine error facts, through the error policy', () => {
  it.each([
    [ErrorDetails.KEY_LOAD_ERROR, 'HTTP Error 500 loading key'],
    [ErrorDetails.KEY_LOAD_TIMEOUT, 'key loading timed out'],
  ])(
    'a non-fatal key error stops the loading at once: hls.js would switch rendition and ask for the same key again (%s)',
    (details, message) => {
      const { hls, facts } = loaded();
      const data: ErrorData = { type: ErrorTypes.NETWORK_ERROR, details, fatal: false, frag: segment(), error: new Error(message) };
      trigger(hls, Events.ERROR, data);
      expect(hls.calls).toContain('stopLoad');
      expect(facts('error')).toEqual([{ ...toEngineError(data), fatal: true }]);
    },
  );

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

  it('an audio track whose playlist fails after another loaded: back to that track, loading on from the playhead, reported non-fatal', () => {
    const { hls, video, facts } = loaded();
    trigger(hls, Events.AUDIO_TRACK_LOADED, { id: 0 } as Parameters<HlsListeners[Events.AUDIO_TRACK_LOADED]>[1]);
    hls.audioTrack = 1;
    video.currentTime = 12;
    const fatal = { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.AUDIO_TRACK_LOAD_ERROR, fatal: true, context: { id: 1 }, error: new Error('404') } as unknown as ErrorData;
    trigger(hls, Events.ERROR, fatal);
    expect(hls.audioTrack).toBe(0);
    expect(hls.calls).toContain('startLoad');
    expect(facts('error')).toEqual([{ ...toEngineError(fatal), fatal: false }]);
  });

  it('a subtitle playlist that fails: subtitles off, loading on, reported non-fatal', () => {
    const { hls, facts } = loaded();
    hls.subtitleTrack = 0;
    const fatal = { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.SUBTITLE_LOAD_ERROR, fatal: true, context: { id: 0 }, error: new Error('404') } as unknown as ErrorData;
    trigger(hls, Events.ERROR, fatal);
    expect(hls.subtitleTrack).toBe(-1);
    expect(hls.calls).toContain('startLoad');
    expect(facts('error').map((error) => error.fatal)).toEqual([false]);
  });

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

describe('levels and tracks: commands to hls.js', () => {
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
      enableWorker: false,
      capLevelToPlayerSize: false,
      pLoader: expect.any(Function),
    });
    expect([hls.url, hls.media, hls.subtitleDisplay]).toEqual([MASTER, video, false]);
    expect(hls.calls).toEqual(['loadSource', 'attachMedia']);
  });

  it('loads keys with a time-out and no retry (SPEC.md §7): 8 s to the first byte, 20 s in all, then the error', () => {
    const { engine } = setup();
    engine.load(MASTER);
    // hls.js's own time-outs; its default retries a time-out once and an error 8 times.
    const noRetry = { maxTimeToFirstByteMs: 8_000, maxLoadTimeMs: 20_000, timeoutRetry: null, errorRetry: null };
    expect(lastHls().config.keyLoadPolicy).toEqual({ default: noRetry });
  });

  it('turns off the hls.js parts the player page’s build leaves out (scripts/hls-omitted.mjs)', () => {
    const { engine } = setup();
    engine.load(MASTER);
    // Present and empty: hls.js's defaults name the controllers, which the bundle does not have.
    expect(lastHls().config).toMatchObject({ fpsController: undefined, latencyController: undefined, id3TrackController: undefined, enableCEA708Captions: false });
    expect(Object.keys(HLS_PARTS_LEFT_OUT).every((key) => key in lastHls().config)).toBe(true);
  });

  it('start 0 means hls.js’s own start (-1); the caller’s config wins', () => {
    const { engine } = setup({ config: { backBufferLength: 90 } });
    engine.load(MASTER);
    expect(lastHls().config).toMatchObject({ startPosition: -1, backBufferLength: 90 });
  });

  it('the transmuxer worker: none at load (an fMP4 stream never fetches it), set by an MPEG-TS playlist, its failure reported once as the fallback', () => {
    const { engine, facts } = setup({ workerUrl: './assets/hls-worker-TEST.js' });
    engine.load(MASTER);
    const hls = lastHls();
    expect(hls.config).toMatchObject({ enableWorker: false });
    expect(hls.config.workerPath).toBeUndefined();
    const details = vodDetails(2, 4);
    trigger(hls, Events.LEVEL_LOADED, { details, level: 0, id: 0 } as unknown as Parameters<HlsListeners[Events.LEVEL_LOADED]>[1]);
    expect(hls.config).toMatchObject({ enableWorker: true, workerPath: './assets/hls-worker-TEST.js' });
    const failed = { type: ErrorTypes.OTHER_ERROR, details: ErrorDetails.INTERNAL_EXCEPTION, fatal: false, event: 'demuxerWorker', error: new Error('x') } as ErrorData;
    trigger(hls, Events.ERROR, failed);
    trigger(hls, Events.ERROR, failed);
    expect(facts('error').map((error) => [error.detail, error.fatal])).toEqual([['transmuxerWorkerFallback', false]]);
  });

  it('a new source destroys the previous Hls before creating the next, which starts from the bandwidth the previous one measured', () => {
    const { engine } = setup();
    engine.load(MASTER);
    const first = lastHls();
    expect(first.config.abrEwmaDefaultEstimate).toBeUndefined();
    first.bandwidthEstimate = 6_200_000;
    engine.load('https://cdn.test/film-2/master.m3u8');
    expect(first.destroyed).toBe(true);
    expect(FakeHls.instances).toHaveLength(2);
    expect(lastHls().url).toBe('https://cdn.test/film-2/master.m3u8');
    expect(lastHls().config.abrEwmaDefaultEstimate).toBe(6_200_000);
  });
});

// --- the media element -----------------------------------------------------------------------

describe('media element events → engine facts', () => {
  it('the element’s events, its time and its subtitle cues reach the engine’s listeners', () => {
    const { engine, video, seen } = loaded();
    video.currentTime = 12;
    video.dispatch('playing');
    video.dispatch('timeupdate');
    video.textTracks.add(new FakeTextTrack('subtitles', 'hidden')).showCues('Привет');
    expect(seen.map(([fact]) => fact)).toEqual(['playing', 'timeUpdated', 'cuesChanged']);
    expect(engine.readTime()).toMatchObject({ currentTime: 12 });
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
  it('play plays the element by the autoplay rule: with sound; refused sound, muted; refused muted too, not at all; pause pauses', async () => {
    const { engine, video } = loaded();
    expect(await engine.play({ muted: false })).toBe('sound');
    const refusal = () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    video.play.mockReturnValueOnce(refusal());
    expect(await engine.play({ muted: false })).toBe('muted');
    expect(video.muted).toBe(true);
    video.play.mockReturnValueOnce(refusal());
    expect(await engine.play({ muted: true })).toBe('blocked');
    const aborted = Object.assign(new Error('reloaded'), { name: 'AbortError' });
    video.play.mockReturnValueOnce(Promise.reject(aborted));
    await expect(engine.play({ muted: false })).rejects.toBe(aborted);
    engine.pause();
    expect([video.play.mock.calls.length, video.pause.mock.calls.length]).toEqual([5, 1]);
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

// --- start level ------------------------------------------------------------------------------

describe('the start level over a slow link', () => {
  const INIT_URL = 'https://cdn.test/film/720p/init.mp4';
  const manifest = () =>
    ({ levels: [L360(), L720()], audioTracks: [], subtitleTracks: [], firstLevel: 0 }) as unknown as Parameters<HlsListeners[Events.MANIFEST_PARSED]>[1];

  function onLink(effectiveType: string) {
    vi.stubGlobal('navigator', { connection: { effectiveType } });
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      if (url === LEVEL_URL) return new Response('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2,\nseg-0.m4s\n');
      return new Response(new Uint8Array([1, 2, 3]));
    });
    return fetched;
  }

  /** The engine's fragment loader asked for the 720p init segment, as hls.js asks on the climb. */
  function loadInit(hls: FakeHls) {
    const Loader = hls.config.fLoader as new (config: unknown) => { load: (...args: unknown[]) => void };
    const onSuccess = vi.fn();
    const frag = { sn: 'initSegment', url: INIT_URL };
    new Loader(hls.config).load({ url: INIT_URL, frag, responseType: 'arraybuffer' }, { loadPolicy: { maxLoadTimeMs: 20_000, timeoutRetry: null } }, { onSuccess, onError: vi.fn(), onTimeout: vi.fn() });
    return onSuccess;
  }

  it("starts at 360p where hls.js would start at 720p, and fetches the 720p playlist and init segment once the first segment is in: the climb takes them from memory", async () => {
    const fetched = onLink('3g');
    const { hls } = loaded();
    hls.firstAutoLevel = 1;
    trigger(hls, Events.MANIFEST_PARSED, manifest());
    expect(hls.startLevel).toBe(0);
    // Not beside the start's own requests: once its first segment is in.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetched).toEqual([]);
    trigger(hls, Events.FRAG_BUFFERED, { frag: segment() } as Parameters<HlsListeners[Events.FRAG_BUFFERED]>[1]);
    await vi.waitFor(() => expect(fetched).toEqual([LEVEL_URL, INIT_URL]));
    const onSuccess = loadInit(hls);
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(new Uint8Array(onSuccess.mock.calls[0]![0].data)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('holds ABR at the start level until 10 s are buffered ahead (or all that is left), then lets it climb', () => {
    onLink('3g');
    const { hls, video } = loaded();
    hls.firstAutoLevel = 1;
    trigger(hls, Events.MANIFEST_PARSED, manifest());
    expect(hls.autoLevelCapping).toBe(0);
    Object.assign(video, { duration: 120, currentTime: 2, buffered: timeRanges([0, 11.9]) });
    trigger(hls, Events.FRAG_BUFFERED, { frag: segment() } as Parameters<HlsListeners[Events.FRAG_BUFFERED]>[1]);
    expect(hls.autoLevelCapping).toBe(0);
    Object.assign(video, { buffered: timeRanges([0, 12]) });
    trigger(hls, Events.FRAG_BUFFERED, { frag: segment() } as Parameters<HlsListeners[Events.FRAG_BUFFERED]>[1]);
    expect(hls.autoLevelCapping).toBe(-1);

    const short = loaded();
    short.hls.firstAutoLevel = 1;
    trigger(short.hls, Events.MANIFEST_PARSED, manifest());
    Object.assign(short.video, { duration: 8, currentTime: 2, buffered: timeRanges([0, 8]) });
    trigger(short.hls, Events.FRAG_BUFFERED, { frag: segment() } as Parameters<HlsListeners[Events.FRAG_BUFFERED]>[1]);
    expect(short.hls.autoLevelCapping).toBe(-1);
  });

  it("leaves hls.js's choice and fetches nothing ahead on a 4G link", async () => {
    const fetched = onLink('4g');
    const { hls } = loaded();
    hls.firstAutoLevel = 1;
    trigger(hls, Events.MANIFEST_PARSED, manifest());
    expect(hls.startLevel).toBe(-1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetched).toEqual([]);
  });
});

// --- preload ---------------------------------------------------------------------------------

describe('preload', () => {
  const manifest = () =>
    ({ levels: [L360()], audioTracks: [], subtitleTracks: [], firstLevel: 0 }) as unknown as Parameters<HlsListeners[Events.MANIFEST_PARSED]>[1];

  it("keeps the source's state from its facts, for whoever connects later; the facts go out as they come", () => {
    const { engine, video, seen } = setup();
    expect(engine.source()).toBeNull();
    expect(engine.preload(MASTER, { startTime: 30 })).toBe(true);
    const hls = lastHls();
    expect(hls.config).toMatchObject({ startPosition: 30 });
    trigger(hls, Events.MANIFEST_PARSED, manifest());
    trigger(hls, Events.LEVEL_SWITCHED, { level: 0 });
    trigger(hls, Events.AUDIO_TRACK_SWITCHED, media('AUDIO', 0, 'Русский', 'ru', true, AUDIO_URL));
    video.currentTime = 31;
    video.dispatch('playing');
    video.dispatch('timeupdate');
    expect(seen.map(([fact]) => fact)).toEqual(['sourceReady', 'levelSwitched', 'audioTrackSwitched', 'playing', 'timeUpdated']);
    expect(engine.source()).toMatchObject({
      url: MASTER,
      startTime: 30,
      ready: { levels: [expect.objectContaining({ height: 360 })], audioTracks: [], subtitleTracks: [] },
      level: { level: 0 },
      audioTrack: 0,
      flow: 'playing',
      time: expect.objectContaining({ currentTime: 31 }),
      error: null,
    });
  });

  it('picks the audio track while hls.js announces the list, before any listener', () => {
    const { engine } = setup();
    const pickAudioTrack = vi.fn((tracks: Array<{ id: number; lang: string }>) => tracks.find((track) => track.lang === 'en')!.id);
    engine.preload(MASTER, { pickAudioTrack });
    const hls = lastHls();
    trigger(hls, Events.AUDIO_TRACKS_UPDATED, { audioTracks: [media('AUDIO', 0, 'Русский', 'ru', true, AUDIO_URL), media('AUDIO', 1, 'English', 'en', false, AUDIO_URL)] });
    expect(hls.audioTrack).toBe(1);
    expect(pickAudioTrack).toHaveBeenCalledWith([
      { id: 0, name: 'Русский', lang: 'ru', isDefault: true },
      { id: 1, name: 'English', lang: 'en', isDefault: false },
    ]);
  });

  it('a load replaces the preloaded stream, whatever its source: the state starts afresh, but for the volume', () => {
    const { engine, video } = setup();
    engine.preload(MASTER);
    const preloaded = lastHls();
    trigger(preloaded, Events.MANIFEST_PARSED, manifest());
    video.dispatch('volumechange');
    engine.load(MASTER);
    expect(preloaded.destroyed).toBe(true);
    expect(FakeHls.instances).toHaveLength(2);
    expect(engine.source()).toMatchObject({ url: MASTER, startTime: 0, ready: null, flow: null, volume: { volume: 1, muted: false } });
  });

  it('keeps every error for whoever reports them, and the fatal one as what stopped the source', () => {
    const { engine } = setup();
    engine.preload(MASTER);
    const hls = lastHls();
    trigger(hls, Events.ERROR, { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.LEVEL_LOAD_ERROR, fatal: false } as ErrorData);
    expect(engine.source()?.error).toBeNull();
    trigger(hls, Events.ERROR, { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.MANIFEST_LOAD_ERROR, fatal: true } as ErrorData);
    expect(engine.source()?.error).toMatchObject({ kind: 'network', detail: ErrorDetails.MANIFEST_LOAD_ERROR, fatal: true });
    expect(engine.source()?.errors.map(({ detail, fatal }) => [detail, fatal])).toEqual([
      [ErrorDetails.LEVEL_LOAD_ERROR, false],
      [ErrorDetails.MANIFEST_LOAD_ERROR, true],
    ]);
  });

  it('does nothing (false) when a source is already loaded', () => {
    const { engine } = loaded();
    expect(engine.preload('https://cdn.test/film-2/master.m3u8')).toBe(false);
    expect(FakeHls.instances).toHaveLength(1);
  });
});

// --- native HLS (no MSE) ---------------------------------------------------------------------

describe('without MSE (iOS Safari): the element’s own HLS', () => {
  const nativeVideo = () => Object.assign(new FakeVideo(), { nativeHls: true });

  it('load sets the source on the element, seeks to the start once metadata is known, and reports the source ready', () => {
    FakeHls.supported = false;
    const { engine, video, facts } = setup(undefined, nativeVideo());
    expect(engine.preload(MASTER)).toBe(false);
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

// --- the harness's engine controls -----------------------------------------------------------

describe('debug (the harness Engine tab)', () => {
  it('answers null and does nothing until an hls.js stream is loaded', () => {
    const { engine } = setup();
    const debug = engine.debug;
    expect([debug.levels(), debug.config()]).toEqual([null, null]);
    expect([debug.setLevel(1), debug.setAutoCap(0), debug.recover(), debug.stopLoad(), debug.startLoad()]).toEqual([false, false, false, false, false]);
    expect(FakeHls.instances).toEqual([]);
  });

  it('reads the renditions and hls.js choice, and sets the level at once, from the next segment, or the cap', () => {
    const { engine, hls } = loaded();
    hls.levels = [
      { width: 426, height: 240, bitrate: 156_000, codecs: 'avc1' },
      { width: 1280, height: 720, bitrate: 482_000, codecs: 'avc1' },
    ];
    Object.assign(hls, { currentLevel: 0, nextLevel: 1, loadLevel: 1, autoLevelEnabled: true, autoLevelCapping: -1 });
    const debug = engine.debug;
    expect(debug.levels()).toEqual({
      current: 0,
      next: 1,
      load: 1,
      auto: true,
      cap: -1,
      levels: [
        { width: 426, height: 240, bitrate: 156_000 },
        { width: 1280, height: 720, bitrate: 482_000 },
      ],
    });
    expect(debug.setLevel(1)).toBe(true);
    expect([hls.currentLevel, hls.nextLevel]).toEqual([1, 1]);
    expect(debug.setLevel(0, true)).toBe(true);
    expect([hls.currentLevel, hls.nextLevel]).toEqual([1, 0]);
    expect(debug.setAutoCap(0)).toBe(true);
    expect(hls.autoLevelCapping).toBe(0);
  });

  it('recovers, stops and starts loading on the live instance; the start is from the playhead, with no seek', () => {
    const { engine, hls, video } = loaded();
    const startLoad = vi.spyOn(hls, 'startLoad');
    video.currentTime = 12;
    const debug = engine.debug;
    expect([debug.recover(), debug.stopLoad(), debug.startLoad()]).toEqual([true, true, true]);
    expect(hls.calls.filter((call) => ['recoverMediaError', 'stopLoad', 'startLoad'].includes(call))).toEqual(['recoverMediaError', 'stopLoad', 'startLoad']);
    expect(startLoad).toHaveBeenCalledWith(12, true);
  });

  it('gives hls.js config as it is (the engine settings among it), and nothing after destroy', () => {
    const { engine, hls } = loaded();
    expect(engine.debug.config()).toBe(hls.config);
    expect(engine.debug.config()).toMatchObject({ backBufferLength: 30, capLevelToPlayerSize: false, startFragPrefetch: true, keyLoadPolicy: KEY_LOAD_POLICY });
    engine.destroy();
    expect([engine.debug.config(), engine.debug.stopLoad()]).toEqual([null, false]);
  });

  it('acts on no element when the browser plays HLS natively', () => {
    FakeHls.supported = false;
    const { engine, video } = setup(undefined, Object.assign(new FakeVideo(), { nativeHls: true }));
    engine.load(MASTER);
    expect(video.src).toBe(MASTER);
    expect([engine.debug.levels(), engine.debug.stopLoad()]).toEqual([null, false]);
  });
});

describe('unlock: the element played inside the viewer\'s gesture, for Safari\'s engine', () => {
  /** A video whose play() the browser allows (paused turns false at once) or refuses (it stays paused). */
  class GestureVideo extends FakeVideo {
    paused = true;
    allowed = true;
    mutedAtPlay: boolean[] = [];
    override play = vi.fn(() => {
      this.mutedAtPlay.push(this.muted);
      if (!this.allowed) return Promise.reject(Object.assign(new Error('refused'), { name: 'NotAllowedError' }));
      this.paused = false;
      return Promise.resolve();
    });
    override pause = vi.fn(() => void (this.paused = true));
  }

  it('plays and pauses a paused element at once, and withholds what it says meanwhile', () => {
    const video = new GestureVideo();
    const { engine, seen } = setup(undefined, video);
    engine.load(MASTER);
    seen.length = 0;
    engine.unlock!();
    expect(video.play).toHaveBeenCalledTimes(1);
    expect(video.pause).toHaveBeenCalledTimes(1);
    // Played muted (an ad starting in the same click keeps the sound), the viewer's mute then put back.
    expect(video.mutedAtPlay).toEqual([true]);
    expect(video.muted).toBe(false);
    for (const event of ['volumechange', 'play', 'playing', 'timeupdate', 'pause']) video.dispatch(event);
    expect(seen.map(([fact]) => fact)).toEqual([]);
    // Then the element speaks again.
    video.dispatch('playing');
    expect(seen.map(([fact]) => fact)).toEqual(['playing']);
  });

  it('does nothing outside the viewer\'s gesture, where the browser can tell (User Activation API)', () => {
    const video = new GestureVideo();
    const { engine } = setup(undefined, video);
    vi.stubGlobal('navigator', { userActivation: { isActive: false } });
    engine.unlock!();
    expect(video.play).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { userActivation: { isActive: true } });
    engine.unlock!();
    expect(video.play).toHaveBeenCalledTimes(1);
  });

  it('does nothing to an element that plays, and nothing is withheld when the browser refuses', () => {
    const video = new GestureVideo();
    const { engine, seen } = setup(undefined, video);
    video.paused = false;
    engine.unlock!();
    expect(video.play).not.toHaveBeenCalled();
    video.paused = true;
    video.allowed = false;
    engine.unlock!();
    expect(video.pause).not.toHaveBeenCalled();
    expect(video.muted).toBe(false);
    video.dispatch('pause');
    expect(seen.map(([fact]) => fact)).toEqual(['paused']);
  });
});

describe('subtitle choice and the element\'s own text tracks (Firefox)', () => {
  it("sets the modes itself: the chosen track 'hidden', the others 'disabled'; off disables all", () => {
    const { engine, hls, video } = loaded();
    const english = Object.assign(new FakeTextTrack('subtitles', 'showing'), { label: 'English', language: 'en' });
    const russian = Object.assign(new FakeTextTrack('subtitles', 'hidden'), { label: 'Русские', language: 'ru' });
    video.textTracks.add(english);
    video.textTracks.add(russian);
    hls.subtitleTracks = [{ name: 'English', lang: 'en' }, { name: 'Русские', lang: 'ru' }];
    engine.setSubtitleTrack(0);
    expect([english.mode, russian.mode]).toEqual(['hidden', 'disabled']);
    engine.setSubtitleTrack(-1);
    expect([english.mode, russian.mode]).toEqual(['disabled', 'disabled']);
  });
});
