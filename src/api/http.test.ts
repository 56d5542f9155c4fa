import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryCookies } from '../platform/cookies';
import { fetchAdList } from './ad-list';
import { createCatalogApi } from './catalog';
import { isApiError } from './errors';
import { createApiClients } from './http';
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

  it('has no client time-out by default', () => {
    const { api } = clients({});
    expect([api.catalog.defaults.timeout, api.authenticator.defaults.timeout, api.plain.defaults.timeout]).toEqual([0, 0, 0]);
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
