/**
 * Volume and mute (SPEC.md §3, §5): the flags follow the media's volumechange facts; the
 * viewer's intents become engine commands. `player-volume` and `player-muted` are restored
 * when the engine arrives and saved on every change; corrupt stored values are ignored.
 */
import { attach, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import type { EngineFacts, MediaEngine } from '../../engine/types';
import { DEFAULT_MUTED, DEFAULT_VOLUME, STORAGE_KEYS, VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from '../../lib/constants';
import { $storage, type KeyValueStorage } from '../../platform/storage';
import { $engine, engineAttached } from './model';

export interface VolumeState {
  volume: number;
  muted: boolean;
}

/** The media reported a new volume or mute state. */
export const mediaVolumeChanged = createEvent<EngineFacts['volumeChanged']>();
/** The slider moved: a number or a numeric string in 0..1; anything else is ignored. */
export const volumeSet = createEvent<number | string>();
/** Steps the volume by `direction` × 0.05 (keys ↑/↓). */
export const volumeStepped = createEvent<1 | -1>();
export const muteToggled = createEvent();

/** Snaps to the 0.05 grid inside 0..1. */
export function snapVolume(volume: number): number {
  const clamped = Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, volume));
  return Number((Math.round(clamped / VOLUME_STEP) * VOLUME_STEP).toFixed(2));
}

/** A volume from a slider value: a finite number or numeric text, snapped; null otherwise. */
export function parseVolume(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? snapVolume(number) : null;
}

/** The saved volume and mute flag; each falls back to its default when missing or corrupt. */
export function readVolumeState(storage: KeyValueStorage): VolumeState {
  const volume = storage.read(STORAGE_KEYS.volume);
  const muted = storage.read(STORAGE_KEYS.muted);
  const parsedVolume = typeof volume === 'number' || typeof volume === 'string' ? parseVolume(volume) : null;
  return {
    volume: parsedVolume ?? DEFAULT_VOLUME,
    muted: typeof muted === 'boolean' ? muted : muted === 'true' ? true : muted === 'false' ? false : DEFAULT_MUTED,
  };
}

export const $volume = createStore(DEFAULT_VOLUME).on(mediaVolumeChanged, (_, { volume }) => volume);
export const $muted = createStore(DEFAULT_MUTED).on(mediaVolumeChanged, (_, { muted }) => muted);
/** False where the platform ignores volume writes (iOS): only the mute toggle is shown. */
export const $volumeSettable = createStore(true).on(engineAttached, (_, engine) => engine.canSetVolume !== false);

const connectVolumeFx = createEffect((engine: MediaEngine) => {
  engine.on('volumeChanged', scopeBind(mediaVolumeChanged, { safe: true }));
});
const readVolumeFx = attach({ source: $storage, effect: (storage) => readVolumeState(storage) });
const saveVolumeFx = attach({
  source: $storage,
  effect: (storage, { volume, muted }: VolumeState) => {
    storage.write(STORAGE_KEYS.volume, volume);
    storage.write(STORAGE_KEYS.muted, muted);
  },
});
const applyVolumeFx = attach({
  source: $engine,
  effect: (engine, { volume, muted }: VolumeState) => {
    engine?.setVolume(volume);
    engine?.setMuted(muted);
  },
});
export const setVolumeFx = attach({ source: $engine, effect: (engine, volume: number) => engine?.setVolume(volume) });
export const setMutedFx = attach({ source: $engine, effect: (engine, muted: boolean) => engine?.setMuted(muted) });

sample({ clock: engineAttached, target: connectVolumeFx });
sample({ clock: connectVolumeFx.done, target: readVolumeFx });
sample({ clock: readVolumeFx.doneData, target: applyVolumeFx });
sample({ clock: mediaVolumeChanged, fn: ({ volume, muted }) => ({ volume: snapVolume(volume), muted }), target: saveVolumeFx });

const volumeChosen = volumeSet.filterMap((value) => parseVolume(value) ?? undefined);
const volumeStepChosen = sample({
  clock: volumeStepped,
  source: $volume,
  fn: (volume, direction) => snapVolume(volume + direction * VOLUME_STEP),
});
sample({ clock: [volumeChosen, volumeStepChosen], target: setVolumeFx });
// Moving the slider, or stepping up, on a muted player unmutes it: the viewer means to hear it.
sample({
  clock: [volumeChosen, volumeStepped.filter({ fn: (direction) => direction > 0 })],
  source: $muted,
  filter: (muted) => muted,
  fn: () => false,
  target: setMutedFx,
});
sample({ clock: muteToggled, source: $muted, fn: (muted) => !muted, target: setMutedFx });
