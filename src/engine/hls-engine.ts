import Hls, { ErrorDetails, ErrorTypes, Events, type ErrorData, type HlsConfig, type Level, type MediaPlaylist } from 'hls.js';
import { createFactEmitter } from './fact-emitter';
import { withEarlyPlaylists } from './early-loader';
import type { EngineAudioTrack, EngineError, EngineErrorKind, EngineLevel, EngineSubtitleTrack, LoadOptions, MediaEngine, PreloadOptions } from './types';

const HLS_MIME = 'application/vnd.apple.mpegurl';
/** Playlists from the network, or from the page's early start when it fetched them. */
const earlyPlaylistLoader = withEarlyPlaylists(Hls.DefaultConfig.loader);

/** Seconds of played media kept behind the playhead; bounds memory on long sessions. */
const BACK_BUFFER_S = 30;

/**
 * Decryption keys (SPEC.md §7): fetched as binary (hls.js loads keys as an ArrayBuffer) with a
 * time-out and no retry, so a broken key fails fast and is reported instead of stalling.
 */
export const KEY_LOAD_POLICY: HlsConfig['keyLoadPolicy'] = {
  default: { maxTimeToFirstByteMs: 8_000, maxLoadTimeMs: 20_000, timeoutRetry: null, errorRetry: null },
};

const ERROR_KINDS: Record<string, EngineErrorKind> = {
  [ErrorTypes.NETWORK_ERROR]: 'network',
  [ErrorTypes.MEDIA_ERROR]: 'media',
  [ErrorTypes.KEY_SYSTEM_ERROR]: 'key',
  [ErrorTypes.MUX_ERROR]: 'mux',
  [ErrorTypes.OTHER_ERROR]: 'other',
};

export function toEngineLevel(level: Level, index: number): EngineLevel {
  const details = level.details;
  return {
    index,
    bitrate: level.bitrate,
    codecs: level.codecs,
    width: level.width,
    height: level.height,
    details: details
      ? { live: details.live, totalDuration: details.totalduration, targetDuration: details.targetduration, fragments: details.fragments.length }
      : null,
    pathwayId: level.pathwayId,
    hdcpLevel: level.attrs['HDCP-LEVEL'] ?? null,
  };
}

function toTrack(track: MediaPlaylist): EngineAudioTrack & EngineSubtitleTrack {
  return { id: track.id, name: track.name, lang: track.lang ?? '', isDefault: track.default };
}

export function toEngineError(data: ErrorData): EngineError {
  return {
    kind: ERROR_KINDS[data.type] ?? 'other',
    detail: data.details,
    fatal: data.fatal,
    message: data.error?.message ?? data.reason ?? data.details,
    url: data.url ?? data.context?.url ?? data.frag?.url,
    responseCode: data.response?.code,
  };
}

/** Seconds buffered ahead of `time` in the range that holds it. */
export function bufferedAhead(buffered: TimeRanges, time: number): number {
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= time + 0.1 && time <= buffered.end(i)) return buffered.end(i) - time;
  }
  return 0;
}

/** Every range as [start, end] seconds. */
export function bufferedRanges(buffered: TimeRanges): Array<readonly [number, number]> {
  const ranges: Array<readonly [number, number]> = [];
  for (let i = 0; i < buffered.length; i++) ranges.push([buffered.start(i), buffered.end(i)]);
  return ranges;
}

/** Plain text of the cues showing now; markup such as <i> is dropped. */
function activeCueTexts(track: TextTrack): string[] {
  const texts: string[] = [];
  for (const cue of Array.from(track.activeCues ?? [])) {
    const text = 'text' in cue && typeof cue.text === 'string' ? cue.text.replace(/<[^>]*>/g, '').trim() : '';
    if (text) texts.push(text);
  }
  return texts;
}

/** iOS ignores volume writes: probe a detached element once. */
let volumeSettable: boolean | null = null;
function canSetVolume(): boolean {
  if (volumeSettable === null) {
    try {
      const probe = document.createElement('video');
      probe.volume = 0.5;
      volumeSettable = Math.abs(probe.volume - 0.5) < 0.01;
    } catch {
      volumeSettable = true;
    }
  }
  return volumeSettable;
}

export interface HlsEngineOptions {
  config?: Partial<HlsConfig>;
}

/**
 * The MediaEngine over hls.js (MSE). One Hls instance lives per source and is destroyed with
 * its listeners when the source changes. Where MSE is missing (iOS Safari) the element's
 * native HLS is used instead.
 */
