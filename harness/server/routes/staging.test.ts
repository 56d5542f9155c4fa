/**
 * Issue 26 item 3 on the harness server: the staging proxy (`/__harness/staging/<token>/`) against
 * a second loopback server standing in for a staging catalogue. Nothing leaves loopback.
 */
import { describe, expect, it } from 'vitest';
import { requestLogged, usePartner, useTestServer } from '../test-server';
import { absolutePaths } from './staging';
import { encodeToken } from '../../common/custom-source';
import type { RequestLogEntry } from '../../common/types';

const origins = useTestServer();

/** Staging: a small catalogue and the token refresh. */
const partner = usePartner((url, req, res) => {
  if (url.pathname === '/catalog-api/contents/77') {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Set-Cookie', 'stagingSession=server-secret-1234; Path=/');
    return res.end(JSON.stringify({ id: 77, title: 'Staging', posterUrl: '/img/77.jpg', hasMultipleEpisodes: false }));
  }
  if (url.pathname === '/catalog-api/episodes') {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    return res.end(JSON.stringify([{ id: 7701, order: 1, m3u8MasterFilePath: '/media/77/master.m3u8', posterPath: 'https://cdn.example/p.jpg' }]));
  }
  if (url.pathname === '/authenticator/authentication/refresh' && req.method === 'POST') {
    res.setHeader('Authorization', 'Bearer fresh-token-abcd');
    res.setHeader('Content-Type', 'application/json');
    return res.end('{}');
  }
});
const logged = (match: (entry: RequestLogEntry) => boolean) => requestLogged(origins, match);

describe('staging proxy', () => {
  const proxy = () => `${origins.player}/__harness/staging/${encodeToken(partner.url)}`;

  it('forwards the calls with their headers, makes media paths absolute on staging, and logs them masked', async () => {
    const response = await fetch(`${proxy()}/catalog-api/contents/77`, {
      headers: { Authorization: 'Bearer secret-token-9f8e', 'X-Session-Context': 'ctx-value-5566', Cookie: 'authToken=cookie-secret-7788' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 77, title: 'Staging', posterUrl: `${partner.url}/img/77.jpg`, hasMultipleEpisodes: false });
    const saw = await partner.saw((seen) => seen.url === '/catalog-api/contents/77');
    expect(saw.headers.authorization).toBe('Bearer secret-token-9f8e');
    expect(saw.headers['x-session-context']).toBe('ctx-value-5566');
    const entry = await logged((e) => e.upstream === `${partner.url}/catalog-api/contents/77`);
    expect(entry.status).toBe(200);
    expect(entry.requestHeaders).toMatchObject({ authorization: '••••9f8e', 'x-session-context': '••••5566', cookie: '••••7788' });
    expect(JSON.stringify(entry)).not.toMatch(/secret-token|ctx-value|cookie-secret|server-secret/);
    expect(entry.responseHeaders).toMatchObject({ 'content-type': 'application/json', 'set-cookie': '••••th=/' });

    const episodes = (await (await fetch(`${proxy()}/catalog-api/episodes?content-id=77`)).json()) as Array<Record<string, string>>;
    expect(episodes[0]).toMatchObject({ m3u8MasterFilePath: `${partner.url}/media/77/master.m3u8`, posterPath: 'https://cdn.example/p.jpg' });
  });

  it('passes the refresh body and its answer token through; the log masks the token', async () => {
    const response = await fetch(`${proxy()}/authenticator/authentication/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: 'r', accessToken: 'a' }),
    });
    expect(response.headers.get('authorization')).toBe('Bearer fresh-token-abcd');
    const saw = await partner.saw((seen) => seen.url === '/authenticator/authentication/refresh');
    expect(JSON.parse(saw.body)).toEqual({ refreshToken: 'r', accessToken: 'a' });
    const entry = await logged((e) => e.upstream?.endsWith('/authenticator/authentication/refresh') === true);
    expect(entry.responseHeaders?.authorization).toBe('••••abcd');
  });

  it('answers 404s as staging does, 502 when staging is down, 400 for a bad token', async () => {
    expect((await fetch(`${proxy()}/catalog-api/contents/404404`)).status).toBe(404);
    const down = await fetch(`${origins.player}/__harness/staging/${encodeToken('http://127.0.0.1:9')}/catalog-api/contents/1`);
    expect(down.status).toBe(502);
    expect(((await down.json()) as { message: string }).message).toMatch(/^The staging service did not answer/);
    expect((await fetch(`${origins.player}/__harness/staging/${encodeToken('file:///etc')}/x`)).status).toBe(400);
  });

  it('makes only root-relative media and poster paths absolute', () => {
    expect(
      absolutePaths({ a: [{ posterUrl: '/p.jpg', m3u8MasterFilePath: '//cdn/x', other: '/keep' }], posterPath: 'rel.jpg' }, 'https://staging.example/api'),
    ).toEqual({ a: [{ posterUrl: 'https://staging.example/p.jpg', m3u8MasterFilePath: '//cdn/x', other: '/keep' }], posterPath: 'rel.jpg' });
  });
});
