/**
 * The player.js wire format (node_modules/player.js/SPEC.rst, protocol version 0.0.11) with the
 * film player's extensions, as the host page sees it. Pure: no window, no state. This is the
 * host's own copy of the contract; the player's receiver table is src/features/embed/protocol.ts
 * (docs/embedding.md lists both directions). The SDK does not import the player's sources.
 */

export const PLAYERJS_CONTEXT = 'player.js';
/** The wire version player.js 0.1.0 sends (playerjs.VERSION). */
export const PLAYERJS_VERSION = '0.0.11';

/** An episode as the catalogue describes it (the player sends it as it has it). */
export interface FilmEpisode {
  id: number;
  title?: string;
  description?: string;
  /** The episode's order in its season. */
  order?: number;
  posterPath?: string | null;
  /** Seconds, when known. */
  duration?: number | null;
  season?: { id: number; order: number } | null;
  [field: string]: unknown;
}

/** `timeupdate`, `progress` (seconds = the end of the loaded media) and `seeked`. Duration 0 = unknown. */
export interface TimeValue {
  seconds: number;
  duration: number;
}

/** SPEC.rst error codes: -1 undefined, 1 playback not supported by the device or browser, 2 method not supported. */
export interface PlayerErrorValue {
  code: number;
  msg: string;
}

export interface AdStartedValue {
  /** The creativeId of the VAST link, when it has one. */
  id: string | null;
  kind: 'preroll' | 'midroll' | null;
  /** Seconds, when the VAST document declares it. */
  duration: number | null;
  /** Seconds into the ad when it can be skipped; null when it cannot. */
  skipOffset: number | null;
}

export interface AdEndedValue {
  id: string | null;
  reason: 'completed' | 'skipped' | 'stopped' | 'error';
}

export interface FullscreenChangeValue {
  fullscreen: boolean;
}

/** A chapter of the episode (its chapters file): the title as plain text, times in seconds. */
export interface ChapterChangeValue {
  title: string;
  role: 'intro' | 'recap' | 'credits' | 'chapter';
  start: number;
  end: number;
}

/** Each event the SDK surfaces and the value its handlers get. */
export interface FilmPlayerEvents {
  play: undefined;
  pause: undefined;
  ended: undefined;
  timeupdate: TimeValue;
  progress: TimeValue;
  seeked: TimeValue;
  error: PlayerErrorValue;
  /** An episode became current (the first one included). */
  episodeChanged: FilmEpisode;
  adStarted: AdStartedValue;
  adEnded: AdEndedValue;
  adSkipped: { id: string | null };
  fullscreenChange: FullscreenChangeValue;
  /** The playhead entered a chapter of the episode (only episodes that have chapters). */
  chapterChange: ChapterChangeValue;
}
export type FilmPlayerEventName = keyof FilmPlayerEvents;

/** Each getter and what it answers. */
export interface FilmPlayerGetters {
  getPaused: boolean;
  getMuted: boolean;
  /** 0–100. */
  getVolume: number;
  /** Seconds; 0 until known. */
  getDuration: number;
  getCurrentTime: number;
  getLoop: boolean;
  getEpisode: FilmEpisode | null;
  /** The ad interface's version: '2.0'. */
  handshakeVersion: string;
  /** The running ad's duration in seconds; -2 when unknown or no ad runs. */
  getAdDuration: number;
  /** Seconds left of the running ad; -2 when unknown or no ad runs. */
  getAdRemainingTime: number;
}
export type FilmPlayerGetter = keyof FilmPlayerGetters;

/** `ready`'s value: the frame's address and what it supports (null: the player did not say). */
export interface ReadyValue {
  src: string;
  methods: string[] | null;
  events: string[] | null;
}

/** A player.js message from the player: an event, or a getter's answer (`event` = the method). */
export interface IncomingMessage {
  event: string;
  value: unknown;
  listener: string | number | null;
}

/** A listener tag: the player echoes it with each answer and event it sends to us. */
export type ListenerId = string;

/** The JSON text of a method call, as player.js's client sends it. */
export function encodeMethod(method: string, value?: unknown, listener?: ListenerId): string {
  return JSON.stringify({ context: PLAYERJS_CONTEXT, version: PLAYERJS_VERSION, method, value, listener });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a player.js event: JSON text (or an object) in the player.js context with a string
 * `event`. Null for anything else, including the spec's own `{event, payload}` objects; never throws.
 */
export function decodeMessage(data: unknown): IncomingMessage | null {
  let message = data;
  if (typeof message === 'string') {
    try {
      message = JSON.parse(message) as unknown;
    } catch {
      return null;
    }
  }
  if (!isRecord(message) || message.context !== PLAYERJS_CONTEXT || typeof message.event !== 'string') return null;
  const { listener } = message;
  if (listener != null && typeof listener !== 'string' && typeof listener !== 'number') return null;
  return { event: message.event, value: message.value, listener: listener ?? null };
}

/**
 * `ready`'s value; a list that is missing or not an array is null (player.js's client then
 * assumes everything is supported). Null when the value is not an object.
 */
export function readReady(value: unknown): ReadyValue | null {
  if (!isRecord(value)) return null;
  const names = (list: unknown) => (Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : null);
  return { src: typeof value.src === 'string' ? value.src : '', methods: names(value.methods), events: names(value.events) };
}

/**
 * An event's value as the SDK types it. `fullscreenChange` is `{ fullscreen }`; a bare boolean
 * (as a player build might send it) is wrapped, so handlers see one shape.
 */
export function eventValue(event: string, value: unknown): unknown {
  return event === 'fullscreenChange' && typeof value === 'boolean' ? { fullscreen: value } : value;
}

/** The http(s) origin of an absolute URL; null for anything else (about:blank, data:, srcdoc). */
export function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