export function createHlsEngine(video: HTMLVideoElement, options: HlsEngineOptions = {}): MediaEngine {
  const facts = createFactEmitter();
  /** Facts of a preloaded source, held until `load` takes it. */
  let held: Array<() => void> | null = null;
  let preloaded: { url: string; startTime: number } | null = null;
  /** Told once of a fatal error of the preloaded source, while nobody listens yet. */
  let preloadFailed: (() => void) | null = null;
  const emit: typeof facts.emit = (...args) => {
    if (held) {
      held.push(() => facts.emit(...args));
      const [fact, payload] = args;
      if (fact === 'error' && (payload as EngineError).fatal && preloadFailed) {
        const failed = preloadFailed;
        preloadFailed = null;
        failed();
      }
    } else facts.emit(...args);
  };
  const useMse = Hls.isSupported();
  let hls: Hls | null = null;
  let mediaRecoveries = 0;

  const time = () => {
    // Each read of `buffered` makes a new object from every source buffer's ranges: read once.
    const { buffered, currentTime } = video;
    return { currentTime, duration: video.duration, bufferedAhead: bufferedAhead(buffered, currentTime), bufferedRanges: bufferedRanges(buffered) };
  };
  const videoListeners: Array<[keyof HTMLMediaElementEventMap, () => void]> = [
    ['playing', () => emit('playing')],
    ['pause', () => emit('paused')],
    ['waiting', () => emit('waiting')],
    ['seeking', () => emit('seeking', { currentTime: video.currentTime })],
    ['seeked', () => emit('seeked', { currentTime: video.currentTime })],
    ['ended', () => emit('ended')],
    ['timeupdate', () => emit('timeUpdated', time())],
    ['progress', () => emit('timeUpdated', time())],
    ['durationchange', () => emit('durationChanged', { duration: video.duration })],
    ['volumechange', () => emit('volumeChanged', { volume: video.volume, muted: video.muted })],
    ['ratechange', () => emit('rateChanged', { rate: video.playbackRate })],
    ['loadedmetadata', () => !useMse && emit('sourceReady', { levels: [], audioTracks: [], subtitleTracks: [] })],
    ['error', () => !useMse && video.error && emit('error', nativeError(video.error))],
  ];
  for (const [name, listener] of videoListeners) video.addEventListener(name, listener);

  // Captions are drawn by the player from these facts; the tracks stay 'hidden' so the
  // browser does not draw them a second time.
  const cueTracks = new WeakSet<TextTrack>();
  let lastCues = '';
  const emitCues = (texts: string[]) => {
    const key = texts.join('\n');
    if (key === lastCues) return;
    lastCues = key;
    emit('cuesChanged', { texts });
  };
  const onCueChange = (event: Event) => {
    const track = event.target as TextTrack;
    if (track.mode !== 'disabled') emitCues(activeCueTexts(track));
  };
  const onTextTracksChanged = () => {
    let active: TextTrack | null = null;
    for (const track of Array.from(video.textTracks)) {
      if (!cueTracks.has(track)) {
        cueTracks.add(track);
        track.addEventListener('cuechange', onCueChange);
      }
      if (track.mode !== 'disabled' && (track.kind === 'subtitles' || track.kind === 'captions')) active = track;
    }
    emitCues(active ? activeCueTexts(active) : []);
  };
  video.textTracks.addEventListener('addtrack', onTextTracksChanged);
  video.textTracks.addEventListener('change', onTextTracksChanged);

  const levels = () => (hls?.levels ?? []).map(toEngineLevel);

  function onError(data: ErrorData): void {
    const error = toEngineError(data);
    if (!data.fatal && hls && (data.details === ErrorDetails.KEY_LOAD_ERROR || data.details === ErrorDetails.KEY_LOAD_TIMEOUT)) {
      // Keys are not retried (SPEC.md §7). hls.js would switch rendition and, its key cache
      // cleared, ask for the same key again: the first failure ends the stream.
      hls.stopLoad();
      emit('error', { ...error, fatal: true });
      return;
    }
    // A manifest none of whose codecs the browser plays has nothing to recover: it is the error.
    const recoverable = data.details !== ErrorDetails.MANIFEST_INCOMPATIBLE_CODECS_ERROR;
    if (data.fatal && data.type === ErrorTypes.MEDIA_ERROR && recoverable && hls && mediaRecoveries < 2) {
      // First try a plain recovery; a second failure often means an audio codec mismatch.
      if (mediaRecoveries === 1) hls.swapAudioCodec();
      mediaRecoveries += 1;
      hls.recoverMediaError();
      emit('error', { ...error, fatal: false });
      return;
    }
    emit('error', error);
  }

  function createHls(url: string, startTime: number): Hls {
    const instance = new Hls({
      backBufferLength: BACK_BUFFER_S,
      startPosition: startTime > 0 ? startTime : -1,
      capLevelToPlayerSize: false,
      enableWorker: true,
      // Playlists served from memory arrive before the MediaSource opens; without this the first
      // segment would wait for hls.js's next 100 ms tick instead of loading at once.
      startFragPrefetch: true,
      keyLoadPolicy: KEY_LOAD_POLICY,
      pLoader: earlyPlaylistLoader,
      ...options.config,
    });
    instance.on(Events.MANIFEST_PARSED, (_, data) =>
      emit('sourceReady', {
        levels: data.levels.map(toEngineLevel),
        audioTracks: data.audioTracks.map(toTrack),
        subtitleTracks: data.subtitleTracks.map(toTrack),
      }),
    );
    instance.on(Events.LEVEL_LOADED, () => emit('levelsUpdated', levels()));
    // Loading moves on even while no frame shows: the start watchdog reads it.
    instance.on(Events.FRAG_BUFFERED, () => emit('loadProgress'));
    // hls.js drops levels it cannot play (codec or key errors, failed decoding checks); the indexes
    // after the dropped one shift, so the list the model picks from must follow.
    instance.on(Events.LEVELS_UPDATED, (_, data) => emit('levelsUpdated', data.levels.map(toEngineLevel)));
    instance.on(Events.LEVEL_SWITCHED, (_, data) => emit('levelSwitched', { level: data.level, auto: instance.autoLevelEnabled }));
    instance.on(Events.AUDIO_TRACKS_UPDATED, (_, data) => emit('audioTracksUpdated', data.audioTracks.map(toTrack)));
    instance.on(Events.AUDIO_TRACK_SWITCHED, (_, data) => emit('audioTrackSwitched', { id: data.id }));
    instance.on(Events.SUBTITLE_TRACKS_UPDATED, (_, data) => emit('subtitleTracksUpdated', data.subtitleTracks.map(toTrack)));
    instance.on(Events.SUBTITLE_TRACK_SWITCH, (_, data) => emit('subtitleTrackSwitched', { id: data.id }));
    instance.on(Events.ERROR, (_, data) => onError(data));
    instance.subtitleDisplay = false;
    instance.loadSource(url);
    instance.attachMedia(video);
    return instance;
  }

  function teardown(): void {
    held = null;
    preloaded = null;
    preloadFailed = null;
    if (hls) {
      hls.destroy();
      hls = null;
    }
    mediaRecoveries = 0;
  }

  return {
    load(url: string, { startTime = 0 }: LoadOptions = {}) {
      if (preloaded && hls && preloaded.url === url && preloaded.startTime === startTime) {
        // The stream is already on its way: its facts so far reach the listeners now, after the
        // caller's own reaction to this load, as facts always come.
        const replay = held ?? [];
        preloaded = null;
        preloadFailed = null;
        held = [];
        queueMicrotask(() => {
          if (held === null) return; // torn down meanwhile
          const later = held;
          held = null;
          for (const fact of [...replay, ...later]) fact();
        });
        return;
      }
      teardown();
      if (useMse) {
        hls = createHls(url, startTime);
      } else if (video.canPlayType(HLS_MIME)) {
        video.src = url;
        if (startTime > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = startTime), { once: true });
      } else {
        emit('error', { kind: 'media', detail: 'mediaSourceUnsupported', fatal: true, message: 'HLS is not supported by this browser' });
      }
    },
    preload(url: string, { startTime = 0, pickAudioTrack, onFailed }: PreloadOptions = {}) {
      if (!useMse || hls) return false;
      held = [];
      preloaded = { url, startTime };
      preloadFailed = onFailed ?? null;
      const instance = createHls(url, startTime);
      hls = instance;
      if (pickAudioTrack) {
        // Set while hls.js announces the list, a track replaces the manifest default before it loads.
        instance.once(Events.AUDIO_TRACKS_UPDATED, (_, data) => {
          if (data.audioTracks.length === 0) return;
          const id = pickAudioTrack(data.audioTracks.map(toTrack));
          if (id !== instance.audioTrack) instance.audioTrack = id;
        });
      }
      return true;
    },
    play: () => video.play(),
    pause: () => video.pause(),
    seek(seconds: number) {
      if (!Number.isFinite(seconds)) return;
      const end = Number.isFinite(video.duration) ? video.duration : Infinity;
      video.currentTime = Math.min(Math.max(0, seconds), end);
    },
    setVolume(volume: number) {
      if (Number.isFinite(volume)) video.volume = Math.min(1, Math.max(0, volume));
    },
    setMuted(muted: boolean) {
      video.muted = muted;
    },
    setPlaybackRate(rate: number) {
      if (Number.isFinite(rate) && rate > 0) video.playbackRate = rate;
    },
    setLevel(index: number) {
      if (hls) hls.currentLevel = index;
    },
    setAudioTrack(id: number) {
      if (hls) hls.audioTrack = id;
    },
    setSubtitleTrack(id: number) {
      if (!hls) return;
      hls.subtitleDisplay = false;
      hls.subtitleTrack = id;
    },
    get bandwidthEstimate() {
      return hls ? hls.bandwidthEstimate : Number.NaN;
    },
    readTime: time,
    get canSetVolume() {
      return canSetVolume();
    },
    on: facts.on,
    destroy() {
      teardown();
      for (const [name, listener] of videoListeners) video.removeEventListener(name, listener);
      video.textTracks.removeEventListener('addtrack', onTextTracksChanged);
      video.textTracks.removeEventListener('change', onTextTracksChanged);
      for (const track of Array.from(video.textTracks)) track.removeEventListener('cuechange', onCueChange);
      facts.clear();
      video.removeAttribute('src');
      video.load();
    },
  };
}

function nativeError(error: MediaError): EngineError {
  const network = error.code === MediaError.MEDIA_ERR_NETWORK;
  return {
    kind: network ? 'network' : 'media',
    detail: network ? 'manifestLoadError' : 'mediaError',
    fatal: true,
    message: error.message || `MediaError ${error.code}`,
  };
}
