import Hls, { type HlsConfig } from 'hls.js';
import { createFactEmitter } from './fact-emitter';
import { withEarlyInitSegments, withEarlyPlaylists } from './early-loader';
import { createPlaylistPrefetch } from './playlist-prefetch';
import { createPlaylistCache, createSegmentCache, type PlaylistCache, type SegmentCache } from './playlist-cache';
import { createMediaSurface } from './media-surface';
import { forwardCues, forwardMediaEvents, readMediaTime, type EmitFact } from './hls-events';
import { canSetVolume, createElementCommands } from './element-commands';
import { createSourceState } from './source-state';
import { createHls, pickAudioTrackOnce, type HlsParts } from './hls-instance';
import { createNextSource, type NextSource } from './next-source';
import { createTrackCommands } from './track-commands';
import { createSwitchNudge } from './switch-nudge';
import { createHlsDebug } from './hls-debug';
import { BUILT_WORKER_URL, createTransmuxWorker } from './transmux-worker';
import type { LoadOptions, MediaEngine, PreloadOptions } from './types';
import { keyedEngine } from './engines';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * hls.js parts the player does not run; the player page's build leaves their code out
 * (scripts/hls-omitted.mjs says why, part by part), so hls.js must not reach for them: no frame-drop
 * level cap (the frame-rate drop event is the player's own), no live latency (films and series on
 * demand), no ID3 metadata track, no CEA-608 captions from inside the video (subtitles are the
 * playlist's renditions, drawn by the player).
 */
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

export interface HlsEngineOptions {
  config?: Partial<HlsConfig>;
  /**
   * The page's playlists fetched ahead (the start episode's master by the entry, the next
   * episode's by `prefetch`), served from memory once; without it every playlist is fetched.
   */
  playlists?: PlaylistCache;
  /** hls.js's transmuxer worker, relative to the page; the build's by default, null for none (transmux-worker.ts). */
  workerUrl?: string | null;
  /** The hls.js class; a test gives an hls.js-shaped fake. */
  Hls?: typeof Hls;
}

/** The engine's hls.js configuration, every instance's but its start position; the caller's config wins. */
function hlsConfig(HlsClass: typeof Hls, playlists: PlaylistCache, segments: SegmentCache, config: Partial<HlsConfig> | undefined): Partial<HlsConfig> {
  return {
    backBufferLength: BACK_BUFFER_S,
    capLevelToPlayerSize: false,
    // Off until a playlist needs transmuxing; transmux-worker.ts then sets it with the worker's address.
    enableWorker: false,
    // Playlists served from memory arrive before the MediaSource opens; without this the first
    // segment would wait for hls.js's next 100 ms tick instead of loading at once.
    startFragPrefetch: true,
    keyLoadPolicy: KEY_LOAD_POLICY,
    // Playlists and init segments from the network, or from memory when fetched ahead.
    pLoader: withEarlyPlaylists(HlsClass.DefaultConfig.loader, playlists),
    fLoader: withEarlyInitSegments(HlsClass.DefaultConfig.loader, segments),
    ...HLS_PARTS_LEFT_OUT,
    ...config,
  };
}

/**
 * The next episode's prefetch: its playlists, then its instance made ready (next-source.ts), which
 * takes them from memory; nothing made ready for the source already loaded.
 */
function prefetchAndPrepare(playlists: PlaylistCache, next: NextSource, loadedUrl: () => string | undefined): MediaEngine['prefetch'] {
  const prefetchPlaylists = createPlaylistPrefetch(playlists);
  return async (url) => {
    const count = await prefetchPlaylists(url);
    if (count > 0 && loadedUrl() !== url) next.prepare(url);
    return count;
  };
}

/**
 * The MediaEngine over hls.js (MSE). One Hls instance lives per source and is destroyed with
 * its listeners when the source changes; the next episode's is made ready ahead (next-source.ts).
 * Where MSE is missing (iOS Safari) the element's native HLS is used instead. The parts, one per
 * concern: the instance and what listens to it (hls-instance.ts; errors in error-handler.ts,
 * decided by error-policy.ts), events as facts (hls-events.ts), the current source's state
 * (source-state.ts), the commands to the element (element-commands.ts) and to the renditions
 * (track-commands.ts), the harness's controls (hls-debug.ts). This function puts them together,
 * loads, and tears down.
 */
export function createHlsEngine(video: HTMLVideoElement, options: HlsEngineOptions = {}): MediaEngine {
  const facts = createFactEmitter();
  const playlists = options.playlists ?? createPlaylistCache();
  const segments = createSegmentCache();
  const element = createElementCommands(video);
  const state = createSourceState();
  const nudge = createSwitchNudge(video);
  // While the element is unlocked (played and paused at once), its flow facts are not news; nor
  // is the seek that refreshes the picture after a level switch.
  const emit: EmitFact = (...args) => {
    if (element.withholds(args[0]) || nudge.withholds(args[0])) return;
    state.observe(args[0], args[1]);
    facts.emit(...args);
  };
  const HlsClass = options.Hls ?? Hls;
  const useMse = HlsClass.isSupported();
  let hls: Hls | null = null;
  const live = () => hls;
  const stopMediaEvents = forwardMediaEvents(video, emit, { nativeHls: !useMse });
  const stopCues = forwardCues(video, emit);
  const worker = createTransmuxWorker(options.workerUrl === undefined ? BUILT_WORKER_URL : options.workerUrl, video.ownerDocument ?? null, emit);
  const parts: HlsParts = { Hls: HlsClass, config: hlsConfig(HlsClass, playlists, segments, options.config), video, emit, live, playlists, segments, worker };
  const next = createNextSource(parts);

  const teardown = () => {
    hls?.destroy();
    hls = null;
  };

  return keyedEngine((key) => ({
    key,
    load(url: string, { startTime = 0 }: LoadOptions = {}) {
      // The source it replaces measured the link: the new one starts from that (hls-instance.ts).
      const estimate = hls?.bandwidthEstimate;
      teardown();
      state.start(url, startTime);
      if (useMse) {
        hls = next.take(url, startTime) ?? createHls(url, startTime, parts, estimate);
      } else if (video.canPlayType(HLS_MIME)) {
        video.src = url;
        if (startTime > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = startTime), { once: true });
      } else {
        emit('error', { kind: 'media', detail: 'mediaSourceUnsupported', fatal: true, message: 'HLS is not supported by this browser' });
      }
    },
    preload(url: string, { startTime = 0, pickAudioTrack }: PreloadOptions = {}) {
      if (!useMse || hls) return false;
      state.start(url, startTime);
      const instance = createHls(url, startTime, parts);
      hls = instance;
      if (pickAudioTrack) pickAudioTrackOnce(instance, pickAudioTrack);
      return true;
    },
    source: state.current,
    prefetch: useMse ? prefetchAndPrepare(playlists, next, () => state.current()?.url) : createPlaylistPrefetch(playlists),
    ...element.commands,
    ...createTrackCommands(live, video, nudge),
    get bandwidthEstimate() {
      return hls ? hls.bandwidthEstimate : Number.NaN;
    },
    readTime: () => readMediaTime(video),
    get canSetVolume() {
      return canSetVolume();
    },
    on: facts.on,
    surface: createMediaSurface(video),
    debug: createHlsDebug(live, video, nudge),
    destroy() {
      teardown();
      next.drop();
      worker.stop();
      stopMediaEvents();
      stopCues();
      facts.clear();
      video.removeAttribute('src');
      video.load();
    },
  }));
}
