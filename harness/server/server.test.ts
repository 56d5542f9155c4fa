import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from './server';
import { useTestServer } from './test-server';
import { findRepoRoot } from './paths';
import { parseEnvelope } from './routes/sentry';
import type { RequestLogEntry, StoredEnvelope } from '../common/types';

const repo = findRepoRoot();
const FILM_MASTER = path.join(repo, 'fixtures/hls/film/master.m3u8');
const hasFilm = existsSync(FILM_MASTER);

const origins = useTestServer();

/** Sends a raw HTTP/1.1 request (no client-side URL normalization) and returns the status code. */
function rawStatus(base: string, target: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

async function requests(): Promise<RequestLogEntry[]> {
  return (await fetch(`${origins.harness}/__harness/requests`)).json() as Promise<RequestLogEntry[]>;
}

/** Polls the request log until an entry matches (the entry is recorded when the response finishes). */
async function waitForEntry(match: (e: RequestLogEntry) => boolean): Promise<RequestLogEntry> {
  for (let i = 0; i < 50; i++) {
    const found = (await requests()).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('request log entry not found');
}

/** Finds a media segment of a master playlist (first variant, then its init segment or first segment). */
async function firstSegmentUrl(masterUrl: string): Promise<string> {
  const uris = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const master = await (await fetch(masterUrl)).text();
  const variant = uris(master)[0];
  if (!variant) throw new Error('master playlist has no variants');
  const variantUrl = new URL(variant, masterUrl).href;
  const media = await (await fetch(variantUrl)).text();
  const segment = uris(media)[0] ?? /#EXT-X-MAP:URI="([^"]+)"/.exec(media)?.[1];
  if (!segment) throw new Error('media playlist has no segments');
  return new URL(segment, variantUrl).href;
}

/** The four catalogue routes of content `id`. */
const catalogueRoutes = (id: number) => [
  `/catalog-api/contents/${id}`,
  `/catalog-api/contents/${id}/seasons`,
  `/catalog-api/episodes?content-id=${id}`,
  `/catalog-api/contents/${id}/available?domain=example.com`,
];

describe('origins', () => {
  it('addresses the player origin as localhost and the harness origin as 127.0.0.1', () => {
    expect(origins.server.playerUrl).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(origins.server.harnessUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(origins.server.playerUrl).not.toBe(origins.server.harnessUrl);
  });

  it('serves the API on both origins', async () => {
    expect((await fetch(`${origins.player}/catalog-api/contents/101`)).status).toBe(200);
    expect((await fetch(`${origins.harness}/catalog-api/contents/101`)).status).toBe(200);
  });
});

describe('catalogue', () => {
  it('returns the film JSON for 101', async () => {
    const res = await fetch(`${origins.player}/catalog-api/contents/101`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await res.json()) as { id: number; contentType: { slug: string } };
    expect(body.id).toBe(101);
    expect(body.contentType.slug).toBe('film');
  });

  it('answers 404 for unknown ids and for scenario 104 on every route', async () => {
    const unknown = await fetch(`${origins.player}/catalog-api/contents/999999`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Content not found' });
    for (const url of catalogueRoutes(104)) {
      const res = await fetch(origins.player + url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ message: 'Content not found' });
    }
  });

  it('answers 500 for scenario 105 on every route', async () => {
    for (const url of catalogueRoutes(105)) {
      const res = await fetch(origins.player + url);
      expect(res.status, url).toBe(500);
      expect(await res.json()).toEqual({ message: 'Internal Server Error' });
    }
  });

  it('lists 6 episodes for series 102 and its seasons', async () => {
    const episodes = (await (await fetch(`${origins.player}/catalog-api/episodes?content-id=102`)).json()) as unknown[];
    expect(episodes).toHaveLength(6);
    const seasons = await fetch(`${origins.player}/catalog-api/contents/102/seasons`);
    expect(seasons.status).toBe(200);
    expect(Array.isArray(await seasons.json())).toBe(true);
  });

  it('answers 400 when content-id is missing or invalid', async () => {
    expect((await fetch(`${origins.player}/catalog-api/episodes`)).status).toBe(400);
    expect((await fetch(`${origins.player}/catalog-api/episodes?content-id=abc`)).status).toBe(400);
  });

  it('reports availability: 103 blocked, 101 available', async () => {
    const blocked = await fetch(`${origins.player}/catalog-api/contents/103/available?domain=example.com`);
    expect(await blocked.json()).toEqual({ available: false });
    const open = await fetch(`${origins.player}/catalog-api/contents/101/available?domain=example.com`);
    expect(await open.json()).toEqual({ available: true });
  });

  it('reflects the Origin for CORS and answers preflights', async () => {
    const origin = origins.harness;
    const res = await fetch(`${origins.player}/catalog-api/contents/101`, { headers: { Origin: origin } });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toBe('Authorization');
    const preflight = await fetch(`${origins.player}/catalog-api/contents/101`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,x-session-context' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, X-Session-Context');
  });

  it('serves the ad list', async () => {
    const res = await fetch(`${origins.player}/ads/list.json`, { headers: { Origin: origins.harness } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origins.harness);
    expect(await res.json()).toHaveProperty('prerollList');
  });
});

describe('authenticator', () => {
  it('refresh returns a Bearer JWT whose exp is in the future', async () => {
    const res = await fetch(`${origins.player}/authenticator/authentication/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origins.harness },
      body: JSON.stringify({ refreshToken: 'r', accessToken: 'a' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(res.headers.get('access-control-expose-headers')).toBe('Authorization');
    const auth = res.headers.get('authorization') ?? '';
    expect(auth).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]*$/);
    const payload = JSON.parse(Buffer.from(auth.slice(7).split('.')[1]!, 'base64url').toString()) as { sub: string; exp: number };
    expect(payload.sub).toBe('qa-user');
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('refresh answers 400 without both tokens or without JSON', async () => {
    const url = `${origins.player}/authenticator/authentication/refresh`;
    expect((await fetch(url, { method: 'POST', body: JSON.stringify({ refreshToken: 'r' }) })).status).toBe(400);
    expect((await fetch(url, { method: 'POST', body: 'not json' })).status).toBe(400);
  });
});

describe('media (real fixtures)', () => {
  it.skipIf(!hasFilm)('serves the film master playlist as application/vnd.apple.mpegurl with CORS', async () => {
    const res = await fetch(`${origins.player}/media/hls/film/master.m3u8`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    // Never from a cache: every play reaches the request log and the faults.
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toMatch(/^#EXTM3U/);
  });

  it.skipIf(!hasFilm)('answers a Range request on a segment with 206 and exactly 100 bytes', async () => {
    const segment = await firstSegmentUrl(`${origins.player}/media/hls/film/master.m3u8`);
    const res = await fetch(segment, { headers: { Range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });
});

describe('media (temporary fixtures)', () => {
  let tmp: string;
  let local: RunningServer;
  let base: string;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'harness-test-'));
    await mkdir(path.join(tmp, 'fixtures/hls/film/v0'), { recursive: true });
    await mkdir(path.join(tmp, 'fixtures/vast'), { recursive: true });
    await mkdir(path.join(tmp, 'dist/harness'), { recursive: true });
    await symlink(path.join(repo, 'fixtures/api'), path.join(tmp, 'fixtures/api'));
    await writeFile(path.join(tmp, 'fixtures/hls/film/master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nv0/index.m3u8\n');
    await writeFile(path.join(tmp, 'fixtures/hls/film/v0/index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg0.ts\n#EXT-X-ENDLIST\n');
    await writeFile(path.join(tmp, 'fixtures/hls/film/v0/seg0.ts'), Buffer.alloc(1000, 0x47));
    await writeFile(path.join(tmp, 'fixtures/hls/film/v0/seg0.m4s'), Buffer.alloc(10));
    await writeFile(path.join(tmp, 'fixtures/vast/preroll.xml'), '<VAST version="3.0"/>');
    await writeFile(path.join(tmp, 'dist/harness/index.html'), '<body data-player-origin="" data-harness-origin=""><!-- assets --></body>');
    local = await startServer({ playerPort: 0, harnessPort: 0, quiet: true, fixturesDir: path.join(tmp, 'fixtures'), distDir: path.join(tmp, 'dist') });
    base = local.playerUrl.replace(/\/$/, '');
  });

  afterAll(async () => {
    await local?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('sets MIME types by extension', async () => {
    expect((await fetch(`${base}/media/hls/film/master.m3u8`)).headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect((await fetch(`${base}/media/hls/film/v0/seg0.ts`)).headers.get('content-type')).toBe('video/mp2t');
    expect((await fetch(`${base}/media/hls/film/v0/seg0.m4s`)).headers.get('content-type')).toBe('video/iso.segment');
    expect((await fetch(`${base}/vast/preroll.xml`)).headers.get('content-type')).toBe('application/xml');
  });

  it('answers Range requests with 206, Content-Range and exposed headers', async () => {
    const segment = await firstSegmentUrl(`${base}/media/hls/film/master.m3u8`);
    const res = await fetch(segment, { headers: { Range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 0-99/1000');
    expect(res.headers.get('access-control-expose-headers')).toBe('Content-Length, Content-Range, Accept-Ranges');
    expect((await res.arrayBuffer()).byteLength).toBe(100);
    const unsatisfiable = await fetch(segment, { headers: { Range: 'bytes=5000-6000' } });
    expect(unsatisfiable.status).toBe(416);
  });

  it('answers media preflights and 404 for missing files', async () => {
    const preflight = await fetch(`${base}/media/hls/film/master.m3u8`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.test', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'range' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${base}/media/hls/film/missing.ts`)).status).toBe(404);
    expect((await fetch(`${base}/media/posters/none.jpg`)).status).toBe(404);
    expect((await fetch(`${base}/media/hls/film/`)).status).toBe(404);
  });

  it('returns 503 for the player page when dist/player is missing, and fills origins in the harness page', async () => {
    const res = await fetch(local.playerUrl);
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('player not built; run npm run build');
    const page = await (await fetch(local.harnessUrl)).text();
    const harnessOrigin = local.harnessUrl.replace(/\/$/, '');
    expect(page).toContain(`data-player-origin="${base}"`);
    expect(page).toContain(`data-harness-origin="${harnessOrigin}"`);
    expect((await fetch(`${harnessOrigin}/player/?movie_id=101`)).status).toBe(503);
  });
});

describe('robustness', () => {
  it('blocks path traversal', async () => {
    for (const target of ['/media/hls/../../package.json', '/media/hls/..%2f..%2fpackage.json', '/media/hls/%2e%2e/%2e%2e/package.json', '/assets/../../package.json']) {
      expect([403, 404], target).toContain(await rawStatus(origins.player, target));
    }
    // fetch normalizes the URL client-side; still must not reach package.json.
    expect([403, 404]).toContain((await fetch(`${origins.player}/media/hls/../../package.json`)).status);
  });

  it('answers malformed URLs and unknown routes without crashing', async () => {
    expect(await rawStatus(origins.player, '/media/hls/%E0%A4%A')).toBe(400);
    expect(await rawStatus(origins.harness, '/catalog-api/contents/%')).toBe(400);
    const unknown = await fetch(`${origins.player}/no/such/route`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not found' });
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(new URL(origins.harness).port), '127.0.0.1', () => socket.end('GARBAGE\r\n\r\n'));
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
      socket.resume();
    });
    expect((await fetch(`${origins.player}/catalog-api/contents/101`)).status).toBe(200);
  });
});

