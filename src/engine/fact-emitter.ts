import type { EngineFactName, EngineFacts, EngineListener } from './types';

/** A small typed emitter for engine facts, shared by the real engine and the test double. */
export function createFactEmitter() {
  const listeners = new Map<EngineFactName, Set<(payload: never) => void>>();
  return {
    on<K extends EngineFactName>(fact: K, listener: EngineListener<K>): () => void {
      let set = listeners.get(fact);
      if (!set) listeners.set(fact, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    emit<K extends EngineFactName>(fact: K, ...[payload]: EngineFacts[K] extends void ? [] : [EngineFacts[K]]): void {
      for (const listener of listeners.get(fact) ?? []) (listener as EngineListener<K>)(payload as EngineFacts[K]);
    },
    listenerCount(): number {
      let count = 0;
      for (const set of listeners.values()) count += set.size;
      return count;
    },
    clear(): void {
      listeners.clear();
    },
  };
}

export type FactEmitter = ReturnType<typeof createFactEmitter>;
