import { describe, expect, it } from 'vitest';
import { draftError, knownKeyNote, prettyValue, storageKeys } from './storage-view';

describe('the Storage tab', () => {
  it("lists the player's known keys first in their order, then the others sorted", () => {
    expect(storageKeys({ zeta: '1', 'player-muted': 'false', alpha: '2', episodesTimeProgress: '{}' })).toEqual(['episodesTimeProgress', 'player-muted', 'alpha', 'zeta']);
    expect(storageKeys({})).toEqual([]);
  });

  it('says what a known key holds, and nothing for another', () => {
    expect(knownKeyNote('player-volume')).toBe('volume 0…1');
    expect(knownKeyNote('other')).toBeUndefined();
  });

  it('indents a JSON value for editing and leaves any other text as it is', () => {
    expect(prettyValue('{"10211":4}')).toBe('{\n "10211": 4\n}');
    expect(prettyValue('{"10211": 6')).toBe('{"10211": 6');
  });

  it('refuses an empty key or a draft that is not JSON', () => {
    expect(draftError('  ', '1')).toBe('Key is empty.');
    expect(draftError('k', '{"10211": 6')).toMatch(/^Not valid JSON: /);
    expect(draftError('k', '{"10211": 6}')).toBeNull();
  });
});
