/**
 * Playback's events: what the engine reports (its facts, as they happened) and what is asked of
 * the content (the intents), made by createPlayback (index.ts). The stores that follow the facts
 * are in status.ts; the engine, the source and the commands in model.ts.
 */
import { createEvent } from 'effector';
import type { EngineError, EngineFacts, EngineSourceState, EngineTime, MediaEngine } from '../../engine/types';
import type { PageSource, StartSnapshot } from '../../start/snapshot';

export interface SourceRequest {
  url: string;
  /** Seconds to start from. */
  startTime: number;
}

/** The engine's facts, as they happened. */
function createFacts() {
  return {
    sourceReady: createEvent<EngineFacts['sourceReady']>(),
    mediaPlaying: createEvent(),
    mediaPaused: createEvent(),
    mediaWaiting: createEvent(),
    mediaEnded: createEvent(),
    mediaSeeking: createEvent<EngineFacts['seeking']>(),
    mediaSeeked: createEvent<EngineFacts['seeked']>(),
    mediaTimeUpdated: createEvent<EngineTime>(),
    mediaDurationChanged: createEvent<EngineFacts['durationChanged']>(),
    mediaError: createEvent<EngineError>(),
    /** The media reported a new volume or mute state. */
    mediaVolumeChanged: createEvent<EngineFacts['volumeChanged']>(),
    /** A piece of the stream reached the buffer (the engine's loadProgress). */
    mediaLoadProgressed: createEvent(),
    /** The media time read by the 100 ms stream tick while the media plays (see tick.ts). */
    streamTicked: createEvent<EngineTime>(),
  };
}

/** The engine and its source, as the app gives them. */
function createSourceIntents() {
  return {
    engineAttached: createEvent<MediaEngine>(),
    /** The app took the page's start (session, linked in app/links/playback.ts): the source it loaded, the autoplay's outcome. */
    pageStartAdopted: createEvent<Pick<StartSnapshot, 'source' | 'autoplay'>>(),
    /**
     * The model keeps the source the page's start loaded for the start episode (series decides by
     * the episode): it connects to it instead of loading it again.
     */
    pageSourceKept: createEvent<PageSource>(),
    /**
     * The model listens to the engine's facts from now on: as soon as the engine arrives, or, with
     * an early source, once the model takes a source (that one's state read first, so no fact is missed).
     */
    engineConnected: createEvent<MediaEngine>(),
    /**
     * Where the early source stood when the model connected to it. Each feature takes its part as
     * the facts that said it (playback's own are delivered by connectEngineFx, in order, as facts come).
     */
    sourceAdopted: createEvent<EngineSourceState>(),
    sourceRequested: createEvent<SourceRequest>(),
    /** The chosen item has no playable source at all. */
    sourceMissing: createEvent<string>(),
  };
}

/** What is asked of the content: play, pause, retry, autoplay, and what holds a play. */
function createPlayIntents() {
  return {
    playClicked: createEvent(),
    pauseClicked: createEvent(),
    togglePlayClicked: createEvent(),
    retryClicked: createEvent(),
    autoplaySet: createEvent<boolean>(),
    /** Every request to play the content, whatever asked: a click, a key, autoplay. */
    playRequested: createEvent(),
    /**
     * Holding stops play requests from reaching the media, e.g. while a pre-roll is due or runs.
     * A request made while held is announced by playDeferred and honoured on release.
     */
    playHeld: createEvent(),
    playReleased: createEvent(),
    playDeferred: createEvent(),
    /**
     * The browser refused sound without the viewer's gesture, so the content (and an ad) play muted.
     * That mute is not the viewer's choice: it is never stored, and the viewer is offered the sound.
     */
    soundRefused: createEvent(),
  };
}

/** Playback's events, in the order its module once made them. */
export function createPlaybackEvents() {
  return { ...createFacts(), ...createSourceIntents(), ...createPlayIntents() };
}

export type PlaybackEvents = ReturnType<typeof createPlaybackEvents>;
