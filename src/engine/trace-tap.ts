/**
 * Trace recording (scripts/record-trace.mjs): when the recorder has defined
 * `window.__engineFactSink` in the player's document, every engine fact is copied to it, after
 * where the current source stands (a source the page's start loaded has told its facts already).
 * Players without the sink pay one property check.
 */
import { stateFacts } from './source-state';
import { ENGINE_FACT_NAMES, type EngineFactName, type MediaEngine } from './types';

type FactSink = (fact: EngineFactName, payload: unknown) => void;


export function tapEngineFacts<E extends MediaEngine>(engine: E, host: { __engineFactSink?: unknown } = window as never): E {
  const sink = host.__engineFactSink;
  if (typeof sink !== 'function') return engine;
  const state = engine.source();
  if (state) for (const [fact, payload] of stateFacts(state)) (sink as FactSink)(fact, payload);
  for (const fact of ENGINE_FACT_NAMES) engine.on(fact, (payload: unknown) => (sink as FactSink)(fact, payload));
  return engine;
}
