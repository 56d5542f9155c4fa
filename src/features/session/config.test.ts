import { describe, expect, it } from 'vitest';
import { parseConfig, parseId, type PlayerConfig } from './config';

const PAGE = 'http://player.test/?x=1';
const parse = (search: string, extra: Partial<Parameters<typeof parseConfig>[0]> = {}) =>
  parseConfig({ search, pageUrl: PAGE, ...extra });

describe('parseConfig: movie_id', () => {
  it.each([
    ['?movie_id=101', 101],
    ['?movie_id=%20101%20', 101],
    ['?movie_id=abc', null],
    ['?movie_id=1.5', null],
    ['?movie_id=-1', null],
    ['?movie_id=0', null],
    ['?movie_id=', null],
    ['?movie_id=99999999999999999999', null],
    ['?movie_id=1e3', null],
    ['', null],
    ['?movie_id=7&movie_id=8', 7],
  ])('%s gives %s', (search, expected) => {
    expect(parse(search).movieId).toBe(expected);
  });

  it('the global movie id setting wins over the query', () => {
    expect(parse('?movie_id=101', { globalMovieId: 102 }).movieId).toBe(102);
    expect(parse('?movie_id=101', { globalMovieId: '103' }).movieId).toBe(103);
  });

  it('an invalid global setting falls back to the query', () => {
    expect(parse('?movie_id=101', { globalMovieId: 'oops' }).movieId).toBe(101);
    expect(parse('?movie_id=101', { globalMovieId: null }).movieId).toBe(101);
  });
});

describe('parseConfig: episode choice parameters', () => {
  it('reads episode_id', () => {
    expect(parse('?movie_id=1&episode_id=10212').episodeId).toBe(10212);
    expect(parse('?movie_id=1&episode_id=x').episodeId).toBeNull();
  });

  it('defaults the episode to 1 when only the season is given', () => {
    const config = parse('?movie_id=1&season=2');
    expect([config.season, config.episode]).toEqual([2, 1]);
  });

  it('reads season and episode', () => {
    const config = parse('?movie_id=1&season=2&episode=3');
    expect([config.season, config.episode]).toEqual([2, 3]);
  });

  it('ignores a non-numeric season', () => {
    expect(parse('?movie_id=1&season=two&episode=3').season).toBeNull();
  });
});

describe('parseConfig: times', () => {
  it.each([
    ['?t=90', 90],
    ['?t=90.5', 90],
    ['?t=1.2.3', 1],
    ['?t=1m30s', null],
    ['?t=-5', null],
    ['?t=...', null],
    ['?t=', null],
  ])('%s gives start time %s', (search, expected) => {
    expect(parse(search).startTime).toBe(expected);
  });

  it('reads episode_time as a resume position', () => {
    expect(parse('?episode_time=125').episodeTime).toBe(125);
    expect(parse('?episode_time=abc').episodeTime).toBeNull();
  });
});

describe('parseConfig: flags', () => {
  it.each(['auto_play', 'advert', 'disabled_share'] as const)('%s is off by default and on when present', (name) => {
    const key = { auto_play: 'autoPlay', advert: 'advert', disabled_share: 'disabledShare' }[name] as 'autoPlay' | 'advert' | 'disabledShare';
    expect(parse('?movie_id=1')[key]).toBe(false);
    expect(parse(`?${name}=1`)[key]).toBe(true);
    expect(parse(`?${name}=true`)[key]).toBe(true);
    expect(parse(`?${name}`)[key]).toBe(true);
    expect(parse(`?${name}=0`)[key]).toBe(false);
    expect(parse(`?${name}=false`)[key]).toBe(false);
  });

  it('checks availability unless disable_checking_available is set', () => {
    expect(parse('?movie_id=1').checkAvailability).toBe(true);
    expect(parse('?disable_checking_available=1').checkAvailability).toBe(false);
  });

  it('reads user_id as text', () => {
    expect(parse('?user_id=u-42').userId).toBe('u-42');
    expect(parse('?user_id=').userId).toBeNull();
  });
});

