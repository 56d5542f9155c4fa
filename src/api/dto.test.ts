import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidBodyError, parseAdList, parseAvailability, parseContent, parseEpisodes, parseSeasons } from './dto';

const API = path.resolve(__dirname, '../../fixtures/api');
const fixture = (folder: string, file: string): unknown => JSON.parse(readFileSync(path.join(API, folder, file), 'utf8'));
const files = (folder: string) => readdirSync(path.join(API, folder)).filter((name) => name.endsWith('.json'));

/**
 * The fixtures spell every field in the DTO's own shape, so a parse gives each body back unchanged:
 * a parser that drops or nulls a field fails here. Only a missing `m3u8MasterFilePath` (121) reads
 * as null.
 */
describe('every fixture the harness serves passes validation, each field read as written', () => {
  it.each(files('contents'))('contents/%s', (file) => {
    const body = fixture('contents', file);
    expect(parseContent(body)).toEqual(body);
  });
  it.each(files('episodes'))('episodes/%s', (file) => {
    const body = fixture('episodes', file) as Array<Record<string, unknown>>;
    expect(parseEpisodes(body)).toEqual(body.map((episode) => ({ m3u8MasterFilePath: null, ...episode })));
  });
  it.each(files('seasons'))('seasons/%s', (file) => {
    const body = fixture('seasons', file);
    expect(parseSeasons(body)).toEqual(body);
  });
  it('the ad list', () => {
    const body = JSON.parse(readFileSync(path.join(API, 'ad-list.json'), 'utf8'));
    expect(parseAdList(body)).toEqual(body);
  });

  it('the fixtures hold values to compare: a series’ metadata, an episode’s description and watched date', () => {
    expect(parseContent(fixture('contents', '102.json'))).toMatchObject({
      contentType: { slug: 'series' },
      year: 2024,
      countries: [{ slug: 'ru' }, { slug: 'kz' }],
      languages: [{ code: 'ru' }],
      kinopoiskId: 2000102,
      rating: { kinopoisk: { value: 8.1 }, imdb: { value: 7.9, url: 'https://www.imdb.com/title/tt8000102/' } },
    });
    const watched = parseEpisodes(fixture('episodes', '107.json')).find((episode) => episode.id === 10713);
    expect(watched).toMatchObject({ description: 'Сезон 1, серия 3.', watchedAt: '2026-10-01T19:00:00Z', isCompleted: true, watchProgress: 100 });
  });
});

const content = { id: 1, title: 'Фильм', hasMultipleEpisodes: false, rating: { imdb: { value: 8.1, url: 'https://www.imdb.com/title/tt0111161/' } } };
const episode = { id: 5, title: '1. Серия', order: 1, season: { id: 2, order: 1 }, m3u8MasterFilePath: '/m.m3u8' };

