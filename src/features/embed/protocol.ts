/**
 * The player.js protocol, player side (player.js 0.1.0, node_modules/player.js/SPEC.rst): pure
 * parsing, validation and message building. The model (model.ts) decides when; this decides what.
 *
 * Envelope. In (parent → player): JSON text or an object,
 *   `{ context: 'player.js', version, method, value?, listener? }`
 * (`version` is not checked; `listener` is a string of at most 256 characters or a number).
 * Out (player → parent): JSON text, to the embedding origin only,
 *   `{ context: 'player.js', version: '0.0.11', event, value?, listener? }`
 * (`value` and `listener` are left out when there is none, as player.js's own Receiver does).
 * Anything else is ignored: wrong context, not JSON, wrong types, over 8 KB, a sibling frame, an
 * origin other than the embedding one or outside `data-allowed-origins`, more than 200 messages a
 * second. Before `ready` only addEventListener and removeEventListener are taken.
 *
 * Methods in:
 *
 * | method              | value                | effect, or the answer's `value` (getters echo `listener`)          |
 * |---------------------|----------------------|--------------------------------------------------------------------|
 * | play                | –                    | plays the content (a due pre-roll first); during an ad: the ad     |
 * | pause               | –                    | pauses the content; during an ad: the ad                           |
 * | getPaused           | –                    | boolean; during an ad: the ad's                                    |
 * | mute                | –                    | mutes (saved like the viewer's; the running ad too)                |
 * | unmute              | –                    | unmutes (saved; the running ad too)                                |
 * | getMuted            | –                    | boolean                                                            |
 * | setVolume           | number 0–100         | volume value/100 on the 0.05 grid, clamped; unmutes, as the slider |
 * |                     |                      | does; saved; the running ad too                                    |
 * | getVolume           | –                    | number 0–100 (a multiple of 5)                                     |
 * | getDuration         | –                    | seconds, 0 until known                                             |
 * | setCurrentTime      | number, seconds      | seeks, clamped to 0..duration; ignored during an ad                |
 * | getCurrentTime      | –                    | seconds                                                            |
 * | setLoop             | boolean              | loop: an ended episode replays from 0, no auto-advance             |
 * | getLoop             | –                    | boolean                                                            |
 * | addEventListener    | event name           | sends that event to `listener` (or with no listener) from now on;  |
 * |                     |                      | 'ready' after ready is answered at once                            |
 * | removeEventListener | event name           | stops it for `listener`; with no listener, for every listener      |
 * | nextEpisode         | –                    | plays the next episode; ignored when none, or during an ad         |
 * | setEpisode          | episode id (integer) | plays that episode; ignored if unknown, current, or during an ad   |
 * | getEpisode          | –                    | the current episode (the catalogue's EpisodeDto), or no value      |
 * | setPageUrl          | absolute http(s) URL | the address share links point at (the embedding page's own, for a  |
 * |                     |                      | single-page site); ignored unless on the embedding origin          |
 * | handshakeVersion    | –                    | '2.0': the ad interface's version (SPEC.md §9)                     |
 * | getAdDuration       | –                    | the running ad's duration in seconds; -2 when unknown or no ad     |
 * | getAdRemainingTime  | –                    | seconds left of the running ad; -2 when unknown or no ad           |
 * | skipAd              | –                    | skips the running ad, only once skipping is allowed (→ SKIPPED)    |
 * | stopAd              | –                    | stops the running ad (→ STOPPED); the content goes on              |
 *
 * Events out (only to listeners that asked, one message per listener, except `ready`):
 *
 * | event            | when                                                        | value                               |
 * |------------------|-------------------------------------------------------------|-------------------------------------|
 * | ready            | once, when the player can take commands (the first source   | { src, methods, events }            |
 * |                  | is ready, or failed): to each ready listener, or without a  |                                     |
 * |                  | listener when nobody asked (SPEC.rst: "regardless of        |                                     |
 * |                  | listening"); again to a listener that adds 'ready' later    |                                     |
 * | play             | the content plays (also after buffering)                    | –                                   |
 * | pause            | the content paused                                          | –                                   |
 * | ended            | the content ended (not while loop is on)                    | –                                   |
 * | timeupdate       | the media's timeupdate, once the time moved ≥ 0.2 s         | { seconds, duration }               |
 * | progress         | more media loaded: the loaded end moved ≥ 1 s               | { seconds: loaded end, duration }   |
 * | seeked           | a seek finished                                             | { seconds, duration }               |
 * | error            | a fatal stream error; a method the player does not have     | { code: -1 | 1 | 2, msg }           |
 * | episodeChanged   | an episode became current                                   | the episode (EpisodeDto)            |
 * | adStarted        | an ad showed its first frame                                | { id, kind, duration, skipOffset }  |
 * | adSkipped        | the viewer skipped the ad                                   | { id }                              |
 * | adEnded          | a started ad ended (after adSkipped when skipped)           | { id, reason: 'completed' |         |
 * |                  |                                                             |   'skipped' | 'stopped' | 'error' } |
 * | fullscreenChange | the player entered or left fullscreen                       | { fullscreen: boolean }             |
 * | chapterChange    | the playhead entered a chapter of the episode (issue 41)    | { title, role, start, end }         |
 *
 * chapterChange's role is 'intro', 'recap', 'credits' or 'chapter'; title is plain text.
 * play, pause, ended, timeupdate, progress, seeked and chapterChange are the content's: none is
 * sent while an ad break runs. Error codes (SPEC.rst): -1 undefined, 1 playback not supported by the device
 * or browser, 2 method not supported; `msg` is the error's kind, never a URL.
 */
