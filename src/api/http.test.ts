import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryCookies } from '../platform/cookies';
import { fetchAdList } from './ad-list';
import { createCatalogApi } from './catalog';
import { isApiError } from './errors';
import { createApiClients, createHttpClient, requestPath } from './http';
import type { EarlyAnswers } from './early';
import { defaultAnswer, json, jwt, startRecordingServer, type RecordedRequest, type RecordingServer } from './testing/recording-server';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const nowS = NOW / 1000;
const expiredToken = jwt({ sub: 'u1', exp: nowS - 60 });
const validToken = jwt({ sub: 'u1', exp: nowS + 3600 });
const freshToken = jwt({ sub: 'u1', exp: nowS + 7200, fresh: true });
const REFRESH_PATH = '/authenticator/authentication/refresh';

let server: RecordingServer;

beforeEach(async () => {
  server = await startRecordingServer();
});
afterEach(async () => {
  await server.close();
});

const refreshes = () => server.requests.filter((r) => r.path === REFRESH_PATH);
const catalogueCalls = () => server.requests.filter((r) => r.path.startsWith('/catalog-api/'));

/** Refresh answers after a short delay (so parallel calls overlap it) with `answer`. */
function refreshAnswers(answer: (request: RecordedRequest, res: Parameters<typeof json>[0]) => void) {
  server.answer(async (request, res) => {
    if (request.path !== REFRESH_PATH) return defaultAnswer(request, res);
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer(request, res);
  });
}

function clients(cookies: Record<string, string>) {
  const jar = createMemoryCookies(cookies, () => NOW);
  return { jar, api: createApiClients({ baseUrl: server.baseUrl, cookies: jar, now: () => NOW }) };
}

const fiveCalls = (http: ReturnType<typeof clients>['api']['catalog']) =>
  Promise.all([1, 2, 3, 4, 5].map((n) => http.get(`/contents/${n}`)));

