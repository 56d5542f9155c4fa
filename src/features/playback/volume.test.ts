/** volume.ts: the volume restored from storage, the slider, the keys and mute, as the media reports them. */
import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../platform/storage';
import { parseVolume, readVolumeState } from './index';
import { commands, playbackScope } from '../../test-support/playback-scope';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $muted, $volume, $sliderVolume, muteToggled, volumeSet, volumeStepped } = playback;
const { attached } = playbackScope(playback);

describe('volume', () => {
  it('restores player-volume and player-muted when the engine arrives', async () => {
    const { engine } = await attached({ storage: createMemoryStorage({ 'player-volume': '0.35', 'player-muted': 'true' }) });
    expect(commands(engine).map((c) => [c.command, ...c.args])).toEqual([
      ['setVolume', 0.35],
      ['setMuted', true],
    ]);
  });

  it.each([
    ['corrupt JSON', { 'player-volume': '{oops', 'player-muted': 'nope' }],
    ['wrong types', { 'player-volume': '{"a":1}', 'player-muted': '3' }],
    ['missing', {}],
  ])('falls back to volume 1, not muted, when the saved values are %s', async (_, saved) => {
    const { engine } = await attached({ storage: createMemoryStorage(saved) });
    expect(commands(engine).map((c) => [c.command, ...c.args])).toEqual([
      ['setVolume', 1],
      ['setMuted', false],
    ]);
  });

  it('a volume out of range is clamped, a numeric string accepted', () => {
    expect(readVolumeState(createMemoryStorage({ 'player-volume': '7' })).volume).toBe(1);
    expect(readVolumeState(createMemoryStorage({ 'player-volume': '"0.4"' })).volume).toBe(0.4);
    expect(readVolumeState(createMemoryStorage({ 'player-volume': '-1', 'player-muted': '"true"' }))).toEqual({ volume: 0, muted: true });
  });

  it('the slider snaps to 0.05 steps and ignores non-numeric values', async () => {
    const { scope, engine } = await attached();
    engine.calls.length = 0;
    for (const value of ['0.42', 0.7, 'abc', '', Number.NaN, '1.5', -2]) await allSettled(volumeSet, { scope, params: value });
    expect(commands(engine, 'setVolume').map((c) => c.args[0])).toEqual([0.4, 0.7, 1, 0]);
    expect(parseVolume('0.333')).toBe(0.35);
    expect(parseVolume(null)).toBeNull();
  });

  it('the volume changes only when the media reports it, and each report is saved', async () => {
    const { scope, engine, storage } = await attached();
    await allSettled(volumeSet, { scope, params: 0.5 });
    expect(scope.getState($volume)).toBe(1);
    engine.emit('volumeChanged', { volume: 0.5, muted: false });
    await allSettled(scope);
    expect(scope.getState($volume)).toBe(0.5);
    expect(storage.raw.get('player-volume')).toBe('0.5');
    expect(storage.raw.get('player-muted')).toBe('false');
  });

  it('keys step by 0.05 from the last volume asked for; turning it up unmutes', async () => {
    const { scope, engine } = await attached();
    engine.emit('volumeChanged', { volume: 0.5, muted: true });
    engine.calls.length = 0;
    await allSettled(volumeStepped, { scope, params: -1 });
    await allSettled(volumeStepped, { scope, params: 1 });
    expect(commands(engine).map((c) => [c.command, ...c.args])).toEqual([
      ['setVolume', 0.45],
      ['setVolume', 0.5],
      ['setMuted', false],
    ]);
  });

  it('quick slider moves are not lost while the media has yet to report them', async () => {
    const { scope, engine } = await attached();
    engine.calls.length = 0;
    // Three key presses on the slider, each answered by the media only after the next one.
    await allSettled(volumeSet, { scope, params: '0.95' });
    expect(scope.getState($sliderVolume)).toBe(0.95);
    await allSettled(volumeStepped, { scope, params: -1 });
    engine.emit('volumeChanged', { volume: 0.95, muted: false });
    await allSettled(scope);
    expect(scope.getState($sliderVolume)).toBe(0.9);
    await allSettled(volumeStepped, { scope, params: -1 });
    expect(commands(engine, 'setVolume').map((c) => c.args[0])).toEqual([0.95, 0.9, 0.85]);
    engine.emit('volumeChanged', { volume: 0.9, muted: false });
    engine.emit('volumeChanged', { volume: 0.85, muted: false });
    await allSettled(scope);
    // Reported: from now on the slider follows the media, whatever else changes it.
    expect(scope.getState($sliderVolume)).toBe(0.85);
    engine.emit('volumeChanged', { volume: 0.3, muted: false });
    await allSettled(scope);
    expect(scope.getState($sliderVolume)).toBe(0.3);
  });

  it('mute toggles from the reported state', async () => {
    const { scope, engine } = await attached();
    engine.calls.length = 0;
    await allSettled(muteToggled, { scope });
    engine.emit('volumeChanged', { volume: 1, muted: true });
    await allSettled(muteToggled, { scope });
    expect(scope.getState($muted)).toBe(true);
    expect(commands(engine, 'setMuted').map((c) => c.args[0])).toEqual([true, false]);
  });
});
