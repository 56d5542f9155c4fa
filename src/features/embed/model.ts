/**
 * The player.js receiver (issue #21): the embedding page drives the player and listens to it
 * with player.js messages (protocol.ts has the message table). This module is the receiver's
 * core: who is obeyed, when `ready` goes out, the listener table, and the outgoing queue.
 * methods.ts maps requests onto the other features, events.ts their facts onto events.
 *
 * Who is obeyed: a message whose source is `window.parent` (the adapter checks it), whose
 * origin is the embedding origin (where the answers go) and, when the page sets
 * `data-allowed-origins`, one of those. Not framed, or with no known embedding origin (no
 * ancestorOrigins and no referrer), the receiver stays silent: it never posts to '*'.
 *
 * Ready: once the page has started, the engine is attached and the first source is ready (or
 * failed): from then on play, seek and the getters mean what they say. The receiver listens
 * from the start (once the embedder is known), but before ready takes only addEventListener
 * and removeEventListener: the player.js client queues every other message until our ready.
 * Ready goes to each ready listener, or without a listener when nobody asked (as player.js's
 * Receiver does).
 *
 * Ads: while an ad break runs, play and pause act on the ad, mute, unmute and setVolume act on
 * both the content and the ad, setCurrentTime, nextEpisode and setEpisode are ignored, and
 * getPaused answers for the ad. The content's own events (play, pause, ended, timeupdate,
 * progress, seeked) are not sent then (dropped, not queued: the content's play after the
 * break is announced as usual); adStarted, adSkipped and adEnded announce each ad instead.
 */
import { combine, createEffect, createEvent, createStore, sample, scopeBind, type Event, type EventCallable, type Store, type Unit, type UnitTargetable } from 'effector';
import type { EpisodeDto } from '../../api/dto';
import type { EngineError, EngineTime, MediaEngine, MediaKey } from '../../engine/types';
import { listenToEmbedder, postToEmbedderFx, readEmbedderOriginFx, type EmbedderMessage } from '../../platform/embed-channel';
import type { AdBreak, AdBreakPhase, AdStatus, AdStatusChange } from '../ads';
import type { Chapter } from '../chapters';
import {
  addListener,
  messagesFor,
  obeys,
  originAllowed,
  parseEmbedMessage,
  readyMessage,
  removeListener,
  unknownMethodValue,
  type EmbedEvent,
  type EmbedRequest,
  type ListenerTable,
  type OutgoingMessage,
  type ParsedMessage,
} from './protocol';
import { createMethods } from './methods';
import { createEvents } from './events';
import { engineOf } from '../../engine/engines';

interface EmbedSettings {
  /** The frame's own address, echoed in ready as `src` (the client matches it with the iframe's src). */
  src: string;
  /** The `data-allowed-origins` page setting; null allows the embedding page whatever its origin. */
  allowedOrigins: string[] | null;
}

/** What embed hears from the other features, named by what it is to the receiver. */
export interface EmbedDeps {
  /** The media engine and its arrival (playback): ready waits for it, and the time reports come from it. */
  $engineKey: Store<MediaKey | null>;
  engineAttached: Event<MediaEngine>;
  /** A source asked for, ready, or failed (playback). */
  sourceRequested: Event<{ startTime: number }>;
  sourceReady: Event<unknown>;
  $streamError: Store<EngineError | null>;
  /** The media's facts (playback). */
  mediaSeeking: Event<{ currentTime: number }>;
  mediaSeeked: Event<{ currentTime: number }>;
  mediaPlaying: Event<unknown>;
  mediaPaused: Event<unknown>;
  mediaEnded: Event<unknown>;
  /** The content's state and its commands (playback), for the methods and the getters. */
  $duration: Store<number>;
  $isPlaying: Store<boolean>;
  $muted: Store<boolean>;
  $sliderVolume: Store<number>;
  playClicked: EventCallable<void>;
  pauseClicked: EventCallable<void>;
  playRequested: EventCallable<void>;
  seekRequested: EventCallable<number>;
  setMutedFx: UnitTargetable<boolean>;
  volumeSet: EventCallable<number | string>;
  /** A pause given to the media (playback): announced at once. */
  pauseFx: Unit<void>;
  /** The ad break (ads): its phase, the ad's status and times, and the ad's commands. */
  $breakPhase: Store<AdBreakPhase>;
  $break: Store<AdBreak | null>;
  $adStatus: Store<AdStatus | null>;
  adStatusChanged: Event<AdStatusChange>;
  $adUnitDuration: Store<number>;
  $adUnitRemainingTime: Store<number>;
  adPlayRequested: EventCallable<void>;
  adPauseRequested: EventCallable<void>;
  adMutedRequested: EventCallable<boolean>;
  adVolumeRequested: EventCallable<number>;
  skipRequested: EventCallable<void>;
  stopRequested: EventCallable<void>;
  /** The series' episodes (session). */
  $episodes: Store<EpisodeDto[]>;
  $currentEpisode: Store<EpisodeDto | null>;
  episodeChosen: Event<EpisodeDto>;
  /** The playhead entered a chapter (chapters). */
  chapterEntered: Event<Chapter>;
  /** The player is in fullscreen (fullscreen). */
  $fullscreen: Store<boolean>;
}