describe('secure catalogue calls', () => {
  it('send a valid token as Bearer without refreshing', async () => {
    const { api } = clients({ authToken: validToken, refreshToken: 'r-1' });
    await api.catalog.get('/contents/101');
    expect(refreshes()).toHaveLength(0);
    expect(catalogueCalls()[0]!.headers.authorization).toBe(`Bearer ${validToken}`);
  });

  it('an expired token: five parallel calls cause exactly one refresh, and all five carry the new token', async () => {
    refreshAnswers((_, res) => json(res, 200, {}, { Authorization: `Bearer ${freshToken}` }));
    const { api } = clients({ authToken: expiredToken, refreshToken: 'r-1' });
    await fiveCalls(api.catalog);

    expect(refreshes()).toHaveLength(1);
    expect(refreshes()[0]!.method).toBe('POST');
    expect(JSON.parse(refreshes()[0]!.body)).toEqual({ refreshToken: 'r-1', accessToken: expiredToken });
    expect(catalogueCalls()).toHaveLength(5);
    for (const call of catalogueCalls()) expect(call.headers.authorization).toBe(`Bearer ${freshToken}`);
    // The refresh went out before any of the calls it unblocked.
    expect(server.requests.findIndex((r) => r.path === REFRESH_PATH)).toBe(0);
  });

  it('stores the refreshed token in the authToken cookie until its expiry', async () => {
    refreshAnswers((_, res) => json(res, 200, {}, { Authorization: freshToken }));
    const { api, jar } = clients({ authToken: expiredToken, refreshToken: 'r-1' });
    await api.catalog.get('/contents/101');
    const stored = jar.entries().get('authToken');
    expect(stored?.value).toBe(freshToken);
    expect(stored?.expires?.getTime()).toBe((nowS + 7200) * 1000);
    // The next call uses the stored token and does not refresh again.
    await api.catalog.get('/contents/102');
    expect(refreshes()).toHaveLength(1);
    expect(catalogueCalls()[1]!.headers.authorization).toBe(`Bearer ${freshToken}`);
  });

  it('a failed refresh: every call is still sent, unchanged, with the old token', async () => {
    refreshAnswers((_, res) => json(res, 401, { message: 'refresh token revoked' }));
    const { api, jar } = clients({ authToken: expiredToken, refreshToken: 'r-dead' });
    const answers = await fiveCalls(api.catalog);

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(refreshes()).toHaveLength(1);
    expect(catalogueCalls()).toHaveLength(5);
    for (const call of catalogueCalls()) expect(call.headers.authorization).toBe(`Bearer ${expiredToken}`);
    expect(jar.get('authToken')).toBe(expiredToken);
    // The same dead pair is not retried on the next call.
    await api.catalog.get('/contents/6');
    expect(refreshes()).toHaveLength(1);
  });

  it('a refresh answer without a usable Authorization header counts as a failure', async () => {
    refreshAnswers((_, res) => json(res, 200, { token: freshToken }, { Authorization: 'Bearer not-a-jwt' }));
    const { api } = clients({ authToken: expiredToken, refreshToken: 'r-1' });
    await api.catalog.get('/contents/101');
    expect(catalogueCalls()[0]!.headers.authorization).toBe(`Bearer ${expiredToken}`);
  });

  it('a refresh that cannot connect still lets the call through', async () => {
    const { api } = clients({ authToken: expiredToken, refreshToken: 'r-1' });
    server.answer((request, res) => {
      if (request.path === REFRESH_PATH) res.socket?.destroy();
      else defaultAnswer(request, res);
    });
    const answer = await api.catalog.get('/contents/101');
    expect(answer.status).toBe(200);
    expect(catalogueCalls()[0]!.headers.authorization).toBe(`Bearer ${expiredToken}`);
  });

  it('without a refresh token an expired token is sent as it is', async () => {
    const { api } = clients({ authToken: expiredToken });
    await api.catalog.get('/contents/101');
    expect(refreshes()).toHaveLength(0);
    expect(catalogueCalls()[0]!.headers.authorization).toBe(`Bearer ${expiredToken}`);
  });

  const malformed: Array<[string, string]> = [
    ['not a JWT', 'opaque-session-token'],
    ['two parts', 'eyJhbGciOiJub25lIn0.eyJleHAiOjF9'],
    ['bad base64 in the payload', 'eyJhbGciOiJub25lIn0.%%%$$$.sig'],
    ['a payload that is not JSON', `eyJhbGciOiJub25lIn0.${Buffer.from('exp=1').toString('base64url')}.sig`],
    ['no exp', jwt({ sub: 'u1' })],
    ['exp as a string', jwt({ sub: 'u1', exp: String(nowS - 60) })],
  ];
  for (const [label, token] of malformed) {
    it(`a malformed token (${label}) is treated as absent: no Bearer, no refresh, no throw`, async () => {
      const { api } = clients({ authToken: token, refreshToken: 'r-1' });
      await expect(api.catalog.get('/contents/101')).resolves.toMatchObject({ status: 200 });
      expect(refreshes()).toHaveLength(0);
      expect(catalogueCalls()[0]!.headers.authorization).toBeUndefined();
    });
  }

  it('with no token at all the call goes out without Authorization', async () => {
    const { api } = clients({});
    await api.catalog.get('/contents/101');
    expect(catalogueCalls()[0]!.headers).not.toHaveProperty('authorization');
  });

  it('has no client time-out: no request, the refresh included, carries an abort signal', async () => {
    refreshAnswers((_, res) => json(res, 200, {}, { Authorization: `Bearer ${freshToken}` }));
    const sent = vi.spyOn(globalThis, 'fetch');
    try {
      const { api } = clients({ authToken: expiredToken, refreshToken: 'r-1' });
      await api.catalog.get('/contents/101');
      await api.authenticator.get('/user/details', { secure: true });
      await api.plain.get(`${server.baseUrl}/ads/list.json`);
      expect(sent.mock.calls.map(([url]) => new URL(String(url)).pathname)).toEqual([
        REFRESH_PATH,
        '/catalog-api/contents/101',
        '/authenticator/user/details',
        '/ads/list.json',
      ]);
      for (const [, init] of sent.mock.calls) expect(init?.signal).toBeUndefined();
    } finally {
      sent.mockRestore();
    }
  });

  it('a catalogue call that says secure: false goes without the token, with the session context', async () => {
    const { api } = clients({ authToken: validToken, device_fp: 'fp-1' });
    await api.catalog.get('/contents/101', { secure: false });
    expect(catalogueCalls()[0]!.headers).not.toHaveProperty('authorization');
    expect(catalogueCalls()[0]!.headers['x-session-context']).toBe('fp-1');
  });

  it('authenticator calls carry the token only when they say secure: true', async () => {
    const { api } = clients({ authToken: validToken });
    await api.authenticator.get('/user/details');
    await api.authenticator.get('/user/details', { secure: true });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, `Bearer ${validToken}`]);
  });

  it('the refresh call itself carries neither the session context nor a token', async () => {
    refreshAnswers((_, res) => json(res, 200, {}, { Authorization: `Bearer ${freshToken}` }));
    const { api } = clients({ authToken: expiredToken, refreshToken: 'r-1', device_fp: 'fp-1' });
    await api.catalog.get('/contents/101');
    expect(refreshes()[0]!.headers).not.toHaveProperty('x-session-context');
    expect(refreshes()[0]!.headers).not.toHaveProperty('authorization');
    expect(refreshes()[0]!.headers['content-type']).toBe('application/json');
  });
});

