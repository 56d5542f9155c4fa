/**
 * A key-value store of JSON values over localStorage that never throws: a missing key, corrupt
 * JSON, a value of the wrong type, a disabled or throwing localStorage (sandboxed or
 * third-party frames) and quota errors all read as "nothing" or report a failed write.
 * Free of effector, so the page's entry reads the saved settings without loading it; the models
 * keep one in `$storage` (storage.ts), where tests put a `createMemoryStorage()`.
 */

export interface KeyValueStorage {
  /** The parsed JSON value under `key`; undefined when missing, unreadable or not JSON. */
  read(key: string): unknown;
  /** Stores `value` as JSON. False when the storage refused it (quota, disabled, unserialisable). */
  write(key: string, value: unknown): boolean;
  remove(key: string): void;
}

/** A type guard for a stored value. */
export type Guard<T> = (value: unknown) => value is T;

/** The value under `key` when it passes `guard`, else null. */
export function readTyped<T>(storage: KeyValueStorage, key: string, guard: Guard<T>): T | null {
  const value = storage.read(key);
  return guard(value) ? value : null;
}

export const isFiniteNumber: Guard<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);
export const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === 'boolean';
export const isString: Guard<string> = (value): value is string => typeof value === 'string';

/** A guard for a plain object whose values all pass `guard` (e.g. content id → label). */
export function recordOf<T>(guard: Guard<T>): Guard<Record<string, T>> {
  return (value): value is Record<string, T> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(guard);
}

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON text with `set`; false when it has no JSON form or `set` throws (quota). */
function writeJson(value: unknown, set: (text: string) => void): boolean {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return false;
    set(text);
    return true;
  } catch {
    return false;
  }
}

function browserLocalStorage(): Storage | null {
  try {
    // Reading the property itself throws a SecurityError where storage is blocked.
    return typeof globalThis.localStorage === 'object' ? globalThis.localStorage : null;
  } catch {
    return null;
  }
}

/** A KeyValueStorage over a Web Storage object, resolved on every call (it may appear or vanish). */
export function createWebStorage(resolve: () => Storage | null = browserLocalStorage): KeyValueStorage {
  const storage = () => {
    try {
      return resolve();
    } catch {
      return null;
    }
  };
  return {
    read(key) {
      try {
        return parse(storage()?.getItem(key) ?? null);
      } catch {
        return undefined;
      }
    },
    write(key, value) {
      const target = storage();
      return !!target && writeJson(value, (text) => target.setItem(key, text));
    },
    remove(key) {
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing to do: the value is unreachable either way.
      }
    },
  };
}

export interface MemoryStorage extends KeyValueStorage {
  /** The raw strings stored, as localStorage would hold them. */
  readonly raw: Map<string, string>;
}

/** An in-memory KeyValueStorage for tests; `initial` holds raw strings, so corrupt JSON can be seeded. */
export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const raw = new Map(Object.entries(initial));
  return {
    raw,
    read: (key) => parse(raw.get(key) ?? null),
    write: (key, value) => writeJson(value, (text) => raw.set(key, text)),
    remove: (key) => void raw.delete(key),
  };
}
