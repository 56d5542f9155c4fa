import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('a store', () => {
  it('tells its listeners of a new value only, and stops once they unsubscribe', () => {
    const store = createStore({ count: 0 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set((value) => value);
    expect(listener).not.toHaveBeenCalled();
    store.set((value) => ({ count: value.count + 1 }));
    expect(store.get()).toEqual({ count: 1 });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set({ count: 5 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