export type EmbedModel = ReturnType<typeof createEmbed>;

/** The player.js receiver, its methods and its events, built on the units of the features embed hears. */
export function createEmbed(deps: EmbedDeps) {
  const receiver = createReceiver(deps);
  createRequests(receiver);
  const methods = createMethods(deps, receiver);
  createEvents(deps, receiver);
  const { embedStarted, embedMessageReceived, listenToEmbedderFx, $embedReady, $listeners, $loopEnabled, pageAddressSet, episodeRequested, nextEpisodeRequested } = receiver;
  return { embedStarted, embedMessageReceived, listenToEmbedderFx, $embedReady, $listeners, $loopEnabled, pageAddressSet, episodeRequested, nextEpisodeRequested, ...methods };
}

/** The receiver: its settings, the embedder's origin, ready, and the units the requests and events go through. */
function createReceiver({ $engineKey, engineAttached, sourceRequested, sourceReady, $streamError, mediaSeeking, mediaSeeked, $breakPhase }: EmbedDeps) {
  /** The page started: the receiver learns its settings and looks up the embedding origin. */
  const embedStarted = createEvent<EmbedSettings>();
  /** A message from the parent window, unparsed. */
  const embedMessageReceived = createEvent<EmbedderMessage>();
  /** A request from an obeyed origin, well-formed. */
  const requestAccepted = createEvent<EmbedRequest>();
  /** Messages to post to the embedder: answers and events. */
  const messagesDue = createEvent<OutgoingMessage[]>();
  /** Events that happened; each goes to the listeners that asked for it. */
  const eventsOccurred = createEvent<EmbedEvent[]>();
  const eventOccurred = createEvent<EmbedEvent>();
  /** The content's own events: not sent while an ad break runs. */
  const contentEventOccurred = createEvent<EmbedEvent>();
  /** The engine's time report, at the media's own pace (timeupdate and progress, about 4 Hz). */
  const mediaTimeReported = createEvent<EngineTime>();
  /** The embedding page told its current address (setPageUrl), on its own origin: share's links take it. */
  const pageAddressSet = createEvent<string>();
  /** The embedder asked for an episode of the list other than the current one (setEpisode), while the content shows. */
  const episodeRequested = createEvent<EpisodeDto>();
  /** The embedder asked for the next episode (nextEpisode), while the content shows. */
  const nextEpisodeRequested = createEvent();

  const $settings = createStore<EmbedSettings | null>(null, { serialize: 'ignore' }).on(embedStarted, (_, settings) => settings);
  const $embedderOrigin = createStore<string | null>(null).on(readEmbedderOriginFx.doneData, (_, origin) => origin);
  /** Where messages go and come from: the embedding origin, when the page setting allows it. */
  const $targetOrigin = combine($embedderOrigin, $settings, (origin, settings) =>
    settings !== null && originAllowed(origin, settings.allowedOrigins) ? origin : null,
  );
  const $embedReady = createStore(false);
  /** Listener tags by event, as addEventListener and removeEventListener left them. */
  const $listeners = createStore<ListenerTable>({}, { serialize: 'ignore' });
  /** An ad break has the screen: play and pause act on the ad, content events are held back. */
  const $adBreakRunning = $breakPhase.map((phase) => phase === 'running');
  /** setLoop: an ended episode replays from 0, and auto-advance waits (see methods.ts). */
  const $loopEnabled = createStore(false);
  /** The content's media time, as fresh as the media reports it (the playback model's is paced to 1 s). */
  const $playhead = createStore(0)
    .on(mediaTimeReported, (_, { currentTime }) => currentTime)
    .on([mediaSeeking, mediaSeeked], (_, { currentTime }) => currentTime)
    .on(sourceRequested, (_, { startTime }) => startTime);

  /** The media has something to tell: its first source is ready, or failed. */
  const $mediaSettled = createStore(false)
    .on(sourceReady, () => true)
    .on($streamError.updates, (settled, error) => settled || error !== null);

  /** Starts listening to the parent window; the listener lives as long as the page. */
  const listenToEmbedderFx = createEffect(() => {
    listenToEmbedder(scopeBind(embedMessageReceived, { safe: true }));
  });
  /** Takes the engine's time reports: only once embedded, so a page nobody drives pays nothing. */
  const connectTimeFx = createEffect((key: MediaKey) => {
    engineOf(key)?.on('timeUpdated', scopeBind(mediaTimeReported, { safe: true }));
  });

  sample({ clock: embedStarted, fn: () => undefined, target: readEmbedderOriginFx });
  // Listening starts as soon as the embedder is known, so listeners added before ready are kept.
  sample({ clock: readEmbedderOriginFx.done, source: $targetOrigin, filter: (origin) => origin !== null, fn: () => undefined, target: listenToEmbedderFx });

  const readyDue = sample({
    clock: [readEmbedderOriginFx.done, engineAttached, $mediaSettled.updates],
    source: { origin: $targetOrigin, key: $engineKey, settled: $mediaSettled, ready: $embedReady, settings: $settings, listeners: $listeners },
    filter: ({ origin, key, settled, ready }) => origin !== null && key !== null && settled && !ready,
    fn: ({ settings, key, listeners }) => ({ src: settings!.src, key: key!, readyListeners: listeners.ready ?? [] }),
  });
  $embedReady.on(readyDue, () => true);
  sample({ clock: readyDue, fn: ({ key }) => key, target: connectTimeFx });
  // To each ready listener, or, when nobody asked, once without one (SPEC.rst: "regardless of listening").
  sample({
    clock: readyDue,
    fn: ({ src, readyListeners }) => (readyListeners.length > 0 ? readyListeners.map((listener) => readyMessage(src, listener)) : [readyMessage(src)]),
    target: messagesDue,
  });

  return {
    embedStarted, embedMessageReceived, requestAccepted, messagesDue, eventsOccurred, eventOccurred, contentEventOccurred, mediaTimeReported, pageAddressSet,
    episodeRequested, nextEpisodeRequested, $settings, $targetOrigin, $embedReady, $listeners, $adBreakRunning, $loopEnabled, $playhead, listenToEmbedderFx,
  };
}

