import { httpUrl } from './url';
import { describe, expect, it } from 'vitest';
import { formatHms, parseTimecode } from './timecode';
import { cleanTitle, imdbTitleId } from './title';

describe('formatHms', () => {
  it.each([
    [0, '0:00:00'],
    [5.9, '0:00:05'],
    [75, '0:01:15'],
    [3600, '1:00:00'],
    [36_061, '10:01:01'],
    [-3, '0:00:00'],
    [Number.NaN, '0:00:00'],
    [Number.POSITIVE_INFINITY, '0:00:00'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatHms(seconds)).toBe(text);
  });
});

describe('parseTimecode', () => {
  it.each([
    ['120', 120],
    ['12.5', 12],
    ['007', 7],
    ['1:20', null],
    ['12s', null],
    ['', null],
    ['.', null],
    [null, null],
    ['99999999999999999999', null],
  ])('%s gives %s', (value, expected) => {
    expect(parseTimecode(value)).toBe(expected);
  });
});

describe('cleanTitle', () => {
  it.each([
    ['3. Имя', 'Имя'],
    ['12. Двенадцать', 'Двенадцать'],
    ['3.Имя', '3.Имя'],
    ['Имя 3. Имя', 'Имя 3. Имя'],
    ['', ''],
  ])('%s becomes %s', (title, expected) => {
    expect(cleanTitle(title)).toBe(expected);
  });
});

describe('imdbTitleId', () => {
  it.each([
    ['https://www.imdb.com/title/tt0111161/', 'tt0111161'],
    ['https://www.imdb.com/title/tt0111161', 'tt0111161'],
    ['https://www.imdb.com/title/tt0111161/?ref=x', 'tt0111161'],
    ['https://www.imdb.com/name/nm0000151/', ''],
    ['https://www.imdb.com/title/tt-01/', ''],
    ['', ''],
    [null, ''],
  ])('%s gives %s', (url, expected) => {
    expect(imdbTitleId(url)).toBe(expected);
  });
});

describe('httpUrl', () => {
  it('keeps absolute http(s) URLs, resolves against a base, and refuses other schemes and garbage', () => {
    expect(httpUrl('https://cdn.test/a b')).toBe('https://cdn.test/a%20b');
    expect(httpUrl('360p/index.m3u8', 'http://cdn.test/hls/master.m3u8')).toBe('http://cdn.test/hls/360p/index.m3u8');
    expect(httpUrl('javascript:alert(1)', 'http://cdn.test/')).toBeNull();
    expect(httpUrl('relative/only')).toBeNull();
  });
});