describe('sentry ingest', () => {
  it('stores a posted envelope and lists it with its raw body', async () => {
    const eventId = 'a'.repeat(32);
    const envelope = [
      JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn: 'http://public@localhost/1' }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify({ event_id: eventId, message: 'hello from test', tags: { scenario: 'film' }, extra: { token: 'SECRET-TOKEN-123' } }),
      JSON.stringify({ type: 'attachment', length: 5 }),
      'ab\ncd',
      '',
    ].join('\n');
    const res = await fetch(`${origins.player}/api/player/envelope/?sentry_key=public&sentry_version=7`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: origins.player },
      body: envelope,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(res.headers.get('access-control-allow-origin')).toBe(origins.player);

    const list = (await (await fetch(`${origins.harness}/__harness/sentry`)).json()) as StoredEnvelope[];
    const stored = list.find((e) => e.header.event_id === eventId);
    expect(stored).toBeDefined();
    expect(stored!.project).toBe('player');
    expect(stored!.items.map((i) => i.type)).toEqual(['event', 'attachment']);
    expect(stored!.items[0]!.payload).toMatchObject({ message: 'hello from test' });
    expect(stored!.items[1]!.payload).toBe('ab\ncd');
    expect(stored!.raw).toContain('SECRET-TOKEN-123');

    // One event by its id, in full or as a summary.
    const one = (await (await fetch(`${origins.harness}/__harness/sentry?event_id=${eventId}`)).json()) as StoredEnvelope[];
    expect(one.map((e) => e.header.event_id)).toEqual([eventId]);
    // An id no test here posts ('b'.repeat(32) is the server-sent events test's, which may run first).
    expect(await (await fetch(`${origins.harness}/__harness/sentry?event_id=${'c'.repeat(32)}&summary`)).json()).toEqual([]);
    // Or those whose text holds a marker.
    const marked = (await (await fetch(`${origins.harness}/__harness/sentry?mark=hello%20from%20test&summary`)).json()) as Array<{ eventId: string }>;
    expect(marked.map((e) => e.eventId)).toEqual([eventId]);
  });

  it('rejects a body that is not an envelope', async () => {
    expect((await fetch(`${origins.player}/api/player/envelope/`, { method: 'POST', body: 'nope' })).status).toBe(400);
  });

  it('parses items without length up to the newline', () => {
    const parsed = parseEnvelope(Buffer.from('{}\n{"type":"session"}\n{"sid":"x"}\n{"type":"client_report"}\n{"a":1}'));
    expect(parsed.items.map((i) => i.payload)).toEqual([{ sid: 'x' }, { a: 1 }]);
  });
});

