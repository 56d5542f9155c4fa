import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidBodyError, parseAdList, parseAvailability, parseContent, parseEpisodes, parseSeasons } from './dto';

const API = path.resolve(__dirname, '../../fixtures/api');
const fixture = (folder: string, file: string): unknown => JSON.parse(readFileSync(path.join(API, folder, file), 'utf8'));
const files = (folder: string) => readdirSync(path.join(API, folder)).filter((name) => name.endsWith('.json'));

describe('every fixture the harness serves passes validation', () => {
  it.each(files('contents'))('contents/%s', (file) => {
    expect(parseContent(fixture('contents', file)).id).toBe(Number(file.replace('.json', '')));
  });
  it.each(files('episodes'))('episodes/%s', (file) => {
    expect(Array.isArray(parseEpisodes(fixture('episodes', file)))).toBe(true);
  });
  it.each(files('seasons'))('seasons/%s', (file) => {
    expect(Array.isArray(parseSeasons(fixture('seasons', file)))).toBe(true);
  });
  it('the ad list', () => {
    expect(Array.isArray(parseAdList(JSON.parse(readFileSync(path.join(API, 'ad-list.json'), 'utf8'))).prerollList)).toBe(true);
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
