/**
 * The engines the page made, by key. A store holds an engine's key, a number, never the engine
 * itself: the element, hls.js and their listeners are the engine's alone, and a scope's state
 * stays plain data. The engine's commands are reached through `engineOf(key)`; a destroyed
 * engine is no longer found, so a command after the end does nothing.
 */
import type { MediaEngine, MediaKey } from './types';

const live = new Map<MediaKey, MediaEngine>();
let lastKey = 0;

/** Makes an engine under a new key and keeps it until its `destroy`. */
export function keyedEngine<E extends MediaEngine>(make: (key: MediaKey) => E): E {
  const key = ++lastKey;
  const engine = make(key);
  const destroy = engine.destroy.bind(engine);
  engine.destroy = () => {
    live.delete(key);
    destroy();
  };
  live.set(key, engine);
  return engine;
}

/** The engine under a key: null for none, or for one destroyed. */
export function engineOf(key: MediaKey | null): MediaEngine | null {
  return key === null ? null : (live.get(key) ?? null);
}
