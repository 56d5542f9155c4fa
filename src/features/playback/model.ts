import { attach, combine, createEffect, createEvent, createStore, sample, scopeBind, type EventCallable } from 'effector';
import type { EngineError, EngineFacts, EngineSourceState, EngineTime, MediaEngine } from '../../engine/types';
import { DEFAULT_MUTED, DEFAULT_VOLUME } from '../../lib/constants';
import { isPlayRefusal, playOrMute, type AutoplayResult } from '../../lib/autoplay';
import { paceTimeFacts } from './pace-time';
import { startAdopted } from '../session';
import type { PageSource } from '../../start/snapshot';

export { isPlayRefusal, type AutoplayResult };

/** SPEC.md §4 player states. 'notStarted' holds until the media first plays. */
type PlaybackStatus = 'notStarted' | 'playing' | 'paused' | 'ended' | 'buffering';

interface SourceRequest {
  url: string;
  /** Seconds to start from. */
  startTime: number;
}

// Engine facts, as they happened.
export const sourceReady = createEvent<EngineFacts['sourceReady']>();
export const mediaPlaying = createEvent();
export const mediaPaused = createEvent();
export const mediaWaiting = createEvent();
export const mediaEnded = createEvent();
export const mediaSeeking = createEvent<EngineFacts['seeking']>();
export const mediaSeeked = createEvent<EngineFacts['seeked']>();
export const mediaTimeUpdated = createEvent<EngineTime>();
const mediaDurationChanged = createEvent<EngineFacts['durationChanged']>();
export const mediaError = createEvent<EngineError>();
/** The media reported a new volume or mute state. */
export const mediaVolumeChanged = createEvent<EngineFacts['volumeChanged']>();
/** A piece of the stream reached the buffer (the engine's loadProgress). */
export const mediaLoadProgressed = createEvent();
/** The media time read by the 100 ms stream tick while the media plays (see tick.ts). */
export const streamTicked = createEvent<EngineTime>();

// Intents.
export const engineAttached = createEvent<MediaEngine>();
/**
 * The model keeps the source the page's start loaded for the start episode (series decides by the
 * episode): it connects to it instead of loading it again.
 */
export const pageSourceKept = createEvent<PageSource>();
/**
 * The model listens to the engine's facts from now on: as soon as the engine arrives, or, with an
 * early source, once the model takes a source (that one's state read first, so no fact is missed).
 */
export const engineConnected = createEvent<MediaEngine>();
/**
 * Where the early source stood when the model connected to it. Each feature takes its part as the
 * facts that said it (playback's own are delivered by connectEngineFx, in order, as facts come).
 */
export const sourceAdopted = createEvent<EngineSourceState>();
export const sourceRequested = createEvent<SourceRequest>();
/** The chosen item has no playable source at all. */
export const sourceMissing = createEvent<string>();
export const playClicked = createEvent();
export const pauseClicked = createEvent();
export const togglePlayClicked = createEvent();
export const retryClicked = createEvent();
export const autoplaySet = createEvent<boolean>();
/** Every request to play the content, whatever asked: a click, a key, autoplay. */
export const playRequested = createEvent();
/**
 * Holding stops play requests from reaching the media, e.g. while a pre-roll is due or runs.
 * A request made while held is announced by playDeferred and honoured on release.
 */
export const playHeld = createEvent();
export const playReleased = createEvent();
export const playDeferred = createEvent();

export const $engine = createStore<MediaEngine | null>(null, { serialize: 'ignore' }).on(engineAttached, (_, engine) => engine);
export const $source = createStore<SourceRequest | null>(null).on(sourceRequested, (_, source) => source);
/**
 * Whether the next source plays by itself. One event, three moments that decide it: the page's
 * auto_play when the app starts (playback/connect.ts), each episode's start plan (series/connect.ts,
 * which overrides it per episode), and 'Повторить' after an error (a retry plays, model.ts).
 */
export const $autoplay = createStore(false).on(autoplaySet, (_, on) => on);
export const $volume = createStore(DEFAULT_VOLUME).on(mediaVolumeChanged, (_, { volume }) => volume);
export const $muted = createStore(DEFAULT_MUTED).on(mediaVolumeChanged, (_, { muted }) => muted);