describe('request log', () => {
  it('records a catalogue request with status, size, timing and selected headers', async () => {
    const res = await fetch(`${origins.player}/catalog-api/contents/102?probe=log`, {
      headers: { Authorization: 'Bearer test-token', 'X-Session-Context': 'ctx-1', Origin: origins.harness, Referer: `${origins.harness}/` },
    });
    const text = await res.text();
    const entry = await waitForEntry((e) => e.path === '/catalog-api/contents/102?probe=log');
    expect(entry).toMatchObject({
      origin: 'player',
      method: 'GET',
      status: 200,
      bytes: Buffer.byteLength(text),
      requestHeaders: { authorization: 'Bearer test-token', 'x-session-context': 'ctx-1', origin: origins.harness, referer: `${origins.harness}/` },
    });
    expect(entry.t).toBeGreaterThanOrEqual(0);
    expect(entry.ms).toBeGreaterThanOrEqual(0);
    expect((await requests()).some((e) => e.path.startsWith('/__harness/'))).toBe(false);
  });

  it('narrows to one player page with mark=, and to the newest entries with last=', async () => {
    const page = (client: string) => ({ headers: { Referer: `${origins.player}/?movie_id=101&harness-client=${client}` } });
    await fetch(`${origins.player}/catalog-api/contents/101?probe=mark-1`, page('mark-a'));
    await fetch(`${origins.player}/catalog-api/contents/102?probe=mark-2`, page('mark-b'));
    await fetch(`${origins.player}/catalog-api/contents/101?probe=mark-3&harness-client=mark-a`);
    await waitForEntry((e) => e.path.endsWith('probe=mark-3&harness-client=mark-a'));
    const marked = async (query: string) =>
      ((await (await fetch(`${origins.harness}/__harness/requests?${query}`)).json()) as RequestLogEntry[]).map((e) => e.path);
    expect(await marked('mark=harness-client%3Dmark-a')).toEqual([
      '/catalog-api/contents/101?probe=mark-1',
      '/catalog-api/contents/101?probe=mark-3&harness-client=mark-a',
    ]);
    expect(await marked('mark=harness-client%3Dmark-a&last=1')).toEqual(['/catalog-api/contents/101?probe=mark-3&harness-client=mark-a']);
    expect((await marked('last=2')).length).toBe(2);
    expect((await marked('last=nope')).length).toBe((await requests()).length);
  });

  it('is cleared by DELETE /__harness/log', async () => {
    await fetch(`${origins.harness}/catalog-api/contents/101?probe=clear`);
    await waitForEntry((e) => e.path.endsWith('probe=clear'));
    expect((await fetch(`${origins.harness}/__harness/log`, { method: 'DELETE' })).status).toBe(200);
    expect(await requests()).toEqual([]);
    expect(await (await fetch(`${origins.harness}/__harness/sentry`)).json()).toEqual([]);
  });
});

