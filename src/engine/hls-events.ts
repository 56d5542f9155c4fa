/**
 * hls.js's events and the <video> element's, as engine facts (types.ts `EngineFacts`). hls.js
 * ERROR is not here: what the engine reports for it depends on the error policy (error-policy.ts).
 */
import { ErrorTypes, Events, type ErrorData, type Level, type ManifestLoadedData, type MediaPlaylist } from 'hls.js';
import type Hls from 'hls.js';
import { httpUrl } from '../lib/url';
import type { FactEmitter } from './fact-emitter';
import type { EngineAudioTrack, EngineError, EngineErrorKind, EngineLevel, EngineSubtitleTrack, EngineTime } from './types';

/** How the parts hand a fact to the engine, which keeps it in the source's state and sends it on. */
export type EmitFact = FactEmitter['emit'];

const ERROR_KINDS: Record<string, EngineErrorKind> = {
  [ErrorTypes.NETWORK_ERROR]: 'network',
  [ErrorTypes.MEDIA_ERROR]: 'media',
  [ErrorTypes.KEY_SYSTEM_ERROR]: 'key',
  [ErrorTypes.MUX_ERROR]: 'mux',
  [ErrorTypes.OTHER_ERROR]: 'other',
};

function toEngineLevel(level: Level, index: number): EngineLevel {
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

export function toTrack(track: MediaPlaylist): EngineAudioTrack & EngineSubtitleTrack {
  return { id: track.id, name: track.name, lang: track.lang ?? '', isDefault: track.default };
}

/** The error as hls.js sent it; error-policy.ts decides whether it is reported so. */
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

/** The element's own HLS has no hls.js to say more: a network failure is taken for the manifest's. */
function nativeError(error: MediaError): EngineError {
  const network = error.code === MediaError.MEDIA_ERR_NETWORK;
  return {
    kind: network ? 'network' : 'media',
    detail: network ? 'manifestLoadError' : 'mediaError',
    fatal: true,
    message: error.message || `MediaError ${error.code}`,
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

/**
 * The element's time now. The buffer is read when first asked for, once: each read of `buffered`
 * makes a new object from every source buffer's ranges, and most time facts are never asked (the
 * model takes one a second while the media plays, see playback/pace-time.ts).
 */
export function readMediaTime(video: HTMLVideoElement): EngineTime {
  const { currentTime, duration } = video;
  let buffered: TimeRanges | undefined;
  let ahead: number | undefined;
  let ranges: Array<readonly [number, number]> | undefined;
  return {
    currentTime,
    duration,
    get bufferedAhead() {
      return (ahead ??= bufferedAhead((buffered ??= video.buffered), currentTime));
    },
    get bufferedRanges() {
      return (ranges ??= bufferedRanges((buffered ??= video.buffered)));
    },
  };
}

/** The `#EXT-X-SESSION-DATA` DATA-ID whose VALUE names the seek-preview track (fixtures/README.md). */
const THUMBNAIL_TRACK_DATA_ID = 'com.filmplayer.thumbnails';

/**
 * The seek-preview track's address: VALUE resolved against the master's (after redirects, as
 * hls.js resolves the variants), http(s) only; null when the master names none.
 */
function thumbnailTrackUrl(data: Pick<ManifestLoadedData, 'sessionData' | 'url'>): string | null {
  return sessionDataUrl(data, THUMBNAIL_TRACK_DATA_ID);
}

/** The `#EXT-X-SESSION-DATA` DATA-ID whose VALUE names the chapters file, WebVTT (fixtures/README.md). */
const CHAPTERS_TRACK_DATA_ID = 'com.filmplayer.chapters';

/** The chapters file's address, by the same rule as the seek-preview track's; null when the master names none. */
function chaptersTrackUrl(data: Pick<ManifestLoadedData, 'sessionData' | 'url'>): string | null {
  return sessionDataUrl(data, CHAPTERS_TRACK_DATA_ID);
}

function sessionDataUrl(data: Pick<ManifestLoadedData, 'sessionData' | 'url'>, dataId: string): string | null {
  const value: unknown = data.sessionData?.[dataId]?.VALUE;
  return typeof value === 'string' && value.trim() !== '' ? httpUrl(value.trim(), data.url) : null;
}

/** Every event the engine reads from an Hls instance but ERROR; `hls.destroy()` removes the listeners. */
export function forwardHlsEvents(hls: Hls, emit: EmitFact): void {
  hls.on(Events.MANIFEST_LOADED, (_, data) => {
    const url = thumbnailTrackUrl(data);
    if (url) emit('thumbnailTrackFound', { url });
    const chapters = chaptersTrackUrl(data);
    if (chapters) emit('chaptersTrackFound', { url: chapters });
  });
  hls.on(Events.MANIFEST_PARSED, (_, data) =>
    emit('sourceReady', {
      levels: data.levels.map(toEngineLevel),
      audioTracks: data.audioTracks.map(toTrack),
      subtitleTracks: data.subtitleTracks.map(toTrack),
    }),
  );
  hls.on(Events.LEVEL_LOADED, () => emit('levelsUpdated', hls.levels.map(toEngineLevel)));
  // Loading moves on even while no frame shows: the start watchdog reads it.
  hls.on(Events.FRAG_BUFFERED, () => emit('loadProgress'));
  // hls.js drops levels it cannot play (codec or key errors, failed decoding checks); the indexes
  // after the dropped one shift, so the list the model picks from must follow.
  hls.on(Events.LEVELS_UPDATED, (_, data) => emit('levelsUpdated', data.levels.map(toEngineLevel)));
  hls.on(Events.LEVEL_SWITCHED, (_, data) => emit('levelSwitched', { level: data.level, auto: hls.autoLevelEnabled }));
  hls.on(Events.AUDIO_TRACKS_UPDATED, (_, data) => emit('audioTracksUpdated', data.audioTracks.map(toTrack)));
  hls.on(Events.AUDIO_TRACK_SWITCHED, (_, data) => emit('audioTrackSwitched', { id: data.id }));
  hls.on(Events.SUBTITLE_TRACKS_UPDATED, (_, data) => emit('subtitleTracksUpdated', data.subtitleTracks.map(toTrack)));
  hls.on(Events.SUBTITLE_TRACK_SWITCH, (_, data) => emit('subtitleTrackSwitched', { id: data.id }));
}

/**
 * The element's events; returns their removal. The source and its errors come from hls.js,
 * and from the element only when it plays HLS itself (no MSE).
 */
export function forwardMediaEvents(video: HTMLVideoElement, emit: EmitFact, { nativeHls }: { nativeHls: boolean }): () => void {
  const listeners: Array<[keyof HTMLMediaElementEventMap, () => void]> = [
    ['playing', () => emit('playing')],
    ['pause', () => emit('paused')],
    ['waiting', () => emit('waiting')],
    ['seeking', () => emit('seeking', { currentTime: video.currentTime })],
    ['seeked', () => emit('seeked', { currentTime: video.currentTime })],
    ['ended', () => emit('ended')],
    ['timeupdate', () => emit('timeUpdated', readMediaTime(video))],
    ['progress', () => emit('timeUpdated', readMediaTime(video))],
    ['durationchange', () => emit('durationChanged', { duration: video.duration })],
    ['volumechange', () => emit('volumeChanged', { volume: video.volume, muted: video.muted })],
    ['ratechange', () => emit('rateChanged', { rate: video.playbackRate })],
  ];
  if (nativeHls) {
    listeners.push(
      ['loadedmetadata', () => emit('sourceReady', { levels: [], audioTracks: [], subtitleTracks: [] })],
      ['error', () => video.error && emit('error', nativeError(video.error))],
    );
  }
  for (const [name, listener] of listeners) video.addEventListener(name, listener);
  return () => {
    for (const [name, listener] of listeners) video.removeEventListener(name, listener);
  };
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

/**
 * The showing subtitle cues, once per change; returns the removal of every listener. The player
 * draws captions from these facts; the tracks stay 'hidden' so the browser does not draw them too.
 */
export function forwardCues(video: HTMLVideoElement, emit: EmitFact): () => void {
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
  return () => {
    video.textTracks.removeEventListener('addtrack', onTextTracksChanged);
    video.textTracks.removeEventListener('change', onTextTracksChanged);
    for (const track of Array.from(video.textTracks)) track.removeEventListener('cuechange', onCueChange);
  };
}