/**
 * The browser refused sound without the viewer's gesture, so the content (and an ad) play muted.
 * That mute is not the viewer's choice: it is never stored, and the viewer is offered the sound.
 */
export const soundRefused = createEvent();
/** Muted for the browser, not by the viewer (src/lib/autoplay.ts); any unmute ends it. */
export const $fallbackMuted = createStore(false)
  .on(soundRefused, () => true)
  .on(mediaVolumeChanged, (on, { muted }) => (muted ? on : false));

type FactHandlers = { [K in 'sourceReady' | 'playing' | 'paused' | 'waiting' | 'ended' | 'seeking' | 'seeked' | 'timeUpdated' | 'durationChanged' | 'error' | 'loadProgress']: (payload: EngineFacts[K]) => void };

/** Playback's handler of each engine fact, in this player's scope; time facts go through the pacer. */
function factHandlers(): FactHandlers {
  const bind = <T>(unit: EventCallable<T>) => scopeBind(unit, { safe: true });
  const timeUpdated = bind(mediaTimeUpdated);
  const pacer = paceTimeFacts(timeUpdated);
  const flow = (deliver: () => void, playing: boolean) => () => {
    pacer.flowChanged(playing);
    deliver();
  };
  const seek = (deliver: (data: EngineFacts['seeking']) => void) => (data: EngineFacts['seeking']) => {
    pacer.flush();
    deliver(data);
  };
  const ready = bind(sourceReady);
  return {
    sourceReady: (data) => {
      pacer.flowChanged(false);
      ready(data);
    },
    playing: flow(bind(mediaPlaying), true),
    paused: flow(bind(mediaPaused), false),
    waiting: flow(bind(mediaWaiting), false),
    ended: flow(bind(mediaEnded), false),
    seeking: seek(bind(mediaSeeking)),
    seeked: seek(bind(mediaSeeked)),
    timeUpdated: pacer.time,
    durationChanged: bind(mediaDurationChanged),
    error: bind(mediaError),
    loadProgress: bind(mediaLoadProgressed),
  };
}

/**
 * Where a connected source stands, to the model: the ready source first (autoplay asks to play at
 * it), then every feature's part, then the flow, the time and the errors met, each as its own fact.
 */
function adoptSource(state: EngineSourceState, handlers: FactHandlers, adopted: (state: EngineSourceState) => void): void {
  if (state.ready) handlers.sourceReady(state.ready);
  adopted(state);
  if (state.duration !== null) handlers.durationChanged({ duration: state.duration });
  if (state.flow) handlers[state.flow]();
  if (state.time) handlers.timeUpdated(state.time);
  // The fatal error the source stands at, even when the errors kept no longer hold it.
  if (state.error && !state.errors.includes(state.error)) handlers.error(state.error);
  for (const error of state.errors) handlers.error(error);
}

/**
 * Subscribes the model to the engine's facts; scopeBind keeps them in this player's scope. With an
 * early source, its state is read and the facts listened to in one step, after the model's own
 * reaction to its request (as facts always come), and the state is adopted before any later fact.
 */
const connectEngineFx = createEffect(async ({ engine, early }: { engine: MediaEngine; early: boolean }) => {
  const handlers = factHandlers();
  const connected = scopeBind(engineConnected, { safe: true });
  const adopted = scopeBind(sourceAdopted, { safe: true });
  if (early) await Promise.resolve();
  const state = early ? engine.source() : null;
  for (const [fact, handler] of Object.entries(handlers)) engine.on(fact as keyof FactHandlers, handler as never);
  connected(engine);
  if (state) adoptSource(state, handlers, adopted);
});

const loadSourceFx = attach({
  source: $engine,
  effect: (engine, { url, startTime }: SourceRequest) => engine?.load(url, { startTime }),
});
/**
 * Plays; when the browser refuses sound, plays muted (src/lib/autoplay.ts). Resolves with the
 * outcome ('blocked': refused muted too; null without an engine); rejects only with an error that
 * is no refusal (an AbortError when the engine reloads the media, say).
 */
