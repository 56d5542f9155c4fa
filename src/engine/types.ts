/**
 * The seam between the player model and the media stack. The model sends commands and
 * listens to facts; only an engine implementation touches MSE, hls.js or the <video> element.
 */
import type { FrameCounts } from '../platform/playback-quality';
import type { RemoteAvailability } from '../platform/remote-playback';
import type { Mountable } from '../platform/mount';
import type { AutoplayResult } from '../lib/autoplay';
import type { PlayOrMuteOptions } from './play-or-mute';

/** One video rendition, with the fields SPEC.md §3 reads. */
export interface EngineLevel {
  index: number;
  /** Bits per second, as advertised by the master playlist. */
  bitrate: number;
  codecs: string;
  width: number;
  height: number;
  /** Parsed media playlist, once loaded. */
  details: EngineLevelDetails | null;
  pathwayId: string;
  hdcpLevel: string | null;
}

export interface EngineLevelDetails {
  live: boolean;
  totalDuration: number;
  targetDuration: number;
  fragments: number;
}

export interface EngineAudioTrack {
  id: number;
  name: string;
  lang: string;
  isDefault: boolean;
}

export interface EngineSubtitleTrack {
  id: number;
  name: string;
  lang: string;
  isDefault: boolean;
}

/**
 * The `detail` of the non-fatal error reported once when hls.js's transmuxer worker cannot start
 * (a CSP without `worker-src`, a failed fetch) and segments are transmuxed on the main thread.
 */
export const WORKER_FALLBACK_DETAIL = 'transmuxerWorkerFallback';

/** Coarse error kinds, after hls.js ErrorTypes. */
export type EngineErrorKind = 'network' | 'media' | 'key' | 'mux' | 'other';

/**
 * A typed engine error. `detail` carries the fine-grained reason, using hls.js ErrorDetails
 * values (e.g. 'manifestLoadError', 'bufferAppendError') so analytics read the same names.
 */
export interface EngineError {
  kind: EngineErrorKind;
  detail: string;
  fatal: boolean;
  message: string;
  url?: string;
  responseCode?: number;
}

export interface EngineTime {
  currentTime: number;
  duration: number;
  /** Seconds buffered ahead of the playhead. */
  bufferedAhead: number;
  /** Every buffered range as [start, end] seconds, when the engine reports them. */
  bufferedRanges?: ReadonlyArray<readonly [number, number]>;
}

/** Facts the engine reports, keyed by name, with their payloads. */
export interface EngineFacts {
  /** The source's manifest is parsed: levels and tracks are known. */
  sourceReady: { levels: EngineLevel[]; audioTracks: EngineAudioTrack[]; subtitleTracks: EngineSubtitleTrack[] };
  levelsUpdated: EngineLevel[];
  levelSwitched: { level: number; auto: boolean };
  audioTracksUpdated: EngineAudioTrack[];
  audioTrackSwitched: { id: number };
  subtitleTracksUpdated: EngineSubtitleTrack[];
  subtitleTrackSwitched: { id: number };
  playing: void;
  paused: void;
  waiting: void;
  seeking: { currentTime: number };
  seeked: { currentTime: number };
  ended: void;
  timeUpdated: EngineTime;
  durationChanged: { duration: number };
  volumeChanged: { volume: number; muted: boolean };
  rateChanged: { rate: number };
  /** The text of the subtitle cues showing now (empty when none, or subtitles are off). */
  cuesChanged: { texts: string[] };
  /**
   * A piece of the stream (a segment, or a low-latency part) reached the media buffer: the
   * loading moves on even while no frame shows (hls.js FRAG_BUFFERED). The start watchdog reads it.
   */
  loadProgress: void;
  /**
   * The master playlist names a seek-preview track (`#EXT-X-SESSION-DATA` with DATA-ID
   * "com.filmplayer.thumbnails"): its absolute http(s) address, resolved against the master's.
   */
  thumbnailTrackFound: { url: string };
  /**
   * The master playlist names a chapters file, WebVTT (`#EXT-X-SESSION-DATA` with DATA-ID
   * "com.filmplayer.chapters"): its absolute http(s) address, resolved against the master's.
   */
  chaptersTrackFound: { url: string };
  error: EngineError;
}

export type EngineFactName = keyof EngineFacts;