describe('a body of the wrong shape is a typed error naming the field', () => {
  it.each([
    ['content not an object', () => parseContent('<html>502</html>'), 'content: expected an object'],
    ['content id a string', () => parseContent({ ...content, id: '1' }), 'content.id: expected a number'],
    ['content without title', () => parseContent({ id: 1 }), 'content.title: expected a string'],
    ['rating.imdb.url a number', () => parseContent({ ...content, rating: { imdb: { url: 5 } } }), 'content.rating.imdb.url: expected a string'],
    ['countries not a list', () => parseContent({ ...content, countries: 'RU' }), 'content.countries: expected an array'],
    ['episodes not a list', () => parseEpisodes({ items: [] }), 'episodes: expected an array'],
    ['episode order missing', () => parseEpisodes([{ ...episode, order: undefined }]), 'episodes[0].order: expected a number'],
    ['episode season order a string', () => parseEpisodes([{ ...episode, season: { id: 2, order: 'one' } }]), 'episodes[0].season.order: expected a number'],
    ['season id null', () => parseSeasons([{ id: null, order: 1 }]), 'seasons[0].id: expected a number'],
    ['ad item of the wrong shape', () => parseAdList({ prerollList: [{ vastUrl: 42 }] }), 'adList.prerollList[0]'],
    ['availability a string', () => parseAvailability({ available: 'yes' }), 'availability.available: expected a boolean'],
  ])('%s', (_, parse, message) => {
    expect(parse).toThrow(InvalidBodyError);
    expect(parse).toThrow(message);
  });

  it('optional fields may be missing or null', () => {
    expect(parseContent({ id: 1, title: 'Фильм' })).toMatchObject({ posterUrl: null, rating: null, countries: [], year: null });
    expect(parseEpisodes([{ id: 5, order: 1 }])[0]).toMatchObject({ title: '', season: null, m3u8MasterFilePath: null });
    expect(parseAvailability({})).toEqual({ available: true });
  });
});

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('API bodies', () => {
  const fixtureJson = (path: string): unknown => JSON.parse(readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8'));
  const film = fixtureJson('api/contents/101.json') as Record<string, unknown>;
  const episode = (fixtureJson('api/episodes/101.json') as Array<Record<string, unknown>>)[0]!;
  const invalid = 'InvalidBodyError';

  const API_ROWS: Array<[label: string, parse: () => unknown, expected: unknown]> = [
    ['details: empty body (the client gives "")', () => parseContent(''), invalid],
    ['details: null body', () => parseContent(null), invalid],
    ['details: an HTML 502 page as text', () => parseContent('<html><body><h1>502 Bad Gateway</h1></body></html>'), invalid],
    ['details: a JSON array', () => parseContent([film]), invalid],
    ['details: title missing', () => parseContent({ ...film, title: undefined }), invalid],
    ['details: id as a string', () => parseContent({ ...film, id: '101' }), invalid],
    ['details: id NaN-like (null)', () => parseContent({ ...film, id: null }), invalid],
    ['details: rating of the wrong shape', () => parseContent({ ...film, rating: 'high' }), invalid],
    ['details: title with <script>/<img onerror> kept verbatim as text', () => parseContent({ ...film, title: '<script>window.x=1</script><img src=x onerror=alert(1)>' }).title, '<script>window.x=1</script><img src=x onerror=alert(1)>'],
    ['details: optional fields missing → nulls/empties', () => { const c = parseContent({ id: 1, title: 'x' }); return [c.posterUrl, c.year, c.countries, c.rating]; }, [null, null, [], null]],
    ['seasons: order null', () => parseSeasons([{ id: 1, order: null }]), invalid],
    ['seasons: not a list', () => parseSeasons({ items: [] }), invalid],
    ['episodes: {"items":"not a list"}', () => parseEpisodes({ items: 'not a list' }), invalid],
    ['episodes: id as a string', () => parseEpisodes([{ ...episode, id: '10101' }]), invalid],
    ['episodes: no m3u8MasterFilePath → null path', () => parseEpisodes([{ ...episode, m3u8MasterFilePath: undefined }])[0]!.m3u8MasterFilePath, null],
    ['episodes: empty m3u8MasterFilePath → null path', () => parseEpisodes([{ ...episode, m3u8MasterFilePath: '' }])[0]!.m3u8MasterFilePath, null],
    ['episodes: m3u8MasterFilePath a number', () => parseEpisodes([{ ...episode, m3u8MasterFilePath: 5 }]), invalid],
    ['episodes: duration "30"', () => parseEpisodes([{ ...episode, duration: '30' }]), invalid],
    ['availability: field missing → available', () => parseAvailability({}), { available: true }],
    ['availability: "no" (mistyped)', () => parseAvailability({ available: 'no' }), invalid],
    ['availability: empty body', () => parseAvailability(''), invalid],
  ];

  it.each(API_ROWS)('%s', (_label, parse, expected) => {
    if (expected === invalid) expect(parse).toThrow(InvalidBodyError);
    else expect(parse()).toEqual(expected);
  });
});
