/** keyboard.ts: the shortcut table and what the keys do to the engine. */
import { allSettled, createWatch } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shortcutFor } from './index';
import { fire, playbackScope } from '../../test-support/playback-scope';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $announcement, $shortcutsHelpOpen, escapePressed, fullscreenShortcutUsed, keyPressed, shortcutsHelpClosed, subtitlesShortcutUsed } = playback;
const { attached, attachedAt30, press } = playbackScope(playback);

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

describe("the '?' shortcuts dialog", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('? opens it in any layout: Shift+/ (US), Shift+7 (Russian, "?"), Shift+/ typing "," (Russian)', () => {
    expect(shortcutFor({ key: '?', code: 'Slash', shift: true })).toEqual({ kind: 'help' });
    expect(shortcutFor({ key: '?', code: 'Digit7', shift: true })).toEqual({ kind: 'help' });
    expect(shortcutFor({ key: ',', code: 'Slash', shift: true })).toEqual({ kind: 'help' });
    expect(shortcutFor({ key: '/', code: 'Slash' })).toBeNull();
    expect(shortcutFor({ key: '7', code: 'Digit7' })).toEqual({ kind: 'seekToFraction', fraction: 0.7 });
  });

  it('? opens it; while it is open no other key acts, and Escape closes it without closing anything under it', async () => {
    const { scope, engine } = await attachedAt30();
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
    const { scope } = await attachedAt30();
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
