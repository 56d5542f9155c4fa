/**
 * A value outside React that components read with a selector. A component re-renders only when
 * what its selector returns changes, so a panel subscribes to its own slice and a change elsewhere
 * (a request batch, a probe sample) leaves the rest of the page alone.
 */
import { useSyncExternalStore } from 'react';

export interface Readable<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

export interface Store<T> extends Readable<T> {
  /** Listeners hear only of a new value (compared with `Object.is`). */
  set(next: T | ((current: T) => T)): void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const updated = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(updated, value)) return;
      value = updated;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The selected part of a store's value. `select` must return a primitive or a part of the value
 * itself, never a new object: a new object on every read would re-render on every change.
 */
export function useStoreValue<T, V>(store: Readable<T>, select: (value: T) => V): V {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
