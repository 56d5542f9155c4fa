/**
 * One Hls instance for one source, with every part that listens to it: its events as facts
 * (hls-events.ts), the start level over a slow link and the prefetch of the level ABR climbs to,
 * the error handler, and, for a preload, the audio track picked before it loads.
 */
import Hls, { Events, type HlsConfig } from 'hls.js';
import { handleErrors } from './error-handler';
import { forwardHlsEvents, readMediaTime, toTrack, type EmitFact } from './hls-events';
import { prefetchLevel } from './playlist-prefetch';
import type { PlaylistCache, SegmentCache } from './playlist-cache';
import { SLOW_LINK_CLIMB_BUFFER_S, startLevel, type LinkHint } from './start-level';
import type { TransmuxWorker } from './transmux-worker';
import type { PreloadOptions } from './types';

/** What every instance of one engine is made with. */
export interface HlsParts {
  /** The hls.js class (hls-engine.ts: a test's fake in its tests). */
  Hls: typeof Hls;
  /** The engine's configuration of hls.js, the caller's own included (hls-engine.ts). */
  config: Partial<HlsConfig>;
  video: HTMLVideoElement;
  emit: EmitFact;
  /** The engine's instance now (null while this one is being made). */
  live: () => Hls | null;
  playlists: PlaylistCache;
  segments: SegmentCache;
  /** hls.js's transmuxer worker, set on an instance whose stream needs transmuxing. */
  worker: TransmuxWorker;
}

/** The browser's report of its link (Chromium's Network Information API), if any. */
const linkHint = (): LinkHint | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: LinkHint }).connection;

/**
 * ABR is held at `level` until the buffer holds SLOW_LINK_CLIMB_BUFFER_S ahead (or all that is
 * left). `prepareClimb` runs once the first segment is in: what the climb will need is fetched
 * then, not beside the start's own requests (over HTTP/1.1 a seventh request waits for a connection).
 */
function holdUntilBuffered(instance: Hls, level: number, video: HTMLVideoElement, prepareClimb: () => void): void {
  instance.autoLevelCapping = level;
  let prepared = false;
  const check = () => {
    if (!prepared) {
      prepared = true;
      prepareClimb();
    }
    const { bufferedAhead, currentTime, duration } = readMediaTime(video);
    const left = Number.isFinite(duration) ? duration - currentTime - 0.5 : Infinity;
    if (bufferedAhead < Math.min(SLOW_LINK_CLIMB_BUFFER_S, left)) return;
    instance.off(Events.FRAG_BUFFERED, check);
    if (instance.autoLevelCapping === level) instance.autoLevelCapping = -1;
  };
  instance.on(Events.FRAG_BUFFERED, check);
}

/** Set while hls.js announces the levels, a start level is the one its loading starts with. */
function startLowOnSlowLink(instance: Hls, { playlists, segments, video }: HlsParts): void {
  instance.once(Events.MANIFEST_PARSED, (_, data) => {
    const autoStart = instance.firstAutoLevel;
    const level = startLevel(data.levels, autoStart, linkHint());
    if (level === null) return;
    instance.startLevel = level;
    // ABR climbs to hls.js's own first choice once the buffer allows: that level's playlist and
    // init segment are fetched ahead, so the climb costs no extra round trips.
    const climb = data.levels[autoStart];
    holdUntilBuffered(instance, level, video, () => {
      if (autoStart > level && climb) void prefetchLevel(playlists, segments, climb.uri);
    });
  });
}

/**
 * hls.js's first bandwidth estimate for a new source: what the previous source measured, so the
 * next episode starts at the quality the viewer had, not at hls.js's guess (the master's first
 * variant's bitrate, at least 500 kbit/s and at most 5 Mbit/s) and a climb or a fall. None before
 * the first source has measured anything.
 */
const carriedEstimate = (estimate: number | undefined): Partial<HlsConfig> =>
  estimate !== undefined && Number.isFinite(estimate) && estimate > 0 ? { abrEwmaDefaultEstimate: estimate } : {};

/**
 * An instance loading the source from `startTime` (0: hls.js's own start), not yet given the
 * element: until then it fetches the playlists and the first segment (startFragPrefetch).
 * `estimate` is the previous source's bandwidth estimate.
 */
export function loadHls(url: string, startTime: number, parts: HlsParts, estimate?: number): Hls {
  // The caller's config (in parts.config) wins over the start position too.
  const instance = new parts.Hls({ startPosition: startTime > 0 ? startTime : -1, ...carriedEstimate(estimate), ...parts.config });
  forwardHlsEvents(instance, parts.emit);
  parts.worker.watch(instance);
  startLowOnSlowLink(instance, parts);
  handleErrors(instance, parts);
  instance.subtitleDisplay = false;
  instance.loadSource(url);
  return instance;
}

/** Loads the source into the element from `startTime` (0: hls.js's own start). */
export function createHls(url: string, startTime: number, parts: HlsParts, estimate?: number): Hls {
  const instance = loadHls(url, startTime, parts, estimate);
  instance.attachMedia(parts.video);
  return instance;
}

/** Set while hls.js announces the list, a track replaces the manifest default before it loads. */
export function pickAudioTrackOnce(instance: Hls, pick: NonNullable<PreloadOptions['pickAudioTrack']>): void {
  instance.once(Events.AUDIO_TRACKS_UPDATED, (_, data) => {
    if (data.audioTracks.length === 0) return;
    const id = pick(data.audioTracks.map(toTrack));
    if (id !== instance.audioTrack) instance.audioTrack = id;
  });
}