import type { EngineError } from '../../engine/types';
import { VOLUME_STEP } from '../../lib/constants';
import { httpUrl } from '../../lib/url';

export const PLAYERJS_CONTEXT = 'player.js';
/** The wire version player.js 0.1.0 sends and expects (playerjs.VERSION). */
export const PLAYERJS_VERSION = '0.0.11';

/** player.js's own methods (playerjs.METHODS), then the product's. */
export const EMBED_METHODS = [
  'play',
  'pause',
  'getPaused',
  'mute',
  'unmute',
  'getMuted',
  'setVolume',
  'getVolume',
  'getDuration',
  'setCurrentTime',
  'getCurrentTime',
  'setLoop',
  'getLoop',
  'removeEventListener',
  'addEventListener',
  'nextEpisode',
  'setEpisode',
  'getEpisode',
  'setPageUrl',
  'handshakeVersion',
  'getAdDuration',
  'getAdRemainingTime',
  'skipAd',
  'stopAd',
] as const;
type EmbedMethod = (typeof EMBED_METHODS)[number];

/** player.js's events (playerjs.EVENTS) and seeked, then the product's. */
export const EMBED_EVENTS = [
  'ready',
  'play',
  'pause',
  'ended',
  'timeupdate',
  'progress',
  'seeked',
  'error',
  'episodeChanged',
  'adStarted',
  'adEnded',
  'adSkipped',
  'fullscreenChange',
  'chapterChange',
] as const;
type EmbedEventName = (typeof EMBED_EVENTS)[number];

export const GETTERS = [
  'getPaused',
  'getMuted',
  'getVolume',
  'getDuration',
  'getCurrentTime',
  'getLoop',
  'getEpisode',
  'handshakeVersion',
  'getAdDuration',
  'getAdRemainingTime',
] as const;
export type GetterMethod = (typeof GETTERS)[number];

/** A message longer than this (as text) is not parsed: player.js messages are a few hundred bytes. */
const MAX_MESSAGE_CHARS = 8 * 1024;
const MAX_LISTENER_CHARS = 256;
/** A page address longer than this is not taken. */
const MAX_PAGE_URL_CHARS = 2048;
/** An unknown method name is echoed in the error only up to this length; longer ones are dropped. */
const MAX_METHOD_CHARS = 64;
/** Listeners kept per event; more registrations are ignored (a flood cannot grow the table). */
export const MAX_LISTENERS_PER_EVENT = 32;
/** timeupdate goes out when the media time moved this far since the last one sent (about 4 Hz at 1×). */
const TIMEUPDATE_STEP_S = 0.2;
/** progress goes out when the loaded end moved this far since the last one sent. */
const PROGRESS_STEP_S = 1;

/** The echo tag a client sends with a method; null when it sent none. */
export type ListenerId = string | number | null;

export type EmbedRequest =
  | { method: 'play' | 'pause' | 'mute' | 'unmute' | 'nextEpisode' | 'skipAd' | 'stopAd'; listener: ListenerId }
  | { method: GetterMethod; listener: ListenerId }
  /** `volume` is already on the player's 0..1 grid. */
  | { method: 'setVolume'; volume: number; percent: number; listener: ListenerId }
  | { method: 'setCurrentTime'; seconds: number; listener: ListenerId }
  | { method: 'setLoop'; loop: boolean; listener: ListenerId }
  | { method: 'setEpisode'; episodeId: number; listener: ListenerId }
  /** `url` is absolute http(s); the model checks it is on the embedding origin. */
  | { method: 'setPageUrl'; url: string; listener: ListenerId }
  | { method: 'addEventListener' | 'removeEventListener'; event: EmbedEventName; listener: ListenerId };

/** A well-formed player.js message: a request, or a method this player does not have. */
export type ParsedMessage = { kind: 'request'; request: EmbedRequest } | { kind: 'unknownMethod'; method: string };

