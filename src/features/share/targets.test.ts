import { describe, expect, it } from 'vitest';
import { episodeAddress, isOpenableUrl, SHARE_TARGETS, shareLink, shareTargetUrl } from './targets';
import { UNSAFE_URLS } from '../../test-support/unsafe-urls';

describe('shareLink', () => {
  it('sets t to the rounded seconds only with the time code', () => {
    expect(shareLink('https://kino.example/film/5?a=1', 125.6, true)).toBe('https://kino.example/film/5?a=1&t=126');
    expect(shareLink('https://kino.example/film/5?a=1', 125.6, false)).toBe('https://kino.example/film/5?a=1');
  });

  it('replaces a t the page address already has, or drops it without the time code', () => {
    expect(shareLink('https://kino.example/?t=10', 42, true)).toBe('https://kino.example/?t=42');
    expect(shareLink('https://kino.example/?t=10&x=1', 42, false)).toBe('https://kino.example/?x=1');
  });

  it('ignores a non-finite time', () => {
    expect(shareLink('https://kino.example/', Number.NaN, true)).toBe('https://kino.example/');
  });

  it("a series' link always names the episode by season and episode, beside t when ticked", () => {
    const s2e3 = { season: 2, episode: 3 };
    expect(shareLink('https://kino.example/serial?from=list', 95.4, true, s2e3)).toBe('https://kino.example/serial?from=list&season=2&episode=3&t=95');
    expect(shareLink('https://kino.example/serial?from=list', 95.4, false, s2e3)).toBe('https://kino.example/serial?from=list&season=2&episode=3');
  });

  it("a series' link replaces the page's own season and episode, and drops its episode_id, which would win over them", () => {
    expect(shareLink('https://kino.example/serial?episode=1&season=1&episode_id=10211&t=4&x=1', 12, true, { season: 1, episode: 3 })).toBe(
      'https://kino.example/serial?x=1&season=1&episode=3&t=12',
    );
  });

  it("a film's link carries neither season nor episode", () => {
    expect(shareLink('https://kino.example/film/5', 95, true, null)).toBe('https://kino.example/film/5?t=95');
    expect(shareLink('https://kino.example/film/5', 95, false)).toBe('https://kino.example/film/5');
  });

  it.each(['not a url', '', '/relative/path', 'javascript:alert(1)', 'data:text/html,x', 'ftp://kino.example/'])('a bad page address %j gives no link', (page) => {
    expect(shareLink(page, 95, true, { season: 2, episode: 3 })).toBeNull();
  });
});

describe('episodeAddress', () => {
  const episode = (season: number | null, order: number) => ({ order, season: season === null ? null : { order: season } });

  it("is the series' current season order and episode order", () => {
    expect(episodeAddress(true, episode(2, 3))).toEqual({ season: 2, episode: 3 });
  });

  it('is null for a film, and for an episode the query could not name', () => {
    expect(episodeAddress(false, episode(1, 1))).toBeNull();
    expect(episodeAddress(true, null)).toBeNull();
    expect(episodeAddress(true, episode(null, 3))).toBeNull();
    expect(episodeAddress(true, episode(0, 3))).toBeNull();
    expect(episodeAddress(true, episode(2, 1.5))).toBeNull();
  });
});

describe('share targets', () => {
  it('are five, all http(s), with the link and title encoded in', () => {
    expect(SHARE_TARGETS).toHaveLength(5);
    for (const target of SHARE_TARGETS) {
      const url = shareTargetUrl(target, 'https://kino.example/?t=5&x=1', 'Фильм & друзья');
      expect(isOpenableUrl(url), target.id).toBe(true);
      expect(url).toContain(encodeURIComponent('https://kino.example/?t=5&x=1'));
      expect(url).not.toContain('Фильм & друзья');
    }
  });

  it('refuses javascript:, data: and garbage', () => {
    expect(isOpenableUrl('javascript:alert(1)')).toBe(false);
    expect(isOpenableUrl('data:text/html,x')).toBe(false);
    expect(isOpenableUrl('not a url')).toBe(false);
  });
});

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('click-through, share and tracking links', () => {
  it.each(UNSAFE_URLS)('share link %s → openable: %s', (url, expected) => {
    expect(isOpenableUrl(url.trim())).toBe(expected !== null);
  });
});