/** The receiver's units, as the methods and the events take them. */
export type Receiver = ReturnType<typeof createReceiver>;

/** The parent's messages: parsed, obeyed or not, the listener table, and what is posted back. */
function createRequests(receiver: Receiver) {
  const { embedMessageReceived, requestAccepted, messagesDue, eventsOccurred, eventOccurred, contentEventOccurred, $settings, $targetOrigin, $embedReady } = receiver;
  const { $listeners, $adBreakRunning } = receiver;
  const parsed = sample({
    clock: embedMessageReceived,
    source: { embedder: $targetOrigin, settings: $settings },
    filter: ({ embedder, settings }, { origin }) => obeys(origin, embedder, settings?.allowedOrigins ?? null),
    fn: (_, { data }) => parseEmbedMessage(data),
  });
  const isListening = (request: EmbedRequest) => request.method === 'addEventListener' || request.method === 'removeEventListener';
  // Before ready only listeners are taken: a command could not act yet (the player.js client
  // queues its commands until ready anyway).
  const requestParsed = parsed.filterMap((message) => (message?.kind === 'request' ? message.request : undefined));
  sample({
    clock: requestParsed,
    source: $embedReady,
    filter: (ready, request) => ready || isListening(request),
    fn: (_, request) => request,
    target: requestAccepted,
  });
  // SPEC.rst error code 2, to the error listeners only (as player.js's Receiver does).
  sample({
    clock: parsed,
    filter: (message: ParsedMessage | null): message is Extract<ParsedMessage, { kind: 'unknownMethod' }> => message?.kind === 'unknownMethod',
    fn: ({ method }): EmbedEvent => ({ event: 'error', value: unknownMethodValue(method) }),
    target: eventOccurred,
  });

  // The listener table. A ready listener added after ready is answered at once.
  const listenerAdded = requestAccepted.filterMap((request) => (request.method === 'addEventListener' ? request : undefined));
  const listenerRemoved = requestAccepted.filterMap((request) => (request.method === 'removeEventListener' ? request : undefined));
  $listeners
    .on(listenerAdded, (table, { event, listener }) => addListener(table, event, listener))
    .on(listenerRemoved, (table, { event, listener }) => removeListener(table, event, listener));
  sample({
    clock: listenerAdded,
    source: { settings: $settings, ready: $embedReady },
    filter: ({ settings, ready }, { event }) => settings !== null && ready && event === 'ready',
    fn: ({ settings }, { listener }) => [readyMessage(settings!.src, listener)],
    target: messagesDue,
  });

  sample({ clock: eventOccurred, fn: (event) => [event], target: eventsOccurred });
  sample({ clock: contentEventOccurred, filter: $adBreakRunning.map((running) => !running), fn: (event) => [event], target: eventsOccurred });
  sample({
    clock: eventsOccurred,
    source: $listeners,
    filter: (table, events) => events.some(({ event }) => (table[event]?.length ?? 0) > 0),
    fn: messagesFor,
    target: messagesDue,
  });

  sample({
    clock: messagesDue,
    source: $targetOrigin,
    filter: (origin, messages) => origin !== null && messages.length > 0,
    fn: (origin, messages) => ({ origin: origin!, messages }),
    target: postToEmbedderFx,
  });
}