/** Every fact, once: the record makes the compiler check the list is whole. */
const FACT_NAME_SET: Record<EngineFactName, true> = {
  sourceReady: true,
  levelsUpdated: true,
  levelSwitched: true,
  audioTracksUpdated: true,
  audioTrackSwitched: true,
  subtitleTracksUpdated: true,
  subtitleTrackSwitched: true,
  playing: true,
  paused: true,
  waiting: true,
  seeking: true,
  seeked: true,
  ended: true,
  timeUpdated: true,
  durationChanged: true,
  volumeChanged: true,
  rateChanged: true,
  cuesChanged: true,
  loadProgress: true,
  thumbnailTrackFound: true,
  chaptersTrackFound: true,
  error: true,
};
export const ENGINE_FACT_NAMES = Object.keys(FACT_NAME_SET) as EngineFactName[];
export type EngineListener<K extends EngineFactName> = (payload: EngineFacts[K]) => void;

/** Where the element's flow stands: the last of playing, paused, waiting and ended it reported. */
export type EngineFlow = 'playing' | 'paused' | 'waiting' | 'ended';

/**
 * Where the current source stands, as its facts so far have said: one entry per thing, the latest.
 * Whoever connects to a source someone else loaded (the model, to the page's early start) reads it
 * instead of hearing the facts it missed. Null fields: not reported yet.
 */
export interface EngineSourceState {
  url: string;
  /** Seconds the source was loaded from. */
  startTime: number;
  /** The manifest's levels and tracks: the source is ready (sourceReady). */
  ready: EngineFacts['sourceReady'] | null;
  /** The latest lists reported since (hls.js announces the playing level's audio and subtitle groups). */
  levels: EngineLevel[] | null;
  audioTracks: EngineAudioTrack[] | null;
  subtitleTracks: EngineSubtitleTrack[] | null;
  level: EngineFacts['levelSwitched'] | null;
  audioTrack: number | null;
  subtitleTrack: number | null;
  /** Null until the element first plays, pauses, waits or ends. */
  flow: EngineFlow | null;
  /** When (page clock, ms) the current flow began; null with no flow. */
  flowAt: number | null;
  /** When (page clock, ms) the element first played this source; null until it has. */
  playedAt: number | null;
  /** The latest time fact: position, duration, buffer. */
  time: EngineTime | null;
  duration: number | null;
  /** The element's, carried over from the source before. */
  volume: EngineFacts['volumeChanged'] | null;
  rate: number | null;
  cues: string[];
  thumbnailTrack: string | null;
  chaptersTrack: string | null;
  /** The fatal error that stopped the source. */
  error: EngineError | null;
  /** Every error reported so far, recovered ones too, for whoever reports them (the last SOURCE_ERRORS_KEPT). */
  errors: EngineError[];
}

export interface LoadOptions {
  /** Seconds to start from; 0 or absent starts at the beginning. */
  startTime?: number;
}

export interface PreloadOptions extends LoadOptions {
  /**
   * The audio track to start with, picked from the stream's first track list while the engine
   * announces it (the model does the same when it listens; later, the default would already be
   * loading).
   */
  pickAudioTrack?: (tracks: EngineAudioTrack[]) => number;
}

/** Native fullscreen now: the page (or, on iPhone, the video) is fullscreen; the <video> alone is. */
export interface SurfaceFullscreen {
  native: boolean;
  /** Only the <video> element is on screen: nothing of the page (an ad overlay) shows over it. */
  videoOnly: boolean;
}

/** What changes on the element's surface, keyed by name, with the state after the change. */
export interface SurfaceFacts {
  fullscreenChanged: SurfaceFullscreen;
  pipChanged: boolean;
  remoteAvailabilityChanged: RemoteAvailability;
  /** The video plays on a remote device (Cast or AirPlay). */
  castingChanged: boolean;
}
export type SurfaceFactName = keyof SurfaceFacts;

/**
 * What the page may do with the content's element besides playing it: native fullscreen,
 * picture-in-picture, remote playback, its frame counters, and taking it off the page. The engine
 * hands its element to the platform adapters that do it; no model holds the element. A fact's
 * watcher starts when it is first listened to, so an engine made before the models watches nothing.
 */
