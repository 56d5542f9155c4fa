import { describe, expect, it } from 'vitest';
import { topPageUrl } from './share';

describe('topPageUrl: the address of the page the player is in', () => {
  it.each([
    ['https://site.example/a?b=1', ['https://other.example'], 'https://site.example/a?b=1'],
    ['', ['https://other.example'], 'https://other.example/'],
    ['', [], 'http://player.local/?movie_id=1'],
    ['javascript:alert(1)', [], 'http://player.local/?movie_id=1'],
  ])('the top page address from referrer %j and ancestors %j is %j', (referrer, ancestors, expected) => {
    expect(topPageUrl(referrer, ancestors, 'http://player.local/?movie_id=1')).toBe(expected);
  });
});
