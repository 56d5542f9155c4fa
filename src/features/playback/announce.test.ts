import { allSettled, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachedAt30 } from '../../test-support/playback-scope';
import { $announcement, keyPressed, seekRequested, volumeSet, type KeyInput } from './index';

/**
 * Presses a key without waiting for the scope to settle: a key restarts the controls' 1 s hide
 * timer, which allSettled would wait out (fake timers, as in controls.test.ts).
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

describe('screen reader announcements', () => {
  const said = async (scope: Scope, key: string) => {
    await press(scope, key);
    return scope.getState($announcement)?.text;
  };

  it('seeks by a step and to a tenth say where they went', async () => {
    const { scope } = await attachedAt30();
    expect(await said(scope, 'ArrowRight')).toBe('Вперёд на 10 секунд');
    expect(await said(scope, 'j')).toBe('Назад на 10 секунд');
    expect(await said(scope, '5')).toBe('Позиция: 50%');
  });

  it('the same line said twice is announced twice', async () => {
    const { scope } = await attachedAt30();
    await said(scope, 'ArrowRight');
    const first = scope.getState($announcement)!;
    await said(scope, 'ArrowRight');
    const second = scope.getState($announcement)!;
    expect(second.text).toBe(first.text);
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('volume steps say the new volume, m says whether the sound is on', async () => {
    const { scope, engine } = await attachedAt30();
    expect(await said(scope, 'ArrowDown')).toBe('Громкость 95%');
    expect(await said(scope, 'm')).toBe('Звук выключен');
    engine.emit('volumeChanged', { volume: 0.95, muted: true });
    expect(await said(scope, 'm')).toBe('Звук включён');
  });

  it('the sliders (they speak their own value) and changes the viewer did not make are not announced', async () => {
    const { scope, engine } = await attachedAt30();
    await allSettled(seekRequested, { scope, params: 50 });
    await allSettled(volumeSet, { scope, params: 0.5 });
    engine.emit('volumeChanged', { volume: 0.5, muted: false });
    engine.emit('seeked', { currentTime: 50 });
    await allSettled(scope);
    expect(scope.getState($announcement)).toBeNull();
  });
});
