/**
 * Catalogue DTOs and their validation at the API boundary. A body that does not match becomes
 * a typed INVALID_BODY error here, never a crash deeper in the model.
 */

export interface ContentDto {
  id: number;
  title: string;
  posterUrl: string | null;
  hasMultipleEpisodes: boolean;
  contentType: { slug: string } | null;
  year: number | null;
  countries: Array<{ slug: string }>;
  languages: Array<{ code: string }>;
  kinopoiskId: number | null;
  rating: {
    kinopoisk: { value: number | null } | null;
    imdb: { value: number | null; url: string | null } | null;
  } | null;
}

export interface SeasonDto {
  id: number;
  order: number;
}

export interface EpisodeDto {
  id: number;
  title: string;
  description: string;
  order: number;
  posterPath: string | null;
  duration: number | null;
  watchProgress: number | null;
  watchedAt: string | null;
  isCompleted: boolean;
  m3u8MasterFilePath: string | null;
  season: SeasonDto | null;
}

/**
 * An ad list item (SPEC.md §3): one VAST link, several links tried in turn (dataUrls), or the
 * VAST document itself (dataXml).
 */
export type AdItemDto = { vastUrl: string } | { dataUrls: string[] } | { dataXml: string };

export interface AdListDto {
  prerollList: AdItemDto[];
}

export interface AvailabilityDto {
  available: boolean;
}

export class InvalidBodyError extends Error {
  override name = 'InvalidBodyError';
}

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const fail = (path: string, expected: string): never => {
  throw new InvalidBodyError(`${path}: expected ${expected}`);
};

function obj(value: unknown, path: string): Obj {
  return isObj(value) ? value : fail(path, 'an object');
}
function num(value: unknown, path: string): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'a number');
}
function str(value: unknown, path: string): string {
  return typeof value === 'string' ? value : fail(path, 'a string');
}
function optNum(value: unknown, path: string): number | null {
  return value == null ? null : num(value, path);
}
function optStr(value: unknown, path: string): string | null {
  return value == null ? null : str(value, path);
}
function list<T>(value: unknown, path: string, item: (value: unknown, path: string) => T): T[] {
  return Array.isArray(value) ? value.map((entry, i) => item(entry, `${path}[${i}]`)) : fail(path, 'an array');
}
function optList<T>(value: unknown, path: string, item: (value: unknown, path: string) => T): T[] {
  return value == null ? [] : list(value, path, item);
}

export function parseContent(body: unknown): ContentDto {
  const o = obj(body, 'content');
  const rating = o.rating == null ? null : obj(o.rating, 'content.rating');
  const kp = rating?.kinopoisk == null ? null : obj(rating.kinopoisk, 'content.rating.kinopoisk');
  const imdb = rating?.imdb == null ? null : obj(rating.imdb, 'content.rating.imdb');
  return {
    id: num(o.id, 'content.id'),
    title: str(o.title, 'content.title'),
    posterUrl: optStr(o.posterUrl, 'content.posterUrl'),
    hasMultipleEpisodes: o.hasMultipleEpisodes === true,
    contentType: o.contentType == null ? null : { slug: str(obj(o.contentType, 'content.contentType').slug, 'content.contentType.slug') },
    year: optNum(o.year, 'content.year'),
    countries: optList(o.countries, 'content.countries', (c, p) => ({ slug: str(obj(c, p).slug, `${p}.slug`) })),
    languages: optList(o.languages, 'content.languages', (l, p) => ({ code: str(obj(l, p).code, `${p}.code`) })),
    kinopoiskId: optNum(o.kinopoiskId, 'content.kinopoiskId'),
    rating: rating && {
      kinopoisk: kp && { value: optNum(kp.value, 'content.rating.kinopoisk.value') },
      imdb: imdb && { value: optNum(imdb.value, 'content.rating.imdb.value'), url: optStr(imdb.url, 'content.rating.imdb.url') },
    },
  };
}

function parseSeason(value: unknown, path: string): SeasonDto {
  const o = obj(value, path);
  return { id: num(o.id, `${path}.id`), order: num(o.order, `${path}.order`) };
}

export function parseSeasons(body: unknown): SeasonDto[] {
  return list(body, 'seasons', parseSeason);
}

function parseEpisode(value: unknown, path: string): EpisodeDto {
  const o = obj(value, path);
  return {
    id: num(o.id, `${path}.id`),
    title: optStr(o.title, `${path}.title`) ?? '',
    description: optStr(o.description, `${path}.description`) ?? '',
    order: num(o.order, `${path}.order`),
    posterPath: optStr(o.posterPath, `${path}.posterPath`),
    duration: optNum(o.duration, `${path}.duration`),
    watchProgress: optNum(o.watchProgress, `${path}.watchProgress`),
    watchedAt: optStr(o.watchedAt, `${path}.watchedAt`),
    isCompleted: o.isCompleted === true,
    m3u8MasterFilePath: optStr(o.m3u8MasterFilePath, `${path}.m3u8MasterFilePath`) || null,
    season: o.season == null ? null : parseSeason(o.season, `${path}.season`),
  };
}

export function parseEpisodes(body: unknown): EpisodeDto[] {
  return list(body, 'episodes', parseEpisode);
}

export function parseAvailability(body: unknown): AvailabilityDto {
  const o = obj(body, 'availability');
  // The player context's availability flag defaults to true (SPEC.md §3).
  if (o.available === undefined) return { available: true };
  return { available: typeof o.available === 'boolean' ? o.available : fail('availability.available', 'a boolean') };
}

function parseAdItem(value: unknown, path: string): AdItemDto {
  const o = obj(value, path);
  if (o.vastUrl != null) return { vastUrl: str(o.vastUrl, `${path}.vastUrl`) };
  if (o.dataUrls != null) return { dataUrls: list(o.dataUrls, `${path}.dataUrls`, str) };
  if (o.dataXml != null) return { dataXml: str(o.dataXml, `${path}.dataXml`) };
  return fail(path, 'vastUrl, dataUrls or dataXml');
}

export function parseAdList(body: unknown): AdListDto {
  const o = obj(body, 'adList');
  return {
    prerollList: optList(o.prerollList, 'adList.prerollList', parseAdItem),
  };
}
