/**
 * The Embed tab's pure parts: the embed code for the harness's player query, the console's
 * method table (the host SDK's methods, docs/embedding.md), how a setter's input becomes its
 * argument, and how an answer and a heard event are shown. No window, no state.
 */
import { embedCode } from '../common/embed-code';
import type { FilmPlayerEventName } from '../../sdk/protocol';
import { compactJson } from './format';

/** Who drives the console's buttons: the host SDK, or the plain player.js 0.1.0 library. */
export type ConsoleDriver = 'SDK' | 'player.js';

export const ACTIONS = ['play', 'pause', 'mute', 'unmute', 'nextEpisode'] as const;
export const GETTERS = ['getPaused', 'getMuted', 'getVolume', 'getDuration', 'getCurrentTime', 'getLoop', 'getEpisode'] as const;
export const SETTERS = ['setVolume', 'setCurrentTime', 'setLoop', 'setEpisode'] as const;

export type ActionName = (typeof ACTIONS)[number];
export type GetterName = (typeof GETTERS)[number];
export type SetterName = (typeof SETTERS)[number];
export type MethodName = ActionName | GetterName | SetterName;
export type MethodKind = 'action' | 'getter' | 'setter';

export function methodKind(method: MethodName): MethodKind {
  if ((GETTERS as readonly string[]).includes(method)) return 'getter';
  if ((SETTERS as readonly string[]).includes(method)) return 'setter';
  return 'action';
}

/**
 * The methods player.js 0.1.0 has a function for (playerjs.METHODS). The product's own
 * (nextEpisode, setEpisode, getEpisode) have none: they go through its generic send().
 */
export const PLAYERJS_HELPERS: ReadonlySet<MethodName> = new Set<MethodName>([
  'play', 'pause', 'getPaused', 'mute', 'unmute', 'getMuted', 'setVolume', 'getVolume',
  'getDuration', 'setCurrentTime', 'getCurrentTime', 'setLoop', 'getLoop',
]);

/** Every event the player sends to a listener (docs/embedding.md, "Events"); `ready` is the handshake. */
export const CONSOLE_EVENTS = [
  'play', 'pause', 'ended', 'timeupdate', 'progress', 'seeked', 'error',
  'episodeChanged', 'adStarted', 'adEnded', 'adSkipped', 'fullscreenChange', 'chapterChange',
] as const satisfies readonly FilmPlayerEventName[];

/** The events that come several times a second while playing, which the log can hide. */
export const CHATTY_EVENTS: ReadonlySet<string> = new Set(['timeupdate', 'progress']);

/**
 * The embed code's query: the player query the harness loads (the scenario's, with its toggles,
 * or the hand-edited one), without `harness-client`, which only names this harness tab.
 */
export function embedQuery(playerQuery: string): Record<string, string> {
  const params = new URLSearchParams(playerQuery.trim().replace(/^\?/, ''));
  params.delete('harness-client');
  return Object.fromEntries(params);
}

/** `embedCode()` (harness/common/embed-code.ts) for the harness's current player query. */
export function embedCodeFor(playerOrigin: string, playerQuery: string): string {
  return embedCode({ playerOrigin, query: embedQuery(playerQuery) });
}

/** What the setter inputs hold, as typed. */
export interface SetterInputs {
  /** 0–100. */
  volume: string;
  /** Seconds. */
  time: string;
  loop: boolean;
  /** An episode id. */
  episode: string;
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * A setter's argument from its input. Nothing is checked here: the SDK rejects a bad value
 * itself (a TypeError the answer shows), and the player ignores one sent through player.js.
 */
export function setterArgument(method: SetterName, inputs: SetterInputs): number | boolean {
  switch (method) {
    case 'setVolume':
      return toNumber(inputs.volume);
    case 'setCurrentTime':
      return toNumber(inputs.time);
    case 'setLoop':
      return inputs.loop;
    case 'setEpisode':
      return toNumber(inputs.episode);
  }
}

/** The text field each numeric setter takes its argument from (`setLoop` has its box). */
const SETTER_TEXT = { setVolume: 'volume', setCurrentTime: 'time', setEpisode: 'episode' } as const satisfies Record<Exclude<SetterName, 'setLoop'>, keyof SetterInputs>;
export type TextSetterName = keyof typeof SETTER_TEXT;

/** What a numeric setter's field holds. */
export function setterText(method: TextSetterName, inputs: SetterInputs): string {
  return inputs[SETTER_TEXT[method]];
}

/** The inputs with a numeric setter's field changed. */
export function withSetterText(inputs: SetterInputs, method: TextSetterName, text: string): SetterInputs {
  return { ...inputs, [SETTER_TEXT[method]]: text };
}

/** A call's outcome, as the console shows it. `seq` tells a newer call of the same method apart. */
export type Answer = { method: MethodName; via: ConsoleDriver; seq: number; argument?: number | boolean } & (
  | { state: 'pending' }
  | { state: 'done'; value: unknown }
  | { state: 'failed'; error: string }
);

/** An answer's value as text: JSON, or `no value` when the player sent none. */
export function answerValue(value: unknown): string {
  return value === undefined ? 'no value' : compactJson(value);
}

/**
 * One line: `getCurrentTime (SDK) → 12.4`, `setVolume(50) (player.js) ✓ sent`,
 * `getVolume (player.js) … waiting for the answer`, `setEpisode(NaN) (SDK) ✗ <error>`.
 */
export function describeAnswer(answer: Answer): string {
  const call = answer.argument === undefined ? answer.method : `${answer.method}(${String(answer.argument)})`;
  const head = `${call} (${answer.via})`;
  const getter = methodKind(answer.method) === 'getter';
  if (answer.state === 'pending') return `${head} … ${getter ? 'waiting for the answer' : 'sending'}`;
  if (answer.state === 'failed') return `${head} ✗ ${answer.error}`;
  return getter ? `${head} → ${answerValue(answer.value)}` : `${head} ✓ sent`;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One event a driver heard. */
export interface EventRow {
  id: number;
  /** Epoch ms when it was heard. */
  at: number;
  via: ConsoleDriver;
  event: string;
  /** The listener tag the player echoed with it; null when not known. */
  listener: string | null;
  /** The value as compact JSON; empty when the player sent none. */
  value: string;
}

export function eventRow(id: number, at: number, via: ConsoleDriver, event: string, value: unknown, listener: string | number | null): EventRow {
  return { id, at, via, event, listener: listener === null ? null : String(listener), value: value === undefined ? '' : compactJson(value) };
}

/**
 * The listener tag of a delivered event: drivers hide theirs, but deliver each event while the
 * message that carried it is being dispatched, so the message read just before (`raw`) is it.
 */
export function listenerOf(raw: { event: string; listener: string | number | null } | null, event: string): string | number | null {
  return raw !== null && raw.event === event ? raw.listener : null;
}

/** `list` with `extra` appended, keeping the newest `cap` rows. */
export function appendCapped<T>(list: readonly T[], extra: readonly T[], cap: number): T[] {
  const next = list.concat(extra);
  return next.length > cap ? next.slice(next.length - cap) : next;
}