describe('server-sent events', () => {
  it('streams request and sentry events', async () => {
    const controller = new AbortController();
    const res = await fetch(`${origins.harness}/__harness/events`, { signal: controller.signal, headers: { Origin: origins.harness } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const events: Array<{ event: string; data: unknown }> = [];
    const waitFor = async (match: (e: { event: string; data: any }) => boolean) => {
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    };
    try {
      await waitFor((e) => e.event === 'hello');
      await fetch(`${origins.player}/catalog-api/contents/101?probe=sse`);
      const request = await waitFor((e) => e.event === 'request' && e.data.path === '/catalog-api/contents/101?probe=sse');
      expect(request.data).toMatchObject({ origin: 'player', method: 'GET', status: 200 });

      const body = `{"event_id":"${'b'.repeat(32)}"}\n{"type":"event"}\n${JSON.stringify({ exception: { values: [{ type: 'Error', value: 'boom' }] }, tags: { a: 'b' } })}\n`;
      await fetch(`${origins.player}/api/player/envelope/`, { method: 'POST', body });
      const sentry = await waitFor((e) => e.event === 'sentry');
      expect(sentry.data).toMatchObject({ project: 'player', eventId: 'b'.repeat(32), type: 'event', message: 'boom', tags: { a: 'b' } });
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
  });
});

describe('player page data attributes', () => {
  const template = '<body><div id="root" data-base-url="" data-fullscreen=""></div></body>';

  it('sets attributes from data-* query parameters, replacing or adding them', async () => {
    const { fillPlayerData } = await import('./routes/pages');
    const html = fillPlayerData(template, new URLSearchParams('movie_id=1&data-fullscreen=parent&data-ad-list-url=/ads/list.json?set=a%26b'));
    expect(html).toContain('data-fullscreen="parent"');
    expect(html).toContain('data-ad-list-url="/ads/list.json?set=a&amp;b"');
    expect(html).toContain('data-base-url=""');
  });

  it('escapes values and ignores attributes it does not know', async () => {
    const { fillPlayerData } = await import('./routes/pages');
    const html = fillPlayerData(template, new URLSearchParams({ 'data-languages': '"><script>x</script>', 'data-onload': 'x' }));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('data-onload');
  });
});

describe('site pages (/films/<slug>)', () => {
  it('embed the player with the documented code: the referrer policy, the player query, the site query left out', async () => {
    const { sitePage } = await import('./routes/pages');
    const html = sitePage(new URL('http://127.0.0.1:4201/films/kino-123?from=list&movie_id=102&t=5'), 'http://localhost:4200');
    expect(html).toContain('src="http://localhost:4200/?movie_id=102&amp;auto_play=1&amp;t=5"');
    expect(html).toContain('referrerpolicy="no-referrer-when-downgrade"');
    expect(html).toContain('allowfullscreen');
    expect(html).not.toContain('from=list');
  });

  it('escape what the address brings', async () => {
    const { sitePage } = await import('./routes/pages');
    const html = sitePage(new URL('http://127.0.0.1:4201/films/%3Cscript%3E?t=%22%3E%3Cscript%3E'), 'http://localhost:4200');
    expect(html).not.toContain('<script>');
  });
});

describe('player page Content-Security-Policy', () => {
  it('forbids inline scripts and eval, allowing only an injected script by its hash', async () => {
    const { playerCsp } = await import('./routes/pages');
    const plain = playerCsp('<html><script src="./a.js"></script></html>', ['http://localhost:1']);
    expect(plain).toContain("script-src 'self'");
    expect(plain).not.toMatch(/unsafe-eval|'unsafe-inline'[^;]*script|sha256/);
    expect(plain).toContain("object-src 'none'");
    const relayed = playerCsp('<head><script>window.x=1</script></head>', ['http://localhost:1']);
    expect(relayed).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  });
});