describe('parseConfig: frame data attributes', () => {
  it('defaults the base URL to the page origin', () => {
    expect(parse('').baseUrl).toBe('http://player.test');
  });

  it('reads the root element data, with the frame data taking precedence', () => {
    const config = parse('', {
      rootData: { baseUrl: 'http://api.test/', adListUrl: '/ads/list.json', fullscreen: '', sentryProject: 'player', languages: 'ru, en ,xx1' },
      frameData: { fullscreen: 'parent', baseUrl: '' },
    });
    expect(config.baseUrl).toBe('http://api.test');
    expect(config.adListUrl).toBe('http://player.test/ads/list.json');
    expect(config.fullscreenMode).toBe('parent');
    expect(config.sentryProject).toBe('player');
    expect(config.languages).toEqual(['RU', 'EN']);
  });

  it('refuses a non-http base URL', () => {
    expect(parse('', { rootData: { baseUrl: 'javascript:alert(1)' } }).baseUrl).toBe('http://player.test');
  });
});

describe('parseId', () => {
  it('accepts only positive safe integers', () => {
    expect(parseId(5)).toBe(5);
    expect(parseId(5.5)).toBeNull();
    expect(parseId(Number.MAX_SAFE_INTEGER + 1)).toBeNull();
    expect(parseId(undefined)).toBeNull();
    expect(parseId({})).toBeNull();
  });
});

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('query parameters', () => {
  const PAGE = 'http://localhost:4100/';
  const QUERY_ROWS: Array<[search: string, expected: Partial<PlayerConfig>]> = [
    ['?movie_id=abc', { movieId: null }],
    ['?movie_id=1.5', { movieId: null }],
    ['?movie_id=-1', { movieId: null }],
    ['?movie_id=0', { movieId: null }],
    ['?movie_id=99999999999999999999', { movieId: null }],
    ['?movie_id=', { movieId: null }],
    ['?movie_id=1e3', { movieId: null }],
    ['?movie_id=0x65', { movieId: null }],
    ['?movie_id=101&movie_id=102', { movieId: 101 }],
    ['?movie_id=abc&movie_id=101', { movieId: null }],
    ['?movie_id=%20101%20', { movieId: 101 }],
    ['?movie_id=101&episode_id=abc', { movieId: 101, episodeId: null }],
    ['?movie_id=102&season=2', { season: 2, episode: 1 }],
    ['?movie_id=102&season=x&episode=2', { season: null, episode: 2 }],
    ['?movie_id=102&season=-1&episode=-1', { season: null, episode: null }],
    ['?movie_id=101&t=abc', { startTime: null }],
    ['?movie_id=101&t=-5', { startTime: null }],
    ['?movie_id=101&t=', { startTime: null }],
    ['?movie_id=101&t=...', { startTime: null }],
    ['?movie_id=101&t=12.7', { startTime: 12 }],
    ['?movie_id=101&t=99999999999999999999', { startTime: null }],
    ['?movie_id=101&episode_time=garbage', { episodeTime: null }],
    ['?movie_id=101&episode_time=-3', { episodeTime: null }],
    ['?movie_id=101&episode_time=Infinity', { episodeTime: null }],
  ];

  it.each(QUERY_ROWS)('%s → %o', (search, expected) => {
    expect(parseConfig({ search, pageUrl: `${PAGE}${search}` })).toMatchObject(expected);
  });

  it.each([
    [{ movieId: 'abc' }, 101],
    [{ movieId: -7 }, 101],
    [{ movieId: 1.5 }, 101],
    [{ movieId: { toString: () => '5' } }, 101],
  ])('global MOVIE_ID %o that is no positive integer falls back to the query → %s', ({ movieId }, expected) => {
    expect(parseConfig({ search: '?movie_id=101', pageUrl: PAGE, globalMovieId: movieId }).movieId).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)', 'http://localhost:4100'],
    ['data:text/html,x', 'http://localhost:4100'],
  ])('data-base-url %s is not used → %s', (baseUrl, expected) => {
    expect(parseConfig({ search: '', pageUrl: PAGE, rootData: { baseUrl } }).baseUrl).toBe(expected);
  });
});
