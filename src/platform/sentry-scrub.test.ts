import { describe, expect, it } from 'vitest';
import { FILTERED, scrub } from './sentry-scrub';

const JWT = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJxYSIsImV4cCI6MTkwMDAwMDAwMH0.dW5zaWduZWQ';
const REFRESH = 'qa-refresh-6f1c2b7e';
const FP = '7c5e1d0a9b8f4e3d2c1b0a9f8e7d6c5b';

describe('scrub', () => {
  const event = {
    event_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    message: `refresh with ${REFRESH} failed`,
    request: {
      url: `http://localhost/?movie_id=105&authToken=${JWT}&x=1`,
      headers: { Authorization: `Bearer ${JWT}`, 'X-Session-Context': FP, 'User-Agent': 'Chromium' },
      cookies: { authToken: JWT, refreshToken: REFRESH },
    },
    contexts: {
      response: { status_code: 500, url: '/catalog-api/contents/105', data: `{"accessToken":"${JWT}","refreshToken":"${REFRESH}","ok":1}` },
    },
    breadcrumbs: [
      { category: 'console', message: `Cookie: authToken=${JWT}; device_fp=${FP}` },
      { category: 'xhr', data: { url: '/catalog-api/episodes?content-id=105', status_code: 200 } },
    ],
    extra: { deviceFp: FP, nested: [{ token: 'abc' }], note: `fp is ${FP}` },
  };
  const clean = scrub(event, [JWT, REFRESH, FP]);
  const text = JSON.stringify(clean);

  it('leaves no token, refresh token or fingerprint anywhere', () => {
    for (const secret of [JWT, REFRESH, FP]) expect(text).not.toContain(secret);
  });

  it('filters by header and cookie name', () => {
    expect(clean.request.headers).toEqual({ Authorization: FILTERED, 'X-Session-Context': FILTERED, 'User-Agent': 'Chromium' });
    expect(clean.request.cookies).toBe(FILTERED);
    expect(clean.extra.nested[0]!.token).toBe(FILTERED);
  });

  it('keeps what is not secret: ids, statuses, paths, other query parameters', () => {
    expect(clean.event_id).toBe(event.event_id);
    expect(clean.contexts.response.status_code).toBe(500);
    expect(clean.contexts.response.url).toBe('/catalog-api/contents/105');
    expect(clean.request.url).toBe(`http://localhost/?movie_id=105&authToken=${FILTERED}&x=1`);
    expect(clean.breadcrumbs[1]).toEqual(event.breadcrumbs[1]);
    expect(JSON.parse(clean.contexts.response.data)).toEqual({ accessToken: FILTERED, refreshToken: FILTERED, ok: 1 });
  });

  it('removes tokens it was not told about by their shape', () => {
    const unknownJwt = 'eyJ0eXAiOiJKV1QifQ.eyJleHAiOjE5MDAwMDAwMDB9.c2ln';
    const out = scrub({ a: `Authorization: Bearer opaque-token-123`, b: `got ${unknownJwt}`, c: 'refreshToken=zzz&x=1' });
    expect(out).toEqual({ a: `Authorization: Bearer ${FILTERED}`, b: `got ${FILTERED}`, c: `refreshToken=${FILTERED}&x=1` });
  });

  it('does not mutate its input and survives cycles', () => {
    expect(event.request.headers.Authorization).toBe(`Bearer ${JWT}`);
    const cyclic: Record<string, unknown> = { message: `x ${REFRESH}` };
    cyclic.self = cyclic;
    const out = scrub(cyclic, [REFRESH]);
    expect(out.message).toBe(`x ${FILTERED}`);
    expect(out.self).toBe(out);
  });
});
