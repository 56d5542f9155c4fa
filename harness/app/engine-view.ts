/**
 * The Engine tab's pure parts: reading the probe's `engine` snapshots (harness/server/routes/
 * harness-probe.ts engineSnapshot), the buffered-ranges bar, level labels and the QA view of the
 * hls.js config.
 */
import type { EngineDebugLevels } from '../../src/engine/types';

export interface EngineView {
  /** The player page exposes the engine's debug controls (false until the engine exists). */
  controls: boolean;
  /** Null while no hls.js stream is loaded. */
  levels: EngineDebugLevels | null;
  buffered: Array<[number, number]>;
  currentTime: number | null;
  duration: number | null;
  paused: boolean | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const numberOrNull = (value: unknown): number | null => (isNumber(value) ? value : null);

function readLevels(value: unknown): EngineDebugLevels | null {
  if (!isRecord(value) || !Array.isArray(value.levels)) return null;
  const { current, next, load, auto, cap } = value;
  if (![current, next, load, cap].every(Number.isInteger) || typeof auto !== 'boolean') return null;
  const levels = value.levels.filter(isRecord).map((level) => ({ width: Number(level.width) || 0, height: Number(level.height) || 0, bitrate: Number(level.bitrate) || 0 }));
  return { current: current as number, next: next as number, load: load as number, auto, cap: cap as number, levels };
}

/** An `engine` message from the probe as the tab shows it; null when it is not one. */
export function readEngineView(data: unknown): EngineView | null {
  if (!isRecord(data) || data.kind !== 'engine' || typeof data.controls !== 'boolean') return null;
  const buffered = Array.isArray(data.buffered)
    ? data.buffered.filter((range): range is [number, number] => Array.isArray(range) && range.length === 2 && isNumber(range[0]) && isNumber(range[1]) && range[1] >= range[0])
    : [];
  return {
    controls: data.controls,
    levels: readLevels(data.levels),
    buffered,
    currentTime: numberOrNull(data.currentTime),
    duration: numberOrNull(data.duration),
    paused: typeof data.paused === 'boolean' ? data.paused : null,
  };
}

/** `720p · 482 kbit/s`. */
export function levelLabel(level: { height: number; bitrate: number }): string {
  return `${level.height}p · ${Math.round(level.bitrate / 1000)} kbit/s`;
}

/** The level line: `current 1 · next 1 · loading 2 · auto · cap none`, or a dash with no stream. */
export function levelStateText(levels: EngineDebugLevels | null): string {
  if (!levels) return '—';
  return `current ${levels.current} · next ${levels.next} · loading ${levels.load} · ${levels.auto ? 'auto' : 'manual'} · cap ${levels.cap === -1 ? 'none' : levels.cap}`;
}

/** The level the select shows: -1 (Auto) while ABR chooses or with no stream. */
export const shownLevel = (levels: EngineDebugLevels | null): number => (levels && !levels.auto ? levels.current : -1);

export interface BufferBar {
  /** Seconds the bar spans from 0: the duration, or as far as anything reaches while it is unknown. */
  span: number;
  /** Each buffered range as percentages of the bar. */
  ranges: Array<{ left: number; width: number }>;
  /** The playhead's place in percent, null when unknown. */
  playhead: number | null;
  /** Seconds buffered ahead of the playhead (the range holding it). */
  ahead: number;
}

export function bufferBar(view: Pick<EngineView, 'buffered' | 'currentTime' | 'duration'>): BufferBar {
  const reach = Math.max(view.currentTime ?? 0, ...view.buffered.map(([, end]) => end));
  const span = view.duration !== null && view.duration > 0 ? Math.max(view.duration, reach) : reach;
  const percent = (seconds: number) => (span > 0 ? Math.min(100, Math.max(0, (seconds / span) * 100)) : 0);
  const time = view.currentTime;
  // Within 0.1 s of a range's start counts as inside it, as the probe's buffer-ahead figure does.
  const holding = time === null ? undefined : view.buffered.find(([start, end]) => time + 0.1 >= start && end >= time);
  return {
    span,
    ranges: view.buffered.map(([start, end]) => ({ left: percent(start), width: percent(end) - percent(start) })),
    playhead: time === null ? null : percent(time),
    ahead: holding && time !== null ? Math.max(0, holding[1] - time) : 0,
  };
}

/** The buffer line: `5.5 / 60.0 s · ahead 4.6 s · 0.0–10.1, 20.0–30.0`, or a dash before the first snapshot. */
export function bufferedText(view: EngineView | null): string {
  if (!view) return '—';
  const ranges = view.buffered.map(([start, end]) => `${start.toFixed(1)}–${end.toFixed(1)}`).join(', ') || 'nothing buffered';
  return `${view.currentTime?.toFixed(1) ?? '—'} / ${view.duration?.toFixed(1) ?? '—'} s · ahead ${bufferBar(view).ahead.toFixed(1)} s · ${ranges}`;
}

/** The hls.js settings QA asks about first: buffer lengths, ABR, load policies, start and caps, low latency. */
export const QA_CONFIG_KEYS = [
  'maxBufferLength',
  'maxMaxBufferLength',
  'maxBufferSize',
  'maxBufferHole',
  'backBufferLength',
  'frontBufferFlushThreshold',
  'startLevel',
  'startPosition',
  'startFragPrefetch',
  'capLevelToPlayerSize',
  'capLevelOnFPSDrop',
  'abrEwmaDefaultEstimate',
  'abrEwmaFastVoD',
  'abrEwmaSlowVoD',
  'abrBandWidthFactor',
  'abrBandWidthUpFactor',
  'abrMaxWithRealBitrate',
  'maxStarvationDelay',
  'maxLoadingDelay',
  'minAutoBitrate',
  'testBandwidth',
  'lowLatencyMode',
  'liveSyncDurationCount',
  'enableWorker',
  'manifestLoadPolicy',
  'playlistLoadPolicy',
  'fragLoadPolicy',
  'keyLoadPolicy',
] as const;

/** The QA keys the config has, in that order; `all` keeps every key, sorted. */
export function configView(config: unknown, all: boolean): Record<string, unknown> {
  if (!isRecord(config)) return {};
  const keys = all ? Object.keys(config).sort() : QA_CONFIG_KEYS.filter((key) => key in config);
  return Object.fromEntries(keys.map((key) => [key, config[key]]));
}
