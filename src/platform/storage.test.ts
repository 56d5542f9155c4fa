import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createWebStorage, isBoolean, isFiniteNumber, readTyped, recordOf, isString } from './storage';

/** A Web Storage double whose calls can be made to throw. */
function webStorage(behaviour: { getItem?: () => never; setItem?: () => never; removeItem?: () => never } = {}) {
  const map = new Map<string, string>();
  const storage = {
    getItem: behaviour.getItem ?? ((key: string) => map.get(key) ?? null),
    setItem: behaviour.setItem ?? ((key: string, value: string) => void map.set(key, value)),
    removeItem: behaviour.removeItem ?? ((key: string) => void map.delete(key)),
  } as unknown as Storage;
  return { map, storage };
}

const quota = () => {
  throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
};
const denied = () => {
  throw Object.assign(new Error('Access is denied for this document.'), { name: 'SecurityError' });
};

describe('storage adapter', () => {
  it('writes and reads JSON values by key', () => {
    const { map, storage } = webStorage();
    const kv = createWebStorage(() => storage);
    expect(kv.write('player-volume', 0.35)).toBe(true);
    expect(kv.write('favoriteAudioTracks', { 101: 'English (EN)' })).toBe(true);
    expect(map.get('player-volume')).toBe('0.35');
    expect(kv.read('favoriteAudioTracks')).toEqual({ 101: 'English (EN)' });
    kv.remove('player-volume');
    expect(kv.read('player-volume')).toBeUndefined();
  });

  it('corrupt JSON reads as nothing; a wrong type fails its guard', () => {
    const kv = createMemoryStorage({ a: '{broken', b: '"text"', c: '12', d: 'true', e: '{"1":"x","2":3}' });
    expect(kv.read('a')).toBeUndefined();
    expect(readTyped(kv, 'b', isFiniteNumber)).toBeNull();
    expect(readTyped(kv, 'c', isFiniteNumber)).toBe(12);
    expect(readTyped(kv, 'd', isBoolean)).toBe(true);
    expect(readTyped(kv, 'e', recordOf(isString))).toBeNull();
    expect(readTyped(kv, 'missing', isBoolean)).toBeNull();
  });

  it('a quota error fails the write without throwing', () => {
    const { storage } = webStorage({ setItem: quota });
    expect(createWebStorage(() => storage).write('k', 1)).toBe(false);
  });

  it('a storage that throws on access, or is missing, never throws', () => {
    const throwing = createWebStorage(denied);
    expect(throwing.read('k')).toBeUndefined();
    expect(throwing.write('k', 1)).toBe(false);
    expect(() => throwing.remove('k')).not.toThrow();
    const { storage } = webStorage({ getItem: denied, setItem: denied, removeItem: denied });
    const failing = createWebStorage(() => storage);
    expect(failing.read('k')).toBeUndefined();
    expect(failing.write('k', 1)).toBe(false);
    expect(() => failing.remove('k')).not.toThrow();
    const missing = createWebStorage(() => null);
    expect(missing.read('k')).toBeUndefined();
    expect(missing.write('k', 1)).toBe(false);
  });

  it('values JSON cannot hold are refused', () => {
    const kv = createMemoryStorage();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(kv.write('a', cyclic)).toBe(false);
    expect(kv.write('b', undefined)).toBe(false);
    expect(kv.raw.size).toBe(0);
  });
});