export const playFx = attach({
  source: { engine: $engine, muted: $muted },
  effect: async ({ engine, muted }): Promise<AutoplayResult | null> => {
    if (!engine) return null;
    const refused = scopeBind(soundRefused, { safe: true });
    return playOrMute(engine, { muted, onMuted: refused });
  },
});
export const pauseFx = attach({ source: $engine, effect: (engine) => engine?.pause() });
/** Fetches a source's playlists ahead of its load (the next episode); resolves with how many were asked for. */
export const prefetchSourceFx = attach({ source: $engine, effect: async (engine, url: string) => (await engine?.prefetch(url)) ?? 0 });

/** play() was refused by the browser's policy, muted too: the viewer's own click will play. */
export const playRefused = sample({ clock: playFx.doneData, filter: (result) => result === 'blocked', fn: () => undefined });
/**
 * Lets the content play later where the browser lets an element play with sound only once it was
 * played inside the viewer's gesture (Safari's engine): asked while the viewer's click or key is
 * being handled, e.g. the click that starts a pre-roll, so the film follows the ad by itself.
 */
export const unlockFx = attach({ source: $engine, effect: (engine) => engine?.unlock() });

export const $status = createStore<PlaybackStatus>('notStarted')
  .on(sourceRequested, () => 'notStarted')
  .on(mediaPlaying, () => 'playing')
  .on(mediaPaused, (status) => (status === 'ended' ? status : 'paused'))
  .on(mediaWaiting, (status) => (status === 'notStarted' ? status : 'buffering'))
  .on(mediaEnded, () => 'ended');

export const $currentTime = createStore(0)
  .on(sourceRequested, (_, { startTime }) => startTime)
  .on([mediaTimeUpdated, streamTicked], (_, { currentTime }) => currentTime)
  .on([mediaSeeking, mediaSeeked], (_, { currentTime }) => currentTime);
export const $duration = createStore(0)
  .reset(sourceRequested)
  .on([mediaTimeUpdated, streamTicked, mediaDurationChanged], (current, { duration }) => (Number.isFinite(duration) ? duration : current));
/**
 * The last time fact the model took, as the engine reported it. The engine reads the element's
 * buffer only when a fact's buffer is asked for (hls-events.ts readMediaTime), and nothing asks
 * every second: analytics reads the buffer ahead from it when an error comes.
 */
export const $lastTime = createStore<EngineTime | null>(null)
  .reset(sourceRequested)
  .on([mediaTimeUpdated, streamTicked], (_, time) => time);
/**
 * Buffered ranges as [start, end] seconds, for the seek slider: taken from the time facts while the
 * controls show (controls.ts), so a film playing under hidden controls never reads its buffer.
 */
export const $bufferedRanges = createStore<ReadonlyArray<readonly [number, number]>>([]).reset(sourceRequested);

/** The stream state is 'error' after a fatal engine error (SPEC.md §8). */
export const $streamError = createStore<EngineError | null>(null)
  .reset(sourceRequested)
  .on(mediaError, (current, error) => (error.fatal ? error : current))
  .on(sourceMissing, (_, message) => ({ kind: 'other', detail: 'sourceMissing', fatal: true, message }));

/** The current time in whole seconds: what the clock shows, updated once a second. */
export const $currentSecond = $currentTime.map((time) => Math.floor(time));

/**
 * Play was asked for and the first frame is still on its way (a slow or stalled first segment):
 * the viewer gets the spinner, not a still picture with a play button. It stays apart from the
 * start watchdog's $startAwaited, which asks another question: it also counts an autoplaying source
 * from its request, and ends only when the media time moves (a `playing` with a frozen picture is no start).
 */
export const $startPending = createStore(false)
  .on(playFx, () => true)
  .reset([mediaPlaying, mediaPaused, mediaEnded, sourceRequested, playRefused])
  .on(mediaError, (pending, error) => (error.fatal ? false : pending));
