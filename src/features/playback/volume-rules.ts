/**
 * The volume's rules, free of the model: the entry applies the saved volume before it starts
 * playback early, with the same reading the model makes (volume.ts).
 */
import { DEFAULT_MUTED, DEFAULT_VOLUME, STORAGE_KEYS, VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from '../../lib/constants';
import type { KeyValueStorage } from '../../platform/web-storage';

export interface VolumeState {
  volume: number;
  muted: boolean;
}

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
