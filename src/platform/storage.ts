/** This player's storage as a store: the models read it through `$storage` (the functions are in web-storage.ts). */
import { createStore } from 'effector';
import { createWebStorage, type KeyValueStorage } from './web-storage';

export * from './web-storage';

/** This player's storage; tests put a memory storage here with `fork({ values: [[$storage, …]] })`. */
export const $storage = createStore<KeyValueStorage>(createWebStorage(), { serialize: 'ignore' });
