/**
 * Playback's events: what the engine reports (its facts, as they happened) and what is asked of
 * the content (the intents). The stores that follow the facts are in status.ts; the engine, the
 * source and the commands in model.ts.
 */
import { createEvent } from 'effector';
import type { EngineError, EngineFacts, EngineSourceState, EngineTime, MediaEngine } from '../../engine/types';
import type { PageSource, StartSnapshot } from '../../start/snapshot';

export interface SourceRequest {
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
export const mediaDurationChanged = createEvent<EngineFacts['durationChanged']>();
export const mediaError = createEvent<EngineError>();
/** The media reported a new volume or mute state. */
export const mediaVolumeChanged = createEvent<EngineFacts['volumeChanged']>();
/** A piece of the stream reached the buffer (the engine's loadProgress). */
export const mediaLoadProgressed = createEvent();
/** The media time read by the 100 ms stream tick while the media plays (see tick.ts). */
export const streamTicked = createEvent<EngineTime>();

// Intents.
export const engineAttached = createEvent<MediaEngine>();
/** The app took the page's start (session, linked in app/links/playback.ts): the source it loaded, the autoplay's outcome. */
export const pageStartAdopted = createEvent<Pick<StartSnapshot, 'source' | 'autoplay'>>();
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

/**
 * The browser refused sound without the viewer's gesture, so the content (and an ad) play muted.
 * That mute is not the viewer's choice: it is never stored, and the viewer is offered the sound.
 */
export const soundRefused = createEvent();
