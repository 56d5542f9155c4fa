/**
 * Trace recording (scripts/record-trace.mjs): when the recorder has defined
 * `window.__engineFactSink` in the player's document, every engine fact is copied to it.
 * Players without the sink pay one property check.
 */
import type { EngineFactName, MediaEngine } from './types';

type FactSink = (fact: EngineFactName, payload: unknown) => void;

const RECORDED_FACTS: readonly EngineFactName[] = [
  'sourceReady',
  'levelsUpdated',
  'levelSwitched',
  'audioTracksUpdated',
  'audioTrackSwitched',
  'subtitleTracksUpdated',
  'subtitleTrackSwitched',
  'playing',
  'paused',
  'waiting',
  'seeking',
  'seeked',
  'ended',
  'timeUpdated',
  'durationChanged',
  'rateChanged',
  'loadProgress',
  'error',
];

export function tapEngineFacts<E extends MediaEngine>(engine: E, host: { __engineFactSink?: unknown } = window as never): E {
  const sink = host.__engineFactSink;
  if (typeof sink !== 'function') return engine;
  for (const fact of RECORDED_FACTS) engine.on(fact, (payload: unknown) => (sink as FactSink)(fact, payload));
  return engine;
}
