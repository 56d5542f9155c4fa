import { describe, expect, it } from 'vitest';
import { boundCalls, expectSent, lookup, namesOf, useRecordingServer, type Row } from '../testing/definition-calls';
import { CATALOG_CALLS } from './catalog';

const BODY = { text: 'Отличный фильм', rating: 9 };
const PAGE = { page: 2, limit: 20 };
const PAGE_Q = { page: '2', limit: '20' };

const ROWS: Row[] = [
  { name: 'reviews.create', args: { params: { id: 101 }, body: BODY }, method: 'POST', path: '/catalog-api/v2/contents/101/reviews', secure: true },
  { name: 'reviews.list', args: { params: { id: 101 }, query: PAGE }, method: 'GET', path: '/catalog-api/v2/contents/101/reviews', query: PAGE_Q, secure: true },
  { name: 'reviews.update', args: { params: { id: 101, reviewId: 7 }, body: BODY }, method: 'PUT', path: '/catalog-api/v2/contents/101/reviews/7', secure: true },
  { name: 'reviews.delete', args: { params: { id: 101, reviewId: 7 } }, method: 'DELETE', path: '/catalog-api/v2/contents/101/reviews/7', secure: true },
  { name: 'reviews.vote', args: { params: { id: 101, reviewId: 7 }, body: { value: 1 } }, method: 'POST', path: '/catalog-api/v2/contents/101/reviews/7/vote', secure: true },
  { name: 'contents.search', args: { body: { query: 'таблица' } }, method: 'POST', path: '/catalog-api/v2/contents/search', secure: true },
  { name: 'contents.categoryContents', args: { params: { type: 'films', category: 'drama' }, body: PAGE }, method: 'POST', path: '/catalog-api/v2/types/films/categories/drama/contents', secure: true },
  { name: 'contents.mostRelevant', args: { query: PAGE }, method: 'GET', path: '/catalog-api/contents/most-relevant', query: PAGE_Q, secure: true },
  { name: 'contents.history', args: { query: PAGE }, method: 'GET', path: '/catalog-api/contents/history', query: PAGE_Q, secure: true },
  { name: 'contents.sliderPromo', method: 'GET', path: '/catalog-api/slider/promo', secure: true },
  { name: 'episodes.fresh', args: { query: PAGE }, method: 'GET', path: '/catalog-api/episodes/fresh', query: PAGE_Q, secure: true },
  { name: 'episodes.resource', args: { params: { episodeId: 10212 } }, method: 'GET', path: '/catalog-api/episodes/10212', secure: true },
  { name: 'episodes.timeProgress', args: { params: { id: 102, episodeId: 10212 }, body: { time: 42 } }, method: 'POST', path: '/catalog-api/contents/102/episodes/10212/time-progress', secure: true },
  { name: 'episodes.completedAdd', args: { params: { id: 102, episodeId: 10212 } }, method: 'POST', path: '/catalog-api/contents/102/episodes/10212/completed', secure: true },
  { name: 'episodes.completedRemove', args: { params: { id: 102, episodeId: 10212 } }, method: 'DELETE', path: '/catalog-api/contents/102/episodes/10212/completed', secure: true },
  { name: 'episodes.lastWatched', args: { params: { id: 102 } }, method: 'GET', path: '/catalog-api/contents/102/episodes/watched/last', secure: true },
  { name: 'playlists.list', args: { query: PAGE }, method: 'GET', path: '/catalog-api/playlists', query: PAGE_Q, secure: true },
  { name: 'playlists.get', args: { params: { playlistId: 'best-2024' } }, method: 'GET', path: '/catalog-api/playlists/best-2024', secure: true },
  { name: 'persons.list', args: { query: PAGE }, method: 'GET', path: '/catalog-api/persons', query: PAGE_Q, secure: true },
  // A parameter is one path segment: a slash or a space in it is encoded.
  { name: 'persons.get', args: { params: { personId: 'a/b c' } }, method: 'GET', path: '/catalog-api/persons/a%2Fb%20c', secure: true },
  { name: 'dictionaries.types', method: 'GET', path: '/catalog-api/types', secure: true },
  { name: 'dictionaries.countries', method: 'GET', path: '/catalog-api/countries', secure: true },
  { name: 'dictionaries.languages', method: 'GET', path: '/catalog-api/languages', secure: true },
  { name: 'dictionaries.genres', method: 'GET', path: '/catalog-api/genres', secure: true },
  { name: 'dictionaries.categories', method: 'GET', path: '/catalog-api/categories', secure: true },
  { name: 'dictionaries.tags', method: 'GET', path: '/catalog-api/tags', secure: true },
  { name: 'dictionaries.voiceAuthors', method: 'GET', path: '/catalog-api/voice-authors', secure: true },
  { name: 'dictionaries.subtitles', args: { query: { 'episode-id': 10212 } }, method: 'GET', path: '/catalog-api/subtitles', query: { 'episode-id': '10212' }, secure: true },
  { name: 'dictionaries.menu', method: 'GET', path: '/catalog-api/menu', secure: true },
  { name: 'filmDatabase.lookup', args: { params: { filmId: 'tt0111161' } }, method: 'GET', path: '/catalog-api/film-database/tt0111161', secure: true },
  { name: 'abuse.report', args: { body: { contentId: 101, reason: 'spam' } }, method: 'POST', path: '/catalog-api/abuse/new', secure: true },
  { name: 'ads.vast', args: { query: { 'content-id': 101 } }, method: 'GET', path: '/catalog-api/vast.xml', query: { 'content-id': '101' }, secure: true },
  { name: 'ads.list', args: { query: { 'content-id': 101 } }, method: 'GET', path: '/catalog-api/ad-list', query: { 'content-id': '101' }, secure: true },
  { name: 'site.sitemap', method: 'GET', path: '/catalog-api/sitemap.xml', secure: true },
  { name: 'site.robots', method: 'GET', path: '/catalog-api/robots.txt', secure: true },
  { name: 'site.redirectInfo', args: { query: { path: '/old' } }, method: 'GET', path: '/catalog-api/redirect-info', query: { path: '/old' }, secure: true },
  { name: 'admin.clearCaches', args: { query: { name: 'contents' } }, method: 'DELETE', path: '/catalog-api/caches', query: { name: 'contents' }, secure: true },
];

const server = useRecordingServer();

describe('catalogue client definitions', () => {
  it('the table below covers every defined function, and nothing else', () => {
    expect(ROWS.map((row) => row.name).sort()).toEqual(namesOf(CATALOG_CALLS));
  });

  it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    await lookup(boundCalls(server()).catalog, row.name)(row.args);
    expectSent(server(), row);
  });
});