describe('X-Session-Context', () => {
  it('carries the device_fp cookie on every catalogue call', async () => {
    const { api } = clients({ device_fp: '0f1e2d3c4b5a69788796a5b4c3d2e1f0' });
    await fiveCalls(api.catalog);
    for (const call of catalogueCalls()) expect(call.headers['x-session-context']).toBe('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
  });

  it('is present and empty while the cookie is missing, then picks the cookie up', async () => {
    const { api, jar } = clients({});
    await api.catalog.get('/contents/101');
    expect(catalogueCalls()[0]!.headers).toHaveProperty('x-session-context', '');
    jar.set('device_fp', 'abc123def456', 365);
    await api.catalog.get('/contents/101');
    expect(catalogueCalls()[1]!.headers['x-session-context']).toBe('abc123def456');
  });

  it('goes with the ad list too, which never gets the token', async () => {
    const { api } = clients({ authToken: validToken, device_fp: 'fp-value-123' });
    server.answer((_, res) => json(res, 200, { prerollList: [{ vastUrl: '/vast/a.xml' }] }));
    const adList = await fetchAdList(api.plain, `${server.baseUrl}/ads/list.json`);
    expect(adList.prerollList).toEqual([{ vastUrl: '/vast/a.xml' }]);
    expect(server.requests[0]!.headers['x-session-context']).toBe('fp-value-123');
    expect(server.requests[0]!.headers).not.toHaveProperty('authorization');
  });
});

describe('start-up calls over HTTP', () => {
  it('a 404 becomes a typed HTTP error with the request path', async () => {
    server.answer((_, res) => json(res, 404, { message: 'Content not found' }));
    const { api } = clients({});
    const error = await createCatalogApi(api.catalog).getContent(104).catch((e: unknown) => e);
    expect(error).toMatchObject({ errorType: 'HTTP', status: 404, url: '/catalog-api/contents/104', method: 'GET' });
    expect(isApiError(error) && 'body' in error && error.body).toContain('Content not found');
  });

  it('a body that is not JSON becomes INVALID_BODY, not a crash', async () => {
    server.answer((_, res) => json(res, 200, '{"id":108,"title":"Мусор'));
    const { api } = clients({});
    const error = await createCatalogApi(api.catalog).getContent(108).catch((e: unknown) => e);
    expect(error).toMatchObject({ errorType: 'INVALID_BODY', url: '/catalog-api/contents/108' });
  });

  it('fields of the wrong type become INVALID_BODY naming the field', async () => {
    server.answer((_, res) => json(res, 200, [{ id: 'one', order: null }]));
    const { api } = clients({});
    const error = await createCatalogApi(api.catalog).getEpisodes(108).catch((e: unknown) => e);
    expect(error).toMatchObject({ errorType: 'INVALID_BODY', explanation: 'episodes[0].id: expected a number' });
  });

  it('the availability query carries the page address as domain, without it in the reported path', async () => {
    server.answer((_, res) => json(res, 500, { message: 'boom' }));
    const { api } = clients({});
    const error = await createCatalogApi(api.catalog).getAvailability(101, 'http://site.test/page?x=1').catch((e: unknown) => e);
    expect(server.requests[0]!.query).toEqual({ domain: 'http://site.test/page?x=1' });
    expect(error).toMatchObject({ errorType: 'HTTP', status: 500, url: '/catalog-api/contents/101/available' });
  });
});

describe('the client', () => {
  const base = () => createHttpClient(`${server.baseUrl}/catalog-api/`);

  it('joins the base URL and the path with one slash, and leaves an absolute URL alone', async () => {
    await base().get('/contents/1');
    await base().get('contents/2');
    await base().get(`${server.baseUrl}/ads/list.json`);
    expect(server.requests.map((r) => r.path)).toEqual(['/catalog-api/contents/1', '/catalog-api/contents/2', '/ads/list.json']);
  });

  it('writes the query as the early start does: after an existing query, without null or undefined values', async () => {
    const answer = await base().get('/episodes?a=1#top', { params: { 'content-id': 102, domain: 'http://site.test/p?x=1 y', on: true, none: null, unset: undefined } });
    expect(answer.request.url).toBe(`${server.baseUrl}/catalog-api/episodes?a=1&content-id=102&domain=http:%2F%2Fsite.test%2Fp%3Fx%3D1+y&on=true`);
    expect(server.requests[0]!.query).toEqual({ a: '1', 'content-id': '102', domain: 'http://site.test/p?x=1 y', on: 'true' });
  });

  it('sends a body as JSON, and a GET with no body and no Content-Type', async () => {
    await base().request({ method: 'PATCH', url: '/user', body: { name: 'Имя' } });
    await base().get('/user');
    expect(server.requests.map((r) => [r.method, r.headers['content-type'], r.body])).toEqual([
      ['PATCH', 'application/json', '{"name":"Имя"}'],
      ['GET', undefined, ''],
    ]);
    expect(server.requests[1]!.headers.accept).toBe('application/json, text/plain, */*');
  });

  it('a JSON call reads a body that is not JSON as text, and an empty body as ""', async () => {
    server.answer((request, res) => json(res, 200, request.path.endsWith('/empty') ? '' : '<html>maintenance</html>'));
    expect((await base().get('/page')).data).toBe('<html>maintenance</html>');
    expect((await base().get('/empty')).data).toBe('');
  });

  it('a text call never parses, and reads the charset the answer names', async () => {
    server.answer((request, res) => {
      if (request.path.endsWith('/cp1251')) {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=windows-1251' });
        res.end(Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]));
      } else json(res, 200, { ok: true });
    });
    expect((await base().get('/json', { responseType: 'text' })).data).toBe('{"ok":true}');
    expect((await base().get('/cp1251', { responseType: 'text' })).data).toBe('Привет');
  });

  it('an error status rejects with an HTTP error whose body is the excerpt of the parsed body, or of the text', async () => {
    server.answer((request, res) => (request.path.endsWith('/json') ? json(res, 404, { message: 'gone' }) : json(res, 502, '<html>Bad gateway</html>')));
    await expect(base().post('/json', { a: 1 })).rejects.toEqual({
      errorType: 'HTTP', status: 404, url: '/catalog-api/json', method: 'POST', explanation: 'HTTP 404 for POST /catalog-api/json', body: '{"message":"gone"}',
    });
    await expect(base().get('/html?secret=1')).rejects.toMatchObject({ status: 502, url: '/catalog-api/html', body: '<html>Bad gateway</html>' });
  });

  it('a call that cannot connect is a NETWORK error with the path and method', async () => {
    server.answer((_, res) => {
      res.socket?.destroy();
    });
    await expect(base().get('/contents/1?x=1')).rejects.toEqual({ errorType: 'NETWORK', url: '/catalog-api/contents/1', method: 'GET', explanation: 'Network Error' });
  });

  it('a body cut off mid-way is a NETWORK error too', async () => {
    server.answer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      res.write('{"id":1', () => res.socket?.destroy());
    });
    await expect(base().get('/contents/1')).rejects.toMatchObject({ errorType: 'NETWORK', url: '/catalog-api/contents/1' });
  });

  it('asks the early answers for GETs only, with the prepared headers', async () => {
    const asked: Array<[string, unknown]> = [];
    const answers: EarlyAnswers = { send: () => {}, peek: () => null, take: (url, headers) => (asked.push([url, headers]), null) };
    const http = createHttpClient(`${server.baseUrl}/catalog-api`, {
      answers,
      prepare: (outgoing) => outgoing.headers.set('X-Session-Context', 'fp-1'),
    });
    await http.post('/contents/1', { a: 1 });
    await http.get('/contents/1', { params: { b: 2 } });
    expect(asked).toEqual([[`${server.baseUrl}/catalog-api/contents/1?b=2`, { authorization: undefined, sessionContext: 'fp-1' }]]);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('requestPath drops the query', () => {
    expect(requestPath('http://h.test/catalog-api/contents/1/available?domain=http://x')).toBe('/catalog-api/contents/1/available');
    expect(requestPath('/ads/list.json?a=1')).toBe('/ads/list.json');
  });
});
