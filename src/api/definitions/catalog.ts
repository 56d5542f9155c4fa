/**
 * Catalogue calls the player does not make itself (SPEC.md §7 "Other client definitions").
 * Relative to `<base>/catalog-api`; every catalogue call is secure (SPEC.md §6).
 *
 * Where the spec names the method and path, they are used as written. For the groups it names
 * without a path (playlists, types, persons, countries, ...), the paths below are this client's
 * assumption, kept in this one table so that a correction is a one-line change.
 */
import type { HttpClient } from '../http';
import { bindCalls, call, type CallOptions, type HttpMethod } from './define';

const secure = <const P extends string, const O extends CallOptions = Record<never, never>>(method: HttpMethod, path: P, options?: O) =>
  call(method, path, { ...(options as O), secure: true as const });

export const CATALOG_CALLS = {
  reviews: {
    create: secure('POST', '/v2/contents/{id}/reviews', { body: true }),
    list: secure('GET', '/v2/contents/{id}/reviews', { query: true }),
    update: secure('PUT', '/v2/contents/{id}/reviews/{reviewId}', { body: true }),
    delete: secure('DELETE', '/v2/contents/{id}/reviews/{reviewId}'),
    vote: secure('POST', '/v2/contents/{id}/reviews/{reviewId}/vote', { body: true }),
  },
  contents: {
    search: secure('POST', '/v2/contents/search', { body: true }),
    categoryContents: secure('POST', '/v2/types/{type}/categories/{category}/contents', { body: true }),
    mostRelevant: secure('GET', '/contents/most-relevant', { query: true }),
    history: secure('GET', '/contents/history', { query: true }),
    sliderPromo: secure('GET', '/slider/promo', { query: true }),
  },
  episodes: {
    fresh: secure('GET', '/episodes/fresh', { query: true }),
    resource: secure('GET', '/episodes/{episodeId}'),
    timeProgress: secure('POST', '/contents/{id}/episodes/{episodeId}/time-progress', { body: true }),
    completedAdd: secure('POST', '/contents/{id}/episodes/{episodeId}/completed'),
    completedRemove: secure('DELETE', '/contents/{id}/episodes/{episodeId}/completed'),
    lastWatched: secure('GET', '/contents/{id}/episodes/watched/last'),
  },
  playlists: {
    list: secure('GET', '/playlists', { query: true }),
    get: secure('GET', '/playlists/{playlistId}'),
  },
  persons: {
    list: secure('GET', '/persons', { query: true }),
    get: secure('GET', '/persons/{personId}'),
  },
  dictionaries: {
    types: secure('GET', '/types'),
    countries: secure('GET', '/countries'),
    languages: secure('GET', '/languages'),
    genres: secure('GET', '/genres'),
    categories: secure('GET', '/categories'),
    tags: secure('GET', '/tags'),
    voiceAuthors: secure('GET', '/voice-authors'),
    subtitles: secure('GET', '/subtitles', { query: true }),
    menu: secure('GET', '/menu'),
  },
  filmDatabase: {
    lookup: secure('GET', '/film-database/{filmId}'),
  },
  abuse: {
    report: secure('POST', '/abuse/new', { body: true }),
  },
  ads: {
    vast: secure('GET', '/vast.xml', { query: true, responseType: 'text' }),
    list: secure('GET', '/ad-list', { query: true }),
  },
  site: {
    sitemap: secure('GET', '/sitemap.xml', { responseType: 'text' }),
    robots: secure('GET', '/robots.txt', { responseType: 'text' }),
    redirectInfo: secure('GET', '/redirect-info', { query: true }),
  },
  admin: {
    clearCaches: secure('DELETE', '/caches', { query: true }),
  },
} as const;

export function createCatalogCalls(http: HttpClient) {
  return bindCalls(http, CATALOG_CALLS);
}

export type CatalogCalls = ReturnType<typeof createCatalogCalls>;
