/**
 * Trace recording (scripts/record-trace.mjs): when the recorder has defined
 * `window.__engineFactSink` in the player's document, every engine fact is copied to it.
 * Players without the sink pay one property check.
 */
import { ENGINE_FACT_NAMES, type EngineFactName, type MediaEngine } from './types';

type FactSink = (fact: EngineFactName, payload: unknown) => void;


export function tapEngineFacts<E extends MediaEngine>(engine: E, host: { __engineFactSink?: unknown } = window as never): E {
  const sink = host.__engineFactSink;
  if (typeof sink !== 'function') return engine;
  for (const fact of ENGINE_FACT_NAMES) engine.on(fact, (payload: unknown) => (sink as FactSink)(fact, payload));
  return engine;
}