export const $isPlaying = $status.map((status) => status === 'playing' || status === 'buffering');
/** The surface's spinner: buffering, or a first frame that was asked for and has not come yet. */
export const $spinnerShown = combine($status, $startPending, $streamError, (status, pending, error) => status === 'buffering' || (pending && error === null));
/** The big play button: nothing plays, nothing is on its way, nothing failed. */
export const $bigPlayShown = combine($isPlaying, $startPending, $streamError, (playing, pending, error) => !playing && !pending && error === null);

export const $playHeld = createStore(false)
  .on(playHeld, () => true)
  .on(playReleased, () => false);
const $playPending = createStore(false)
  .on(playDeferred, () => true)
  .reset(playFx);

/** The source the page's start loaded (src/start), until the model takes its first source: that one, or another. */
export const $pageSource = createStore<PageSource | null>(null).on(startAdopted, (_, { source }) => source);
/** The request that keeps the page's source: the very value, so a later request is another source. */
const keptRequest = pageSourceKept.map(({ url, startTime }): SourceRequest => ({ url, startTime }));
const $keptRequest = createStore<SourceRequest | null>(null).on(keptRequest, (_, request) => request);
sample({ clock: keptRequest, target: sourceRequested });

// Without a page source, the model listens from the engine's arrival.
sample({ clock: engineAttached, source: $pageSource, filter: (page) => page === null, fn: (_, engine) => ({ engine, early: false }), target: connectEngineFx });

// A source requested before the engine exists is taken as soon as it arrives.
const sourceTaken = sample({
  clock: [sourceRequested, engineAttached],
  source: { engine: $engine, source: $source, page: $pageSource, kept: $keptRequest },
  filter: ({ engine, source }) => engine !== null && source !== null,
  fn: ({ engine, source, page, kept }) => ({ engine: engine!, source: source!, page, kept: kept !== null && kept === source }),
});
$pageSource.reset(sourceTaken);
$keptRequest.reset(sourceTaken);
sample({ clock: sourceTaken, filter: ({ kept }) => kept, fn: ({ engine }) => ({ engine, early: true }), target: connectEngineFx });
const loadTaken = sample({ clock: sourceTaken, filter: ({ kept }) => !kept });
// Another source replaces the page's: the model, not listening yet, listens before it loads.
sample({ clock: loadTaken, filter: ({ page }) => page !== null, fn: ({ engine }) => ({ engine, early: false }), target: connectEngineFx });
sample({ clock: loadTaken, fn: ({ source }) => source, target: loadSourceFx });

/** Autoplay asks for play: the source is ready and autoplay is on. */
export const autoplayRequested = sample({ clock: sourceReady, filter: $autoplay });
sample({ clock: autoplayRequested, target: playRequested });
sample({ clock: playClicked, target: playRequested });
sample({ clock: pauseClicked, target: pauseFx });
sample({ clock: togglePlayClicked, filter: $isPlaying, target: pauseFx });
sample({ clock: togglePlayClicked, filter: $isPlaying.map((playing) => !playing), target: playRequested });

sample({ clock: playRequested, filter: $playHeld.map((held) => !held), target: playFx });
sample({ clock: playRequested, filter: $playHeld, target: playDeferred });
sample({ clock: playReleased, source: $playPending, filter: Boolean, target: playFx });

// Retrying resumes where the viewer was and plays.
// The playhead is read at the click (a single-store source): a combined source would be
// recomputed on every time update.
const retryAt = sample({ clock: retryClicked, source: $currentTime });
sample({
  clock: retryAt,
  source: $source,
  filter: (source) => source !== null,
  fn: (source, time) => ({ url: source!.url, startTime: time }),
  target: sourceRequested,
});
sample({ clock: retryClicked, fn: () => true, target: autoplaySet });

/** Ranges equal to a tenth of a second: finer changes are invisible on the slider. */
export function sameRanges(a: ReadonlyArray<readonly [number, number]>, b: ReadonlyArray<readonly [number, number]>): boolean {
  return a.length === b.length && a.every(([start, end], i) => Math.abs(start - b[i]![0]) < 0.1 && Math.abs(end - b[i]![1]) < 0.1);
}
