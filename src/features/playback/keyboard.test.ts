/** keyboard.ts: the shortcut table and what the keys do to the engine. */
import { allSettled, fork, createWatch, type EventCallable, type Scope } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { $storage, createMemoryStorage, type MemoryStorage } from '../../platform/storage';
import {
  engineAttached,
  fullscreenShortcutUsed,
  keyPressed,
  shortcutFor,
  subtitlesShortcutUsed,
} from './index';

async function attached(options: { storage?: MemoryStorage; pollable?: boolean } = {}) {
  const storage = options.storage ?? createMemoryStorage();
  const scope = fork({ values: [[$storage, storage]] });
  const engine = createScriptedEngine({ pollable: options.pollable });
  await allSettled(engineAttached, { scope, params: engine });
  return { scope, engine, storage };
}

/**
 * Fires a unit, then lets `ms` of fake time pass. It does not wait for the scope to settle:
 * a pending debounce timer (e.g. the controls' 1 s) would keep allSettled waiting.
 */
async function fire<T>(scope: Scope, unit: EventCallable<T>, params?: T, ms = 0) {
  void allSettled(unit, { scope, params: params as T });
  await vi.advanceTimersByTimeAsync(ms);
}

describe('keyboard', () => {
  // One test below runs on fake time; should it fail half-way, the fake clock still goes with it.
  afterEach(() => void vi.useRealTimers());

  it.each([
    [' ', 'Space', 'togglePlay'],
    ['k', 'KeyK', 'togglePlay'],
    ['л', 'KeyK', 'togglePlay'],
    ['ArrowLeft', 'ArrowLeft', 'seekBack'],
    ['j', 'KeyJ', 'seekBack'],
    ['l', 'KeyL', 'seekForward'],
    ['ArrowUp', 'ArrowUp', 'volumeUp'],
    ['ArrowDown', 'ArrowDown', 'volumeDown'],
    ['f', 'KeyF', 'fullscreen'],
    ['M', 'KeyM', 'mute'],
    ['c', 'KeyC', 'subtitles'],
    ['Escape', 'Escape', 'escape'],
  ])('%s (%s) means %s', (key, code, kind) => {
    expect(shortcutFor({ key, code })?.kind).toBe(kind);
  });

  it('digits jump to tenths; other keys mean nothing', () => {
    expect(shortcutFor({ key: '4', code: 'Digit4' })).toEqual({ kind: 'seekToFraction', fraction: 0.4 });
    expect(shortcutFor({ key: 'q', code: 'KeyQ' })).toBeNull();
    expect(shortcutFor({ key: 'Tab', code: 'Tab' })).toBeNull();
  });

  it('keys drive the engine: k toggles, → seeks, ↓ lowers the volume, m mutes, c and f are handed on', async () => {
    vi.useFakeTimers();
    const { scope, engine } = await attached();
    engine.emit('playing');
    engine.emit('timeUpdated', { currentTime: 3, duration: 30, bufferedAhead: 0 });
    engine.calls.length = 0;
    const handed: string[] = [];
    createWatch({ unit: subtitlesShortcutUsed, scope, fn: () => handed.push('c') });
    createWatch({ unit: fullscreenShortcutUsed, scope, fn: () => handed.push('f') });
    for (const [key, code] of [['k', 'KeyK'], ['ArrowRight', 'ArrowRight'], ['ArrowDown', 'ArrowDown'], ['m', 'KeyM'], ['c', 'KeyC'], ['f', 'KeyF'], ['5', 'Digit5']]) {
      await fire(scope, keyPressed, { key: key!, code: code! });
    }
    vi.useRealTimers();
    expect(engine.calls.map((c) => [c.command, ...c.args])).toEqual([
      ['pause'],
      ['seek', 13],
      ['setVolume', 0.95],
      ['setMuted', true],
      ['seek', 15],
    ]);
    expect(handed).toEqual(['c', 'f']);
  });
});
