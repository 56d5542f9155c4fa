import { parseTimecode } from '../../lib/timecode';
import { parseOriginList } from '../../lib/url';

export type FullscreenMode = 'native' | 'parent';

/** Everything the page is told by its embedder: query parameters and frame data attributes. */
export interface PlayerConfig {
  movieId: number | null;
  episodeId: number | null;
  season: number | null;
  episode: number | null;
  /** Resume position from episode_time, seconds. */
  episodeTime: number | null;
  /** Start time code from t, seconds. */
  startTime: number | null;
  disabledShare: boolean;
  userId: string | null;
  advert: boolean;
  autoPlay: boolean;
  checkAvailability: boolean;
  /** Absolute base URL of the catalogue, media and authenticator hosts. */
  baseUrl: string;
  adListUrl: string | null;
  fullscreenMode: FullscreenMode;
  sentryProject: string | null;
  sentryDsn: string | null;
  /** Preferred audio languages, upper-case codes in order, e.g. ['RU', 'EN']. */
  languages: string[];
  /**
   * `data-allowed-origins`: the parent origins whose player.js messages are obeyed (space-separated);
   * null when the setting is absent, which allows the embedding page whatever its origin.
   */
  allowedOrigins: string[] | null;
  /** The player page's own address (location.href), sent whole, query and all, as the availability call's `domain`. */
  pageUrl: string;
}

export interface ConfigSources {
  /** location.search of the player page. */
  search: string;
  pageUrl: string;
  /** The page's global movie id setting (window.MOVIE_ID); wins over the query. */
  globalMovieId?: unknown;
  /** data-* attributes of the page's root element. */
  rootData?: Record<string, string | undefined>;
  /** data-* attributes of the embedding iframe element, when the parent is same-origin. */
  frameData?: Record<string, string | undefined>;
}

const OFF_VALUES = new Set(['0', 'false', 'no', 'off']);

/** A present flag is on unless its value says off: `?auto_play`, `?auto_play=1` and `?auto_play=true` all turn it on. */
function flag(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value !== null && !OFF_VALUES.has(value.trim().toLowerCase());
}

/** A positive integer id from a query value or a global setting; anything else is null. */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function absoluteUrl(value: string | undefined, pageUrl: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.replace(/\/$/, '') : null;
  } catch {
    return null;
  }
}

export function parseConfig({ search, pageUrl, globalMovieId, rootData = {}, frameData = {} }: ConfigSources): PlayerConfig {
  const params = new URLSearchParams(search);
  const data = { ...rootData, ...pickDefined(frameData) };
  const season = parseId(params.get('season'));
  const episodeParam = parseId(params.get('episode'));
  return {
    movieId: parseId(globalMovieId) ?? parseId(params.get('movie_id')),
    episodeId: parseId(params.get('episode_id')),
    season,
    episode: season !== null ? (episodeParam ?? 1) : episodeParam,
    episodeTime: parseTimecode(params.get('episode_time')),
    startTime: parseTimecode(params.get('t')),
    disabledShare: flag(params, 'disabled_share'),
    userId: params.get('user_id')?.trim() || null,
    advert: flag(params, 'advert'),
    autoPlay: flag(params, 'auto_play'),
    checkAvailability: !flag(params, 'disable_checking_available'),
    baseUrl: absoluteUrl(data.baseUrl, pageUrl) ?? new URL(pageUrl).origin,
    adListUrl: absoluteUrl(data.adListUrl, pageUrl),
    fullscreenMode: data.fullscreen === 'parent' ? 'parent' : 'native',
    sentryProject: data.sentryProject?.trim() || null,
    sentryDsn: data.sentryDsn?.trim() || null,
    languages: (data.languages ?? '')
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter((code) => /^[A-Z]{2,3}$/.test(code)),
    allowedOrigins: parseOriginList(data.allowedOrigins),
    pageUrl,
  };
}

function pickDefined(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}
