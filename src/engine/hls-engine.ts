import Hls, { Events, type ErrorData, type HlsConfig } from 'hls.js';
import { createFactEmitter } from './fact-emitter';
import { withEarlyInitSegments, withEarlyPlaylists } from './early-loader';
import { createPlaylistPrefetch, prefetchLevel } from './playlist-prefetch';
import { createPlaylistCache, createSegmentCache, type PlaylistCache } from './playlist-cache';
import { errorAction } from './error-policy';
import { createMediaSurface } from './media-surface';
import { applySubtitleModes } from './subtitle-modes';
import { startLevel, type LinkHint } from './start-level';
import { forwardCues, forwardHlsEvents, forwardMediaEvents, readMediaTime, toEngineError, toTrack, type EmitFact } from './hls-events';
import type { EngineError, LoadOptions, MediaEngine, PreloadOptions } from './types';

const HLS_MIME = 'application/vnd.apple.mpegurl';
/** Playlists from the network, or from the page's early start when it fetched them. */

/** What the element says while it is unlocked: its mute and play, playing or waiting, timeupdate and pause. */
const UNLOCK_QUIET_FACTS = new Set(['volumeChanged', 'playing', 'paused', 'waiting', 'timeUpdated']);

/**
 * hls.js parts the player does not run; the player page's build leaves their code out
 * (scripts/hls-omitted.mjs says why, part by part), so hls.js must not reach for them: no frame-drop
 * level cap (the frame-rate drop event is the player's own), no live latency (films and series on
 * demand), no ID3 metadata track, no CEA-608 captions from inside the video (subtitles are the
 * playlist's renditions, drawn by the player).
 */

/** The browser's report of its link (Chromium's Network Information API), if any. */
const linkHint = (): LinkHint | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: LinkHint }).connection;

export const HLS_PARTS_LEFT_OUT = {
  fpsController: undefined,
  latencyController: undefined,
  id3TrackController: undefined,
  enableCEA708Captions: false,
} satisfies Partial<HlsConfig>;

/** Seconds of played media kept behind the playhead; bounds memory on long sessions. */
const BACK_BUFFER_S = 30;

/**
 * Decryption keys (SPEC.md §7): fetched as binary (hls.js loads keys as an ArrayBuffer) with a
 * time-out and no retry, so a broken key fails fast and is reported instead of stalling.
 */
export const KEY_LOAD_POLICY: HlsConfig['keyLoadPolicy'] = {
  default: { maxTimeToFirstByteMs: 8_000, maxLoadTimeMs: 20_000, timeoutRetry: null, errorRetry: null },
};

/** The page is handling the viewer's gesture now; true where the browser cannot say (no User Activation API). */
function inGesture(): boolean {
  const activation = typeof navigator === 'undefined' ? undefined : (navigator as { userActivation?: { isActive: boolean } }).userActivation;
  return activation === undefined || activation.isActive;
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
  /**
   * The page's playlists fetched ahead (the start episode's master by the entry, the next
   * episode's by `prefetch`), served from memory once; without it every playlist is fetched.
   */
  playlists?: PlaylistCache;
}

/**
 * The MediaEngine over hls.js (MSE). One Hls instance lives per source and is destroyed with
 * its listeners when the source changes. Where MSE is missing (iOS Safari) the element's
 * native HLS is used instead. Events become facts in hls-events.ts; error-policy.ts says what
 * to do with an hls.js error; this file loads, holds a preloaded source's facts, and tears down.
 */
