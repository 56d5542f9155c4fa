/**
 * Pure rules of the track menus: audio track order and filtering (SPEC.md §9), quality and
 * speed labels (SPEC.md §2).
 */
import type { EngineAudioTrack, EngineLevel, EngineSubtitleTrack } from '../../engine/types';
import { AC3_LABEL_PATTERN, NORMAL_PLAYBACK_RATE } from '../../lib/constants';
import { STRINGS } from '../../lib/strings';

/** The language a label names in the form (XX), upper-case, or null: 'English (EN)' → 'EN'. */
export function labelLanguage(label: string): string | null {
  return /\(([A-Za-z]{2,3})\)\s*$/.exec(label)?.[1]?.toUpperCase() ?? null;
}

export function isAc3(label: string): boolean {
  return AC3_LABEL_PATTERN.test(label);
}

export interface AudioPreferences {
  /** Preferred languages in order, upper-case ('RU', 'EN'), from the page configuration. */
  languages: readonly string[];
  /** The label this content's viewer chose before (favoriteAudioTracks), if any. */
  favourite: string | null;
}

/**
 * The tracks offered in 'Аудио'. Tracks labelled AC3 are dropped unless preferred, where
 * preferred means: it is the viewer's remembered choice for this content, or it is the only
 * track of a preferred language (dropping it would take that language away). If every track
 * is AC3, all stay: a player must never be left silent. Tracks of preferred languages come
 * first, in the configured order; the rest keep the manifest's order.
 */
export function arrangeAudioTracks(tracks: readonly EngineAudioTrack[], { languages, favourite }: AudioPreferences): EngineAudioTrack[] {
  const plainLanguages = new Set(tracks.filter((track) => !isAc3(track.name)).map((track) => labelLanguage(track.name)));
  const preferred = (track: EngineAudioTrack) => {
    const language = labelLanguage(track.name);
    return track.name === favourite || (language !== null && languages.includes(language) && !plainLanguages.has(language));
  };
  const kept = tracks.filter((track) => !isAc3(track.name) || preferred(track));
  const offered = kept.length > 0 ? kept : [...tracks];
  const rank = (track: EngineAudioTrack) => {
    const index = languages.indexOf(labelLanguage(track.name) ?? '');
    return index === -1 ? languages.length : index;
  };
  return offered.map((track, order) => ({ track, order })).sort((a, b) => rank(a.track) - rank(b.track) || a.order - b.order).map(({ track }) => track);
}

/**
 * The track to switch to when a source's tracks arrive, or null to keep the current one:
 * the remembered label first; else the top preferred-language track when the current one is
 * of another language; else the first offered track when the current one was dropped.
 */
export function initialAudioTrack(
  offered: readonly EngineAudioTrack[],
  currentId: number,
  { languages, favourite }: AudioPreferences,
): number | null {
  const pick = (track: EngineAudioTrack | undefined) => (track && track.id !== currentId ? track.id : null);
  const remembered = favourite ? offered.find((track) => track.name === favourite) : undefined;
  if (remembered) return pick(remembered);
  const current = offered.find((track) => track.id === currentId);
  const top = offered[0];
  if (top && languages.length > 0) {
    const topLanguage = labelLanguage(top.name);
    if (topLanguage && languages.includes(topLanguage) && labelLanguage(current?.name ?? '') !== topLanguage) return pick(top);
  }
  return current ? null : pick(top);
}

/** The track a source starts with, from its first track list: the chosen one, else the manifest default. */
export function startAudioTrack(tracks: readonly EngineAudioTrack[], preferences: AudioPreferences): number {
  const current = tracks.find((track) => track.isDefault)?.id ?? tracks[0]!.id;
  return initialAudioTrack(arrangeAudioTracks(tracks, preferences), current, preferences) ?? current;
}

/** One row of the 'Качество' menu: the best rendition of one height. */
export interface QualityOption {
  index: number;
  height: number;
  label: string;
}

/** Heights from high to low; of renditions with the same height, the highest bitrate. */
export function qualityOptions(levels: readonly EngineLevel[]): QualityOption[] {
  const best = new Map<number, EngineLevel>();
  for (const level of levels) {
    if (!(level.height > 0)) continue;
    const seen = best.get(level.height);
    if (!seen || level.bitrate > seen.bitrate) best.set(level.height, level);
  }
  return [...best.values()]
    .sort((a, b) => b.height - a.height)
    .map((level) => ({ index: level.index, height: level.height, label: STRINGS.height(level.height) }));
}

/** 'Auto (720p)' with the height playing now in auto mode, else the chosen height: '360p'. */
export function qualityLabel(levels: readonly EngineLevel[], chosen: number, playing: number): string {
  if (chosen < 0) return STRINGS.autoQuality(levels.find((level) => level.index === playing)?.height ?? null);
  const level = levels.find((candidate) => candidate.index === chosen);
  return level ? STRINGS.height(level.height) : STRINGS.autoQuality(null);
}

/** 'Обычная' for 1x, else the rate as is: '1.5'. */
export function rateLabel(rate: number): string {
  return rate === NORMAL_PLAYBACK_RATE ? STRINGS.normalSpeed : STRINGS.playbackRate(rate);
}

/** The subtitle track a toggle turns on: the last one chosen, else by language order, else the first. */
export function subtitleToToggleOn(
  tracks: readonly EngineSubtitleTrack[],
  lastChosen: { name: string; lang: string } | null,
  languages: readonly string[],
): number | null {
  const byName = lastChosen && tracks.find((track) => track.name === lastChosen.name);
  if (byName) return byName.id;
  const byLang = lastChosen && tracks.find((track) => track.lang === lastChosen.lang);
  if (byLang) return byLang.id;
  for (const language of languages) {
    const match = tracks.find((track) => track.lang.toUpperCase() === language);
    if (match) return match.id;
  }
  return tracks[0]?.id ?? null;
}

/** What a screen reader hears when the viewer picks a quality ('Качество: 720p'); null for an unknown level. */
export function qualityAnnouncement(levels: readonly EngineLevel[], index: number): string | null {
  if (index < 0) return STRINGS.announceQualityAuto;
  const level = levels.find((candidate) => candidate.index === index);
  return level ? STRINGS.announceQuality(STRINGS.height(level.height)) : null;
}

/** 'Скорость: 1,5', or 'Скорость: обычная' at 1x. */
export function rateAnnouncement(rate: number): string {
  return rate === NORMAL_PLAYBACK_RATE ? STRINGS.announceSpeedNormal : STRINGS.announceSpeed(rate);
}

/** 'Субтитры: English', or 'Субтитры выключены'; null for an unknown track. */
export function subtitleAnnouncement(tracks: readonly EngineSubtitleTrack[], id: number): string | null {
  if (id < 0) return STRINGS.announceSubtitlesOff;
  const track = tracks.find((candidate) => candidate.id === id);
  return track ? STRINGS.announceSubtitles(track.name) : null;
}
