import { allSettled, createWatch, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { $storage, createMemoryStorage } from '../../platform/storage';
import {
  $announcement,
  $shortcutsHelpOpen,
  engineAttached,
  escapePressed,
  fullscreenShortcutUsed,
  keyPressed,
  seekRequested,
  shortcutFor,
  shortcutsHelpClosed,
  subtitlesShortcutUsed,
  volumeSet,
  type KeyInput,
} from './index';
import { STRINGS } from '../../lib/strings';
import { shortcutRows } from './shortcut-help';

const SHORTCUT_ROWS = shortcutRows(STRINGS);

async function attached() {
  const scope = fork({ values: [[$storage, createMemoryStorage()]] });
  const engine = createScriptedEngine();
  await allSettled(engineAttached, { scope, params: engine });
  engine.emit('durationChanged', { duration: 100 });
  engine.emit('timeUpdated', { currentTime: 30, duration: 100, bufferedAhead: 0 });
  await allSettled(scope);
  engine.calls.length = 0;
  return { scope, engine };
}

/**
 * Presses a key without waiting for the scope to settle: a key restarts the controls' 1 s hide
 * timer, which allSettled would wait out (fake timers, as in surface.test.ts).
 */
async function press(scope: Scope, key: string) {
  void allSettled(keyPressed, { scope, params: KEYS[key]! });
  await vi.advanceTimersByTimeAsync(0);
}

const KEYS: Record<string, KeyInput> = {
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

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("the '?' shortcuts dialog", () => {
  it('? opens it in any layout: Shift+/ (US), Shift+7 (Russian, "?"), Shift+/ typing "," (Russian)', () => {
    expect(shortcutFor({ key: '?', code: 'Slash', shift: true })).toEqual({ kind: 'help' });
    expect(shortcutFor({ key: '?', code: 'Digit7', shift: true })).toEqual({ kind: 'help' });
    expect(shortcutFor({ key: ',', code: 'Slash', shift: true })).toEqual({ kind: 'help' });
    expect(shortcutFor({ key: '/', code: 'Slash' })).toBeNull();
    expect(shortcutFor({ key: '7', code: 'Digit7' })).toEqual({ kind: 'seekToFraction', fraction: 0.7 });
  });

  it('lists every shortcut there is, once', () => {
    const inputs: KeyInput[] = [
      ...'abcdefghijklmnopqrstuvwxyz'.split('').map((key) => ({ key, code: `Key${key.toUpperCase()}` })),
      ...'0123456789'.split('').map((key) => ({ key, code: `Digit${key}` })),
      ...['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Escape', 'Enter', 'Tab', 'Home', 'End'].map((key) => ({ key, code: key })),
      { key: ' ', code: 'Space' },
      KEYS['?']!,
    ];
    const kinds = new Set(inputs.map((input) => shortcutFor(input)?.kind).filter(Boolean));
    expect(SHORTCUT_ROWS.map((row) => row.kind).sort()).toEqual([...kinds].sort());
    const seekForward = SHORTCUT_ROWS.find((row) => row.kind === 'seekForward')!;
    expect([seekForward.keys, seekForward.action]).toEqual([['→', 'L'], 'Вперёд на 10 секунд']);
  });

  it('? opens it; while it is open no other key acts, and Escape closes it without closing anything under it', async () => {
    const { scope, engine } = await attached();
    const handed: string[] = [];
    createWatch({ unit: subtitlesShortcutUsed, scope, fn: () => handed.push('c') });
    createWatch({ unit: fullscreenShortcutUsed, scope, fn: () => handed.push('f') });
    createWatch({ unit: escapePressed, scope, fn: () => handed.push('Escape') });

    await press(scope, '?');
    expect(scope.getState($shortcutsHelpOpen)).toBe(true);
    for (const key of ['k', 'j', 'ArrowRight', 'ArrowDown', 'm', 'f', 'c', '5']) await press(scope, key);
    expect(engine.calls).toEqual([]);
    expect(handed).toEqual([]);
    expect(scope.getState($announcement)).toBeNull();
    expect(scope.getState($shortcutsHelpOpen)).toBe(true);

    await press(scope, 'Escape');
    expect(scope.getState($shortcutsHelpOpen)).toBe(false);
    expect(handed).toEqual([]);
    // Closed, the keys act again; Escape goes to the menus and the stretched mode.
    await press(scope, 'm');
    await press(scope, 'Escape');
    expect(engine.calls.map((c) => [c.command, ...c.args])).toEqual([['setMuted', true]]);
    expect(handed).toEqual(['Escape']);
  });

  it('? again, the close button or a click outside closes it', async () => {
    const { scope } = await attached();
    await press(scope, '?');
    expect(scope.getState($shortcutsHelpOpen)).toBe(true);
    await press(scope, '?');
    expect(scope.getState($shortcutsHelpOpen)).toBe(false);
    await press(scope, '?');
    expect(scope.getState($shortcutsHelpOpen)).toBe(true);
    void allSettled(shortcutsHelpClosed, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($shortcutsHelpOpen)).toBe(false);
  });
});

describe('screen reader announcements', () => {
  const said = async (scope: Scope, key: string) => {
    await press(scope, key);
    return scope.getState($announcement)?.text;
  };

  it('seeks by a step and to a tenth say where they went', async () => {
    const { scope } = await attached();
    expect(await said(scope, 'ArrowRight')).toBe('Вперёд на 10 секунд');
    expect(await said(scope, 'j')).toBe('Назад на 10 секунд');
    expect(await said(scope, '5')).toBe('Позиция: 50%');
  });

  it('the same line said twice is announced twice', async () => {
    const { scope } = await attached();
    await said(scope, 'ArrowRight');
    const first = scope.getState($announcement)!;
    await said(scope, 'ArrowRight');
    const second = scope.getState($announcement)!;
    expect(second.text).toBe(first.text);
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('volume steps say the new volume, m says whether the sound is on', async () => {
    const { scope, engine } = await attached();
    expect(await said(scope, 'ArrowDown')).toBe('Громкость 95%');
    expect(await said(scope, 'm')).toBe('Звук выключен');
    engine.emit('volumeChanged', { volume: 0.95, muted: true });
    expect(await said(scope, 'm')).toBe('Звук включён');
  });

  it('the sliders (they speak their own value) and changes the viewer did not make are not announced', async () => {
    const { scope, engine } = await attached();
    await allSettled(seekRequested, { scope, params: 50 });
    await allSettled(volumeSet, { scope, params: 0.5 });
    engine.emit('volumeChanged', { volume: 0.5, muted: false });
    engine.emit('seeked', { currentTime: 50 });
    await allSettled(scope);
    expect(scope.getState($announcement)).toBeNull();
  });
});
