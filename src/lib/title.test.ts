import { describe, expect, it } from 'vitest';
import { cleanTitle, imdbTitleId } from './title';

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
