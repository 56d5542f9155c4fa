import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../server';
import { findRepoRoot } from '../paths';
import { QA_REFRESH_TOKEN, REVOKED_REFRESH_TOKEN } from './session';

const repo = findRepoRoot();
let tmp: string;
let server: RunningServer;
let player: string;
let harness: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'harness-session-'));
  await mkdir(path.join(tmp, 'fixtures'), { recursive: true });
  await mkdir(path.join(tmp, 'dist/player'), { recursive: true });
  await symlink(path.join(repo, 'fixtures/api'), path.join(tmp, 'fixtures/api'));
  await writeFile(
    path.join(tmp, 'dist/player/index.html'),
    '<head><title>Плеер</title></head><body><div id="root" data-base-url="" data-sentry-project="player"></div></body>',
  );
  server = await startServer({ playerPort: 0, harnessPort: 0, quiet: true, fixturesDir: path.join(tmp, 'fixtures'), distDir: path.join(tmp, 'dist') });
  player = server.playerUrl.replace(/\/$/, '');
  harness = server.harnessUrl.replace(/\/$/, '');
});

afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; sub: string };
const cookieValue = (setCookie: string) => decodeURIComponent(setCookie.split(';')[0]!.split('=').slice(1).join('='));

describe('harness-session on the player page', () => {
  it('expired: an authToken whose exp has passed, in a cookie that outlives it, and a refresh token', async () => {
    const res = await fetch(`${player}/?movie_id=101&harness-session=expired`);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    const [auth, refresh] = cookies as [string, string];
    expect(auth).toMatch(/^authToken=/);
    expect(claims(cookieValue(auth)).exp).toBeLessThan(Date.now() / 1000);
    expect(auth).toMatch(/Max-Age=\d{4,}/);
    expect(cookieValue(refresh)).toBe(QA_REFRESH_TOKEN);
    for (const cookie of cookies) expect(cookie).toContain('Path=/; Max-Age=');
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure; SameSite=None; Partitioned$/);
  });

  it('valid: an unexpired token; refresh-fails: the revoked refresh token; signed-out: both removed', async () => {
    const valid = (await fetch(`${player}/?harness-session=valid`)).headers.getSetCookie();
    expect(claims(cookieValue(valid[0]!)).exp).toBeGreaterThan(Date.now() / 1000);
    const failing = (await fetch(`${player}/?harness-session=refresh-fails`)).headers.getSetCookie();
    expect(cookieValue(failing[1]!)).toBe(REVOKED_REFRESH_TOKEN);
    const out = (await fetch(`${harness}/player/?harness-session=signed-out`)).headers.getSetCookie();
    expect(out).toEqual([expect.stringMatching(/^authToken=; Path=\/; Max-Age=0;/), expect.stringMatching(/^refreshToken=; Path=\/; Max-Age=0;/)]);
  });

  it('sets no cookie without the parameter or with an unknown value', async () => {
    expect((await fetch(`${player}/?movie_id=101`)).headers.getSetCookie()).toEqual([]);
    expect((await fetch(`${player}/?harness-session=admin`)).headers.getSetCookie()).toEqual([]);
  });
});

describe('harness-progress on the player page', () => {
  it("puts a returning viewer's saved positions into the player origin's storage, in the head, before the page's scripts, allowed by the page's policy", async () => {
    const res = await fetch(`${player}/?movie_id=102&harness-progress=10211:10,10212:8`);
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('localStorage.setItem("episodesTimeProgress"');
    expect(head).toContain('{"10211":10,"10212":8}');
    const [, source] = /<script>(try\{var s=[\s\S]*?)<\/script>/.exec(head)!;
    const hash = createHash('sha256').update(source!).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('adds nothing without the parameter or with a malformed one', async () => {
    for (const query of ['', '&harness-progress=', '&harness-progress=10211:x', '&harness-progress=10211:10,</script>', '&harness-progress=abc:1']) {
      expect(await (await fetch(`${player}/?movie_id=102${query}`)).text()).not.toContain('episodesTimeProgress');
    }
  });
});

describe('Sentry DSN of the player page', () => {
  it('defaults to this server ingest on the page origin', async () => {
    const port = new URL(player).port;
    expect(await (await fetch(`${player}/?movie_id=105`)).text()).toContain(`data-sentry-dsn="http://public@localhost:${port}/1"`);
    const harnessPort = new URL(harness).port;
    expect(await (await fetch(`${harness}/player/?movie_id=105`)).text()).toContain(`data-sentry-dsn="http://public@127.0.0.1:${harnessPort}/1"`);
  });

  it('an explicit data-sentry-dsn wins, and an empty one turns Sentry off', async () => {
    expect(await (await fetch(`${player}/?data-sentry-dsn=${encodeURIComponent('http://k@127.0.0.1:9/7')}`)).text()).toContain('data-sentry-dsn="http://k@127.0.0.1:9/7"');
    expect(await (await fetch(`${player}/?data-sentry-dsn=`)).text()).toContain('data-sentry-dsn=""');
  });
});

describe('refresh endpoint', () => {
  const refresh = (refreshToken: string) =>
    fetch(`${player}/authenticator/authentication/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken, accessToken: 'expired.jwt.here' }),
    });

  it('answers a fresh Bearer token for the QA refresh token', async () => {
    const res = await refresh(QA_REFRESH_TOKEN);
    expect(res.status).toBe(200);
    const token = (res.headers.get('authorization') ?? '').replace(/^Bearer /, '');
    expect(claims(token).exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('answers 401 without a token for the revoked refresh token', async () => {
    const res = await refresh(REVOKED_REFRESH_TOKEN);
    expect(res.status).toBe(401);
    expect(res.headers.get('authorization')).toBeNull();
  });
});
