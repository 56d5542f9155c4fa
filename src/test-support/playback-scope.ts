/** A playback scope over the scripted engine, shared by playback's model tests (controls, gestures, keys, seek, tick, volume). */
import { allSettled, fork, type EventCallable, type Scope } from 'effector';
import { vi } from 'vitest';
import { createScriptedEngine, type ScriptedEngine } from '../engine/scripted-engine';
import { $storage, createMemoryStorage, type MemoryStorage } from '../platform/storage';
import type { KeyInput, PlaybackModel } from '../features/playback';

/** The engine's commands so far, or those of one name. */
export const commands = (engine: ScriptedEngine, name?: string) => engine.calls.filter((c) => !name || c.command === name);

/** A fresh scope with the scripted engine attached to `playback`, over memory storage. */
async function attachedTo({ engineAttached }: PlaybackModel, options: { storage?: MemoryStorage } = {}) {
  const storage = options.storage ?? createMemoryStorage();
  const scope = fork({ values: [[$storage, storage]] });
  const engine = createScriptedEngine();
  await allSettled(engineAttached, { scope, params: engine });
  return { scope, engine, storage };
}

/**
 * Fires a unit, then lets `ms` of fake time pass. It does not wait for the scope to settle:
 * a pending debounce timer (e.g. the controls' 1 s) would keep allSettled waiting.
 */
export async function fire<T>(scope: Scope, unit: EventCallable<T>, params?: T, ms = 0) {
  void allSettled(unit, { scope, params: params as T });
  await vi.advanceTimersByTimeAsync(ms);
}

/** A player 30 s into a 100 s media, its commands so far forgotten. */
async function attachedAt30To(playback: PlaybackModel) {
  const { scope, engine } = await attachedTo(playback);
  engine.emit('durationChanged', { duration: 100 });
  engine.emit('timeUpdated', { currentTime: 30, duration: 100, bufferedAhead: 0 });
  await allSettled(scope);
  engine.calls.length = 0;
  return { scope, engine };
}

/** The keys the keyboard tests press, as the browser reports them (a US layout). */
export const KEYS: Record<string, KeyInput> = {
  '?': { key: '?', code: 'Slash', shift: true },
  Escape: { key: 'Escape', code: 'Escape' },
  k: { key: 'k', code: 'KeyK' },
  j: { key: 'j', code: 'KeyJ' },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight' },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown' },
  m: { key: 'm', code: 'KeyM' },
  f: { key: 'f', code: 'KeyF' },
  c: { key: 'c', code: 'KeyC' },
  '5': { key: '5', code: 'Digit5' },
};

/**
 * Presses a key of KEYS without waiting for the scope to settle: a key restarts the controls' 1 s
 * hide timer, which allSettled would wait out (fake timers, as in controls.test.ts).
 */
async function pressTo({ keyPressed }: PlaybackModel, scope: Scope, key: string) {
  void allSettled(keyPressed, { scope, params: KEYS[key]! });
  await vi.advanceTimersByTimeAsync(0);
}

/** The helpers above over one playback model (createPlayback, built by the test file). */
export function playbackScope(playback: PlaybackModel) {
  return {
    attached: (options: { storage?: MemoryStorage } = {}) => attachedTo(playback, options),
    attachedAt30: () => attachedAt30To(playback),
    press: (scope: Scope, key: string) => pressTo(playback, scope, key),
  };
}
