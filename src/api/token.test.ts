import { describe, expect, it } from 'vitest';
import { jwt } from './testing/recording-server';
import { isExpired, parseAccessToken, tokenFromAuthorizationHeader } from './token';

describe('access token', () => {
  it('reads exp from a JWT payload, in milliseconds', () => {
    expect(parseAccessToken(jwt({ sub: 'u', exp: 1_900_000_000 }))).toEqual({
      raw: jwt({ sub: 'u', exp: 1_900_000_000 }),
      expiresAt: 1_900_000_000_000,
    });
  });

  it('decodes base64url payloads with - and _ and without padding', () => {
    // {"exp":1900000000,"n":"ÿÿ>?"} encodes to a payload with '-' / '_' characters.
    const payload = Buffer.from(JSON.stringify({ exp: 1_900_000_000, n: 'ÿÿ>?' })).toString('base64url');
    expect(payload).toMatch(/[-_]/);
    expect(parseAccessToken(`eyJhbGciOiJub25lIn0.${payload}.`)?.expiresAt).toBe(1_900_000_000_000);
  });

  it.each([
    ['undefined', undefined],
    ['empty', ''],
    ['one part', 'abc'],
    ['four parts', 'a.b.c.d'],
    ['bad base64', 'eyJhbGciOiJub25lIn0.!!!.sig'],
    ['base64 of non-UTF-8 bytes', `h.${Buffer.from([0xff, 0xfe, 0xfd]).toString('base64url')}.s`],
    ['payload not JSON', `h.${Buffer.from('exp').toString('base64url')}.s`],
    ['payload an array', `h.${Buffer.from('[1]').toString('base64url')}.s`],
    ['no exp', jwt({ sub: 'u' })],
    ['exp a string', jwt({ exp: '1900000000' })],
    ['exp not finite', `h.${Buffer.from('{"exp":1e999}').toString('base64url')}.s`],
  ])('a malformed token (%s) is no token', (_, raw) => {
    expect(parseAccessToken(raw)).toBeNull();
  });

  it('is expired once its expiry has passed', () => {
    const token = { raw: 'x', expiresAt: 1000 };
    expect(isExpired(token, 999)).toBe(false);
    expect(isExpired(token, 1000)).toBe(true);
  });

  it('reads the token from an Authorization header with or without Bearer', () => {
    expect(tokenFromAuthorizationHeader('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromAuthorizationHeader('bearer  abc')).toBe('abc');
    expect(tokenFromAuthorizationHeader('abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromAuthorizationHeader('Bearer ')).toBeNull();
    expect(tokenFromAuthorizationHeader(undefined)).toBeNull();
  });
});
