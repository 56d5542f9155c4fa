import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createWebStorage, isBoolean, isFiniteNumber, readTyped, recordOf, isString } from './storage';
import { fakeStorage } from '../test-support/web-storage';

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

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('storage', () => {
  const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  const security = new DOMException('Access is denied for this document.', 'SecurityError');

  const STORAGE_READ_ROWS: Array<[label: string, raw: string, read: (s: ReturnType<typeof createWebStorage>) => unknown, expected: unknown]> = [
    ['player-volume invalid JSON', '{oops', (s) => readTyped(s, 'k', isFiniteNumber), null],
    ['player-volume a string', '"loud"', (s) => readTyped(s, 'k', isFiniteNumber), null],
    ['player-volume a valid number', '0.35', (s) => readTyped(s, 'k', isFiniteNumber), 0.35],
    ['player-muted "yes"', '"yes"', (s) => readTyped(s, 'k', isBoolean), null],
    ['favoriteAudioTracks with a number label', '{"101":5}', (s) => readTyped(s, 'k', recordOf(isString)), null],
    ['favoriteAudioTracks an array', '["x"]', (s) => readTyped(s, 'k', recordOf(isString)), null],
    ['a huge value (6 MB string)', JSON.stringify('x'.repeat(6 * 1024 * 1024)), (s) => readTyped(s, 'k', isFiniteNumber), null],
  ];

  it.each(STORAGE_READ_ROWS)('%s', (_label, raw, read, expected) => {
    const storage = createWebStorage(() => fakeStorage({ k: raw }));
    expect(read(storage)).toEqual(expected);
  });

  it('localStorage itself throws on access (Safari private mode, blocked frame) → reads nothing, writes false', () => {
    const storage = createWebStorage(() => {
      throw security;
    });
    expect(storage.read('player-volume')).toBeUndefined();
    expect(storage.write('player-volume', 0.5)).toBe(false);
    expect(() => storage.remove('player-volume')).not.toThrow();
  });

  it('getItem throws → read undefined', () => {
    expect(createWebStorage(() => fakeStorage({ k: '1' }, { getItem: security })).read('k')).toBeUndefined();
  });

  it('quota exceeded on write → false, and the keys already stored are intact', () => {
    const backing = fakeStorage({ 'player-volume': '0.4', episodesTimeProgress: '{"10101":12}' }, { setItem: quota });
    const storage = createWebStorage(() => backing);
    expect(storage.write('episodesTimeProgress', { 10101: 20, 10211: 4 })).toBe(false);
    expect(storage.read('episodesTimeProgress')).toEqual({ 10101: 12 });
    expect(storage.read('player-volume')).toBe(0.4);
  });

  it('an unserialisable value (cycle, BigInt) → false, nothing written', () => {
    const backing = fakeStorage({});
    const storage = createWebStorage(() => backing);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(storage.write('k', cycle)).toBe(false);
    expect(storage.write('k', 10n)).toBe(false);
    expect(backing.length).toBe(0);
  });
});
