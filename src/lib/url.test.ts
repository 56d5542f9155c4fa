import { describe, expect, it } from 'vitest';
import { httpUrl } from './url';

describe('httpUrl', () => {
  it('keeps absolute http(s) URLs, resolves against a base, and refuses other schemes and garbage', () => {
    expect(httpUrl('https://cdn.test/a b')).toBe('https://cdn.test/a%20b');
    expect(httpUrl('360p/index.m3u8', 'http://cdn.test/hls/master.m3u8')).toBe('http://cdn.test/hls/360p/index.m3u8');
    expect(httpUrl('javascript:alert(1)', 'http://cdn.test/')).toBeNull();
    expect(httpUrl('relative/only')).toBeNull();
  });
});