export interface MediaSurface extends Mountable {
  fullscreen(): SurfaceFullscreen;
  /** Rejects when the browser refuses (a frame without allowfullscreen). */
  enterFullscreen(): Promise<void>;
  exitFullscreen(): Promise<void>;
  pipSupported(): boolean;
  pip(): boolean;
  /** Rejects when the browser refuses (e.g. no metadata yet). */
  enterPip(): Promise<void>;
  exitPip(): Promise<void>;
  /** Opens the device picker: AirPlay's when preferred and there, else the Remote Playback prompt. */
  promptRemote(prefer: 'airplay' | 'cast'): Promise<void>;
  /** Null where the browser has no playback quality API. */
  frameCounts(): FrameCounts | null;
  /** Takes the element off the page wherever it is (the page error). */
  remove(): void;
  on<K extends SurfaceFactName>(fact: K, listener: (state: SurfaceFacts[K]) => void): () => void;
}

/** hls.js's rendition choice now (`currentLevel`, `nextLevel`, `loadLevel`, `autoLevelCapping`; -1: none or automatic). */
export interface EngineDebugLevels {
  current: number;
  next: number;
  load: number;
  auto: boolean;
  cap: number;
  levels: Array<{ width: number; height: number; bitrate: number }>;
}

/**
 * Harness-only controls (the QA harness's Engine tab, through its probe), so nothing but the
 * engine touches hls.js. Each answers null / false while no hls.js stream is loaded (native HLS).
 */
export interface EngineDebug {
  levels(): EngineDebugLevels | null;
  /** -1: automatic. `next`: from the next segment (`nextLevel`) instead of at once (`currentLevel`, flushes the buffer). */
  setLevel(index: number, next?: boolean): boolean;
  /** The highest level automatic choice may take; -1: no cap. */
  setAutoCap(index: number): boolean;
  recover(): boolean;
  stopLoad(): boolean;
  startLoad(): boolean;
  /** hls.js's effective configuration, as is (the reader keeps what serializes). */
  config(): object | null;
}

/** What a store holds for an engine (engines.ts): the engine stays with the media stack. */
export type MediaKey = number;

export interface MediaEngine {
  /** Its key in the media stack (engines.ts `engineOf`). */
  readonly key: MediaKey;
  /** Replaces the current source. Any previous stream is torn down first. */
  load(url: string, options?: LoadOptions): void;
  /**
   * Loads a source before anyone listens (the page's early start); whoever comes later connects to
   * it through `source()`. False when nothing started (a source is already loaded, or the browser
   * plays HLS natively).
   */
  preload(url: string, options?: PreloadOptions): boolean;
  /** Where the current source stands; null before the first load. */
  source(): EngineSourceState | null;
  /**
   * Fetches a source's playlists ahead of its load (the next episode), for a later `load` to take
   * from memory. Resolves with how many playlists were asked for (0: nothing fetched ahead).
   */
  prefetch(url: string): Promise<number>;
  /**
   * Plays, by the autoplay rule (play-or-mute.ts): with sound, else muted for the browser, else
   * not at all. Resolves with the outcome, null when given up; rejects only with an error that is
   * no refusal (an AbortError when the media is reloaded under it).
   */
  play(options: PlayOrMuteOptions): Promise<AutoplayResult | null>;
  /**
   * Called inside the viewer's gesture while the content waits (a pre-roll plays first): plays and
   * pauses the paused element at once, its facts withheld, so that it may play with sound later
   * without a gesture where the browser requires the element itself to have been played in one
   * (Safari's engine). Does nothing where there is nothing to unlock.
   */
  unlock(): void;
  pause(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  setPlaybackRate(rate: number): void;
  /** A level index, or -1 for automatic (ABR) choice. */
  setLevel(index: number): void;
  setAudioTrack(id: number): void;
  /** A subtitle track id, or -1 to turn subtitles off. */
  setSubtitleTrack(id: number): void;
  /** The bandwidth estimate in bits per second, or NaN before any measurement. */
  readonly bandwidthEstimate: number;
  /** The media time now, for the 100 ms stream tick and reads between timeUpdated facts. */
  readTime(): EngineTime;
  /** False where the platform ignores volume changes (iOS). */
  readonly canSetVolume: boolean;
  on<K extends EngineFactName>(fact: K, listener: EngineListener<K>): () => void;
  /** The element's fullscreen, PiP, remote playback and frame counters; each says when the browser has none. */
  readonly surface: MediaSurface;
  /** Harness-only controls (exposed only on the harness page); each answers null / false without an hls.js stream. */
  readonly debug: EngineDebug;
  /** Stops loading, detaches media and removes every listener. */
  destroy(): void;
}
