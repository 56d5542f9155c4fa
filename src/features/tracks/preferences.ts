/**
 * The viewer's remembered preferences (beyond SPEC.md): the playback rate, the subtitles (a
 * track by name and language, or off) and the caption style, kept in localStorage under one key beside volume and
 * muted, and read again at every new source (a reload, the next episode). Each field is checked
 * on its own, so a corrupt one is ignored without losing the others; a write merges into a fresh
 * read, so changing one never loses another, nor a field this version does not know.
 */
import { attach } from 'effector';
import { PLAYBACK_RATES, STORAGE_KEYS } from '../../lib/constants';
import { $storage, type KeyValueStorage } from '../../platform/storage';

/** A subtitle track as remembered: matched by name, then by language, on the next source. */
export interface RememberedSubtitles {
  name: string;
  lang: string;
}

export const CAPTION_SIZES = ['small', 'medium', 'large'] as const;
export const CAPTION_PRESETS = ['shaded', 'yellow', 'outline'] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number];
/** White on translucent black, yellow on black, white with an outline and no box. */
export type CaptionPreset = (typeof CAPTION_PRESETS)[number];
export interface CaptionStyle {
  size: CaptionSize;
  preset: CaptionPreset;
}
export const DEFAULT_CAPTION_STYLE: CaptionStyle = { size: 'medium', preset: 'shaded' };

export interface ViewerPreferences {
  rate?: number;
  subtitles?: RememberedSubtitles | 'off';
  /** Each part on its own: a corrupt size keeps a valid preset. */
  captionStyle?: Partial<CaptionStyle>;
}

/** Longest name or language kept: anything longer is not a track's. */
const MAX_TEXT = 200;

const shortText = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_TEXT;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function validRate(value: unknown): number | undefined {
  return typeof value === 'number' && (PLAYBACK_RATES as readonly number[]).includes(value) ? value : undefined;
}

function validSubtitles(value: unknown): ViewerPreferences['subtitles'] {
  if (value === 'off') return 'off';
  if (isRecord(value) && shortText(value.name) && shortText(value.lang) && (value.name !== '' || value.lang !== '')) return { name: value.name, lang: value.lang };
  return undefined;
}

function validCaptionStyle(value: unknown): Partial<CaptionStyle> | undefined {
  if (!isRecord(value)) return undefined;
  const size = (CAPTION_SIZES as readonly unknown[]).includes(value.size) ? (value.size as CaptionSize) : undefined;
  const preset = (CAPTION_PRESETS as readonly unknown[]).includes(value.preset) ? (value.preset as CaptionPreset) : undefined;
  if (size === undefined && preset === undefined) return undefined;
  return { ...(size ? { size } : {}), ...(preset ? { preset } : {}) };
}

/** The stored preferences: each field when valid, absent otherwise. */
export function readPreferences(storage: KeyValueStorage): ViewerPreferences {
  const stored = storage.read(STORAGE_KEYS.preferences);
  if (!isRecord(stored)) return {};
  const rate = validRate(stored.rate);
  const subtitles = validSubtitles(stored.subtitles);
  const captionStyle = validCaptionStyle(stored.captionStyle);
  return {
    ...(rate !== undefined ? { rate } : {}),
    ...(subtitles !== undefined ? { subtitles } : {}),
    ...(captionStyle !== undefined ? { captionStyle } : {}),
  };
}

/** Stores `patch` over what is stored now, keeping every other field. */
export function savePreferences(storage: KeyValueStorage, patch: ViewerPreferences): boolean {
  const stored = storage.read(STORAGE_KEYS.preferences);
  return storage.write(STORAGE_KEYS.preferences, { ...(isRecord(stored) ? stored : {}), ...patch });
}

export const readPreferencesFx = attach({ source: $storage, effect: (storage) => readPreferences(storage) });
export const savePreferencesFx = attach({ source: $storage, effect: (storage, patch: ViewerPreferences) => savePreferences(storage, patch) });
