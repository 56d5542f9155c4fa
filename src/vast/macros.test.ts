import { describe, expect, it } from 'vitest';
import { cacheBuster, fillMacros } from './macros';

const now = new Date('2026-03-04T05:06:07.089Z');
const fixed = (value: number) => () => value;

describe('fillMacros', () => {
  it('puts the error code into [ERRORCODE], or 900 when there is none (SPEC.md §7)', () => {
    expect(fillMacros('http://x/e?code=[ERRORCODE]', { errorCode: 403, now, random: Math.random })).toBe('http://x/e?code=403');
    expect(fillMacros('http://x/e?code=[ERRORCODE]', { now, random: Math.random })).toBe('http://x/e?code=900');
  });

  it('fills [CACHEBUSTING] with 8 random digits and [TIMESTAMP] with URL-encoded ISO 8601', () => {
    expect(fillMacros('http://x/i?cb=[CACHEBUSTING]&t=[TIMESTAMP]', { now, random: fixed(0.0123456789) })).toBe(
      'http://x/i?cb=01234567&t=2026-03-04T05%3A06%3A07.089Z',
    );
  });

  it('also reads %%NAME%% and URL-encoded [NAME], any case; leaves unknown macros alone', () => {
    expect(fillMacros('http://x/?a=%%ERRORCODE%%&b=%5BERRORCODE%5D&c=[errorcode]&d=[CONTENTPLAYHEAD]', { errorCode: 100, now, random: Math.random })).toBe(
      'http://x/?a=100&b=100&c=100&d=[CONTENTPLAYHEAD]',
    );
  });

  it('cacheBuster is always 8 digits', () => {
    for (const value of [0, 0.5, 0.99999999, 1e-9]) expect(cacheBuster(fixed(value))).toMatch(/^\d{8}$/);
  });
});