export interface OutgoingMessage {
  context: typeof PLAYERJS_CONTEXT;
  version: typeof PLAYERJS_VERSION;
  event: string;
  value?: unknown;
  listener?: string | number;
}

const METHOD_SET: ReadonlySet<string> = new Set(EMBED_METHODS);
const EVENT_SET: ReadonlySet<string> = new Set(EMBED_EVENTS);
const GETTER_SET: ReadonlySet<string> = new Set(GETTERS);

const isEmbedEvent = (name: unknown): name is EmbedEventName => typeof name === 'string' && EVENT_SET.has(name);
export const isGetter = (method: EmbedMethod): method is GetterMethod => GETTER_SET.has(method);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** An own property only: `__proto__` and inherited names never count. */
function field(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** The listener tag, null when absent; undefined when present but not a usable tag. */
function readListener(value: unknown): ListenerId | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.length <= MAX_LISTENER_CHARS ? value : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return undefined;
}

/**
 * Maps a player.js volume (0–100) onto the player's (0..1 on the 0.05 grid): clamped, snapped;
 * null for anything but a finite number.
 */
export function volumeFromPercent(percent: unknown): number | null {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return null;
  const clamped = Math.min(100, Math.max(0, percent));
  const steps = Math.round(clamped / (VOLUME_STEP * 100));
  return Number((steps * VOLUME_STEP).toFixed(2));
}

/**
 * getVolume's answer: the percent the embedder set last while the player's volume is still the
 * one it was snapped to (player.js clients expect setVolume(87) to read back 87), else the volume.
 */
export function answeredPercent(volume: number, asked: { percent: number; volume: number } | null): number {
  return asked !== null && asked.volume === volume ? asked.percent : percentFromVolume(volume);
}

/** The player's volume (0..1) as player.js's 0–100; NaN and out-of-range values are clamped. */
export function percentFromVolume(volume: number): number {
  if (!Number.isFinite(volume)) return volume === Number.POSITIVE_INFINITY ? 100 : 0;
  return Math.round(Math.min(1, Math.max(0, volume)) * 100);
}

/** A positive whole episode id (a number, or its decimal digits). */
function readEpisodeId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

function readRequest(method: EmbedMethod, value: unknown, listener: ListenerId): EmbedRequest | null {
  switch (method) {
    case 'setVolume': {
      const volume = volumeFromPercent(value);
      return volume === null ? null : { method, volume, percent: Math.min(100, Math.max(0, value as number)), listener };
    }
    case 'setCurrentTime':
      return typeof value === 'number' && Number.isFinite(value) ? { method, seconds: Math.max(0, value), listener } : null;
    case 'setLoop':
      return typeof value === 'boolean' ? { method, loop: value, listener } : null;
    case 'setEpisode': {
      const episodeId = readEpisodeId(value);
      return episodeId === null ? null : { method, episodeId, listener };
    }
    case 'setPageUrl': {
      const url = typeof value === 'string' && value.length <= MAX_PAGE_URL_CHARS ? httpUrl(value) : null;
      return url === null ? null : { method, url, listener };
    }
    case 'addEventListener':
    case 'removeEventListener':
      return isEmbedEvent(value) ? { method, event: value, listener } : null;
    default:
      return { method, listener } as EmbedRequest;
  }
}

/**
 * Reads a player.js message: JSON text (at most MAX_MESSAGE_CHARS) or a plain object, in the
 * player.js context, with a method name and well-typed fields. Null for anything else; never throws.
 */
