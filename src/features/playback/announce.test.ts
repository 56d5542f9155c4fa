import { allSettled, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playbackScope } from '../../test-support/playback-scope';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $announcement, seekRequested, volumeSet } = playback;
const { attachedAt30, press } = playbackScope(playback);

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
