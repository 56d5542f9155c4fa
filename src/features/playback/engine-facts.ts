/**
 * The engine's facts as playback's events: one handler per fact, in the model's scope, the time
 * facts paced to one a second while the media plays (pace-time.ts); and a connected source's state
 * told as the facts that made it.
 */
import { scopeBind, type EventCallable } from 'effector';
import type { EngineFacts, EngineSourceState } from '../../engine/types';
import { paceTimeFacts } from './pace-time';
import type { PlaybackEvents } from './events';

export type FactHandlers = { [K in 'sourceReady' | 'playing' | 'paused' | 'waiting' | 'ended' | 'seeking' | 'seeked' | 'timeUpdated' | 'durationChanged' | 'error' | 'loadProgress']: (payload: EngineFacts[K]) => void };

/** Playback's handler of each engine fact, in this player's scope; time facts go through the pacer. */
export function factHandlers(events: PlaybackEvents): FactHandlers {
  const { mediaDurationChanged, mediaEnded, mediaError, mediaLoadProgressed, mediaPaused, mediaPlaying, mediaSeeked, mediaSeeking, mediaTimeUpdated } = events;
  const { mediaWaiting, sourceReady } = events;
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
export function adoptSource(state: EngineSourceState, handlers: FactHandlers, adopted: (state: EngineSourceState) => void): void {
  if (state.ready) handlers.sourceReady(state.ready);
  adopted(state);
  if (state.duration !== null) handlers.durationChanged({ duration: state.duration });
  if (state.flow) handlers[state.flow]();
  if (state.time) handlers.timeUpdated(state.time);
  // The fatal error the source stands at, even when the errors kept no longer hold it.
  if (state.error && !state.errors.includes(state.error)) handlers.error(state.error);
  for (const error of state.errors) handlers.error(error);
}