export function createHlsEngine(video: HTMLVideoElement, options: HlsEngineOptions = {}): MediaEngine {
  const facts = createFactEmitter();
  const playlists = options.playlists ?? createPlaylistCache();
  const playlistLoader = withEarlyPlaylists(Hls.DefaultConfig.loader, playlists);
  const segments = createSegmentCache();
  const fragmentLoader = withEarlyInitSegments(Hls.DefaultConfig.loader, segments);
  const prefetch = createPlaylistPrefetch(playlists);
  /** Facts of a preloaded source, held until `load` takes it. */
  let held: Array<() => void> | null = null;
  let preloaded: { url: string; startTime: number } | null = null;
  /** Told once of a fatal error of the preloaded source, while nobody listens yet. */
  let preloadFailed: (() => void) | null = null;
  /** While the element is unlocked (played and paused at once), its flow facts are not news. */
  let unlocking = false;
  const emit: EmitFact = (...args) => {
    if (unlocking && UNLOCK_QUIET_FACTS.has(args[0])) return;
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
  const stopMediaEvents = forwardMediaEvents(video, emit, { nativeHls: !useMse });
  const stopCues = forwardCues(video, emit);

  /** The last audio track whose playlist loaded: where a failing one falls back to. */
  let loadedAudioTrack: number | null = null;

  function onError(data: ErrorData): void {
    const error = toEngineError(data);
    const action = errorAction(data, mediaRecoveries, loadedAudioTrack);
    // No instance to act on until createHls has returned: such an error goes out as it came.
    if (!hls || action.type === 'report') {
      emit('error', error);
    } else if (action.type === 'stopLoad') {
      hls.stopLoad();
      emit('error', { ...error, fatal: true });
    } else if (action.type === 'restoreAudioTrack' || action.type === 'subtitlesOff') {
      // hls.js stopped loading on the error it made fatal: the other rendition, then on from here.
      if (action.type === 'restoreAudioTrack') hls.audioTrack = action.id;
      else {
        hls.subtitleTrack = -1;
        applySubtitleModes(video.textTracks, null);
      }
      hls.startLoad(video.currentTime);
      emit('error', { ...error, fatal: false });
    } else {
      if (action.swapAudioCodec) hls.swapAudioCodec();
      mediaRecoveries += 1;
      hls.recoverMediaError();
      emit('error', { ...error, fatal: false });
    }
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
      pLoader: playlistLoader,
      fLoader: fragmentLoader,
      ...HLS_PARTS_LEFT_OUT,
      ...options.config,
    });
    forwardHlsEvents(instance, emit);
    // Set while hls.js announces the levels, a start level is the one its loading starts with.
    instance.once(Events.MANIFEST_PARSED, (_, data) => {
      const autoStart = instance.firstAutoLevel;
      const level = startLevel(data.levels, autoStart, linkHint());
      if (level === null) return;
      instance.startLevel = level;
      // ABR climbs to hls.js's own first choice once it has measured the link: that level's
      // playlist and init segment are fetched beside the start, so the climb costs no extra round trips.
      const climb = data.levels[autoStart];
      if (autoStart > level && climb) void prefetchLevel(playlists, segments, climb.uri);
    });
    instance.on(Events.ERROR, (_, data) => onError(data));
    instance.on(Events.AUDIO_TRACK_LOADED, (_, data) => (loadedAudioTrack = data.id));
    instance.subtitleDisplay = false;
    instance.loadSource(url);
    instance.attachMedia(video);
    return instance;
  }

  /** A harness command on the current hls.js instance; false without one. */
  const act = (command: (instance: Hls) => unknown): boolean => !!hls && (command(hls), true);

  function teardown(): void {
    held = null;
    preloaded = null;
    preloadFailed = null;
    if (hls) {
      hls.destroy();
      hls = null;
    }
    mediaRecoveries = 0;
    loadedAudioTrack = null;
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
    prefetch,
    play: () => video.play(),
    unlock() {
      // Only inside the viewer's gesture: elsewhere a muted play would be allowed and would start
      // the content for nothing, under an ad that autoplays.
      if (!video.paused || unlocking || !inGesture()) return;
      // Muted meanwhile: an audible play, however short, would take the sound from an ad that
      // starts in the same click (WebKit suspends it).
      const muted = video.muted;
      unlocking = true;
      video.muted = true;
      video.play().catch(() => undefined);
      if (video.paused) {
        // Refused at once (no gesture): nothing started, nothing to take back but the mute.
        video.muted = muted;
        unlocking = false;
        return;
      }
      // After the facts' own listener: the pause that ends the unlock is withheld too.
      video.addEventListener('pause', () => (unlocking = false), { once: true });
      video.pause();
      video.muted = muted;
    },
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
      // Firefox draws or drops cues by each track's own mode: the chosen one 'hidden' (its cues load,
      // the app draws them), every other one 'disabled'.
      applySubtitleModes(video.textTracks, hls.subtitleTracks[hls.subtitleTrack]);
    },
    get bandwidthEstimate() {
      return hls ? hls.bandwidthEstimate : Number.NaN;
    },
    readTime: () => readMediaTime(video),
    get canSetVolume() {
      return canSetVolume();
    },
    on: facts.on,
    surface: createMediaSurface(video),
    // For the harness's Engine tab only (src/platform/harness-probe.ts); nothing reads it otherwise.
    debug: {
      levels: () =>
        hls && {
          current: hls.currentLevel,
          next: hls.nextLevel,
          load: hls.loadLevel,
          auto: hls.autoLevelEnabled,
          cap: hls.autoLevelCapping,
          levels: hls.levels.map(({ width, height, bitrate }) => ({ width, height, bitrate })),
        },
      setLevel: (index, next) => act((instance) => (next ? (instance.nextLevel = index) : (instance.currentLevel = index))),
      setAutoCap: (index) => act((instance) => (instance.autoLevelCapping = index)),
      recover: () => act((instance) => instance.recoverMediaError()),
      stopLoad: () => act((instance) => instance.stopLoad()),
      // From the playhead, with no seek to it (the media stays where it is).
      startLoad: () => act((instance) => instance.startLoad(video.currentTime, true)),
      config: () => hls && hls.config,
    },
    destroy() {
      teardown();
      stopMediaEvents();
      stopCues();
      facts.clear();
      video.removeAttribute('src');
      video.load();
    },
  };
}
