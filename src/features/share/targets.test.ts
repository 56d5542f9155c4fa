import { describe, expect, it } from 'vitest';
import { isOpenableUrl, SHARE_TARGETS, shareLink, shareTargetUrl } from './targets';
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