export function parseEmbedMessage(data: unknown): ParsedMessage | null {
  let value = data;
  if (typeof value === 'string') {
    if (value.length > MAX_MESSAGE_CHARS) return null;
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (!isPlainObject(value)) return null;
  if (field(value, 'context') !== PLAYERJS_CONTEXT) return null;
  const method = field(value, 'method');
  if (typeof method !== 'string' || method.length === 0) return null;
  const listener = readListener(field(value, 'listener'));
  if (listener === undefined) return null;
  if (!METHOD_SET.has(method)) return method.length <= MAX_METHOD_CHARS ? { kind: 'unknownMethod', method } : null;
  const request = readRequest(method as EmbedMethod, field(value, 'value'), listener);
  return request === null ? null : { kind: 'request', request };
}

/** True when the page setting allows `origin` (no setting allows every origin). */
export function originAllowed(origin: string | null, allowed: readonly string[] | null): boolean {
  if (origin === null) return false;
  return allowed === null || allowed.includes(origin);
}

/**
 * Whether a parent message is obeyed: it comes from the embedding origin (the one answers go
 * to) and that origin is allowed. The source check (window.parent) is the adapter's.
 */
export function obeys(origin: string, embedder: string | null, allowed: readonly string[] | null): boolean {
  return embedder !== null && origin === embedder && originAllowed(origin, allowed);
}

/** True when `url` (absolute) is on `origin`: a page may only report its own address. */
export function onOrigin(url: string, origin: string | null): boolean {
  if (origin === null) return false;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** An outgoing message; `value` and `listener` only when there is one (as player.js's Receiver). */
export function outgoing(event: string, value?: unknown, listener: ListenerId = null): OutgoingMessage {
  const message: OutgoingMessage = { context: PLAYERJS_CONTEXT, version: PLAYERJS_VERSION, event };
  if (value !== undefined && value !== null) message.value = value;
  if (listener !== null) message.listener = listener;
  return message;
}

export interface ReadyValue {
  src: string;
  methods: EmbedMethod[];
  events: EmbedEventName[];
}

/** The ready message: `src` is the frame's address, which the client matches against the iframe's src. */
export function readyMessage(src: string, listener: ListenerId = null): OutgoingMessage {
  const value: ReadyValue = { src, methods: [...EMBED_METHODS], events: [...EMBED_EVENTS] };
  return outgoing('ready', value, listener);
}

/** Listener tags by event name. */
export type ListenerTable = Readonly<Partial<Record<EmbedEventName, readonly ListenerId[]>>>;

/** Adds a listener (once; at most MAX_LISTENERS_PER_EVENT per event). The same table when nothing changes. */
export function addListener(table: ListenerTable, event: EmbedEventName, listener: ListenerId): ListenerTable {
  const current = table[event] ?? [];
  if (current.includes(listener) || current.length >= MAX_LISTENERS_PER_EVENT) return table;
  return { ...table, [event]: [...current, listener] };
}

/** Removes one listener, or with none (null) every listener of the event (SPEC.rst). The same table when nothing changes. */
export function removeListener(table: ListenerTable, event: EmbedEventName, listener: ListenerId): ListenerTable {
  const current = table[event];
  if (!current || (listener !== null && !current.includes(listener))) return table;
  const rest = listener === null ? [] : current.filter((id) => id !== listener);
  const next = { ...table };
  if (rest.length === 0) delete next[event];
  else next[event] = rest;
  return next;
}

export interface EmbedEvent {
  event: EmbedEventName;
  value?: unknown;
}

/** One message per registered listener of each event, in order. */
export function messagesFor(table: ListenerTable, events: readonly EmbedEvent[]): OutgoingMessage[] {
  return events.flatMap(({ event, value }) => (table[event] ?? []).map((listener) => outgoing(event, value, listener)));
}

/** A timeupdate is due when none was sent yet, or the time moved TIMEUPDATE_STEP_S either way. */
export function timeUpdateDue(lastSent: number | null, seconds: number): boolean {
  return Number.isFinite(seconds) && (lastSent === null || Math.abs(seconds - lastSent) >= TIMEUPDATE_STEP_S);
}

/** A progress is due when something is loaded and its end moved PROGRESS_STEP_S since the last one sent. */
export function progressDue(lastSent: number | null, loadedEnd: number): boolean {
  return Number.isFinite(loadedEnd) && loadedEnd > 0 && (lastSent === null || Math.abs(loadedEnd - lastSent) >= PROGRESS_STEP_S);
}

/** `{ seconds, duration }` with numbers JSON can carry: an unknown duration is 0. */
export function timeValue(seconds: number, duration: number): { seconds: number; duration: number } {
  return { seconds: Number.isFinite(seconds) ? seconds : 0, duration: Number.isFinite(duration) && duration > 0 ? duration : 0 };
}

/** The error codes of SPEC.rst. */
export enum EmbedErrorCode {
  Undefined = -1,
  NotSupported = 1,
  MethodNotSupported = 2,
}

/** Engine details meaning the device or browser cannot play the stream at all. */
const UNSUPPORTED_DETAILS: ReadonlySet<string> = new Set(['mediaSourceUnsupported', 'manifestIncompatibleCodecsError']);

/** The error event's value for a fatal stream error: the code, and the error's kind as `msg` (no URLs). */
export function streamErrorValue(error: Pick<EngineError, 'detail'>): { code: EmbedErrorCode; msg: string } {
  return { code: UNSUPPORTED_DETAILS.has(error.detail) ? EmbedErrorCode.NotSupported : EmbedErrorCode.Undefined, msg: error.detail };
}

/** The error event's value for a method this player does not have (player.js's Receiver text). */
export function unknownMethodValue(method: string): { code: EmbedErrorCode; msg: string } {
  return { code: EmbedErrorCode.MethodNotSupported, msg: `Invalid Method "${method}"` };
}
