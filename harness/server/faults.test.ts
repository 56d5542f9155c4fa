import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server';
import type { RequestLogEntry } from '../common/types';
import { parseRules } from './faults';

let server: RunningServer;
const segment = '/media/hls/film/video/240p/seg-001.m4s';

beforeAll(async () => {
  server = await startServer({ playerPort: 0, harnessPort: 0, quiet: true });
});
afterAll(() => server.close());

const setFaults = (client: string, rules: unknown) =>
  fetch(`${server.harnessUrl}__harness/faults`, { method: 'POST', body: JSON.stringify({ client, rules }) });
const pageOf = (client: string) => `${server.playerUrl}?movie_id=101&harness-client=${client}`;
const get = (path: string, client: string | null) =>
  fetch(`${server.playerUrl}${path.slice(1)}`, { headers: client ? { Referer: pageOf(client) } : {} });

describe('fault injection', () => {
  it('fails the next N segment requests of one client only, then serves normally', async () => {
    expect((await setFaults('a', [{ target: 'segment', action: { type: 'status', status: 500 }, count: 2 }])).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(segment, 'a')).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect((await get(segment, 'b')).status).toBe(200);
    expect((await get(segment, null)).status).toBe(200);
  });

  it('matches by target: a segment rule leaves playlists alone', async () => {
    await setFaults('c', [{ target: 'segment', action: { type: 'status', status: 404 }, count: null }]);
    expect((await get('/media/hls/film/master.m3u8', 'c')).status).toBe(200);
    expect((await get(segment, 'c')).status).toBe(404);
    expect((await get(segment, 'c')).status).toBe(404);
  });

  it("the app target is the player's app code alone: the page's own chunks answer", async () => {
    await setFaults('app', [{ target: 'app', action: { type: 'status', status: 503 }, count: null }]);
    // Status before the file is looked up: a fault answers for a chunk the build names by its hash.
    expect((await get('/assets/chunks/create-player-ABC123.js', 'app')).status).toBe(503);
    expect((await get('/assets/chunks/hls-engine-ABC123.js', 'app')).headers.get('x-harness-fault')).toBeNull();
  });

  it('narrows a target to the paths containing a text: one rendition fails, the others answer', async () => {
    await setFaults('p', [{ target: 'playlist', action: { type: 'status', status: 404 }, count: null, forMs: null, path: '/subs/en/' }]);
    expect((await get('/media/hls/film/subs/en/index.m3u8', 'p')).status).toBe(404);
    expect((await get('/media/hls/film/subs/ru/index.m3u8', 'p')).status).toBe(200);
    expect((await get('/media/hls/film/master.m3u8', 'p')).status).toBe(200);
    const log = (await (await fetch(`${server.harnessUrl}__harness/requests`)).json()) as RequestLogEntry[];
    expect(log.find((entry) => entry.path === '/media/hls/film/subs/en/index.m3u8')).toMatchObject({ status: 404, fault: 'playlist /subs/en/: 404' });
  });

  it('rejects a path filter that is not a short text', () => {
    const rule = (path: unknown) => ({ rules: [{ target: 'playlist', action: { type: 'status', status: 404 }, path }] });
    expect(parseRules(rule('/audio/en/'))[0]).toMatchObject({ path: '/audio/en/' });
    expect(() => parseRules(rule(''))).toThrow(/path/);
    expect(() => parseRules(rule(42))).toThrow(/path/);
    expect(() => parseRules(rule('x'.repeat(201)))).toThrow(/path/);
    expect(parseRules({ rules: [{ target: 'playlist', action: { type: 'reset' } }] })[0]).not.toHaveProperty('path');
  });

  it('takes the client from the request query too, and records the fault in the request log', async () => {
    await setFaults('d', [{ target: 'catalog', action: { type: 'status', status: 503 }, count: 1 }]);
    expect((await fetch(`${server.playerUrl}catalog-api/contents/101?harness-client=d`)).status).toBe(503);
    const log = (await (await fetch(`${server.harnessUrl}__harness/requests`)).json()) as RequestLogEntry[];
    expect(log.find((entry) => entry.path === '/catalog-api/contents/101?harness-client=d')).toMatchObject({ status: 503, fault: 'catalog: 503' });
  });

  it('resets the connection, delays, and expires rules after forMs', async () => {
    await setFaults('e', [{ target: 'playlist', action: { type: 'reset' }, count: 1 }]);
    await expect(get('/media/hls/film/master.m3u8', 'e')).rejects.toThrow();
    await setFaults('f', [{ target: 'playlist', action: { type: 'delay', ms: 300 }, count: 1 }]);
    const started = performance.now();
    expect((await get('/media/hls/film/master.m3u8', 'f')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    // A second long: a loaded machine's request still comes within it.
    await setFaults('g', [{ target: 'media', action: { type: 'status', status: 500 }, count: null, forMs: 1000 }]);
    expect((await get(segment, 'g')).status).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get(segment, 'g')).status).toBe(200);
  });

  it("caps bandwidth: the body arrives intact, at the cap, shared by one client's concurrent responses", async () => {
    const plain = Buffer.from(await (await get(segment, null)).arrayBuffer());
    // A cap that lets one segment through in about 400 ms.
    const kbps = Math.ceil((plain.length * 8) / 1000 / 0.4);
    await setFaults('t', [{ target: 'segment', action: { type: 'throttle', kbps }, count: null }]);
    let started = performance.now();
    const capped = Buffer.from(await (await get(segment, 't')).arrayBuffer());
    const one = performance.now() - started;
    expect(capped.equals(plain)).toBe(true);
    expect(one).toBeGreaterThanOrEqual(300);
    started = performance.now();
    const both = await Promise.all([get(segment, 't'), get(segment, 't')].map(async (r) => Buffer.from(await (await r).arrayBuffer())));
    expect(both.every((body) => body.equals(plain))).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(700);
    expect((await get('/media/hls/film/master.m3u8', 't')).status).toBe(200);
    await fetch(`${server.harnessUrl}__harness/faults?client=t`, { method: 'DELETE' });
  });

  it('stalls a body after its first bytes of the file and holds the connection; a Range from further on gets nothing', async () => {
    const AD = '/media/ads/ad-5s.mp4';
    const whole = Buffer.from(await (await get(AD, null)).arrayBuffer());
    await setFaults('s', [{ target: 'media', path: '/ads/', action: { type: 'stall', afterBytes: 20_000 }, count: null }]);
    /**
     * The bytes that arrive within `ms` of the response's headers (the client then gives up), and
     * whether the body ended. The window opens at the headers: on a loaded machine they alone may
     * take longer than it.
     */
    const read = async (range: string | null, ms = 600) => {
      const controller = new AbortController();
      const res = await fetch(`${server.playerUrl}${AD.slice(1)}`, { headers: { Referer: pageOf('s'), ...(range ? { Range: range } : {}) }, signal: controller.signal });
      const timer = setTimeout(() => controller.abort(), ms);
      const reader = res.body!.getReader();
      const chunks: Uint8Array[] = [];
      try {
        for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
        return { status: res.status, body: Buffer.concat(chunks), ended: true };
      } catch {
        return { status: res.status, body: Buffer.concat(chunks), ended: false };
      } finally {
        clearTimeout(timer);
      }
    };
    const first = await read(null);
    expect(first).toMatchObject({ status: 200, ended: false });
    expect(first.body.equals(whole.subarray(0, 20_000))).toBe(true);
    const ranged = await read('bytes=15000-');
    expect(ranged).toMatchObject({ status: 206, ended: false });
    expect(ranged.body.equals(whole.subarray(15_000, 20_000))).toBe(true);
    expect(await read('bytes=30000-')).toMatchObject({ status: 206, body: Buffer.alloc(0), ended: false });
    // The film's media and another client's ad are untouched.
    expect((await get(segment, 's')).status).toBe(200);
    expect(Buffer.from(await (await get(AD, 'other')).arrayBuffer()).equals(whole)).toBe(true);
    expect(parseRules({ rules: [{ target: 'media', action: { type: 'stall', afterBytes: 0 } }] })[0]!.action).toEqual({ type: 'stall', afterBytes: 0 });
    expect(() => parseRules({ rules: [{ target: 'media', action: { type: 'stall', afterBytes: -1 } }] })).toThrow(/afterBytes/);
    await fetch(`${server.harnessUrl}__harness/faults?client=s`, { method: 'DELETE' });
  });

  it('rejects malformed rules with a clear message and clears a client', async () => {
    const bad = await setFaults('h', [{ target: 'everything', action: { type: 'status', status: 500 } }]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/target/);
    expect((await setFaults('h', [{ target: 'segment', action: { type: 'status', status: 200 } }])).status).toBe(400);
    await setFaults('h', [{ target: 'segment', action: { type: 'status', status: 500 }, count: null }]);
    await fetch(`${server.harnessUrl}__harness/faults?client=h`, { method: 'DELETE' });
    expect((await get(segment, 'h')).status).toBe(200);
  });
});

describe('key faults (target "key")', () => {
  const KEY = '/media/hls/film-aes/key.bin';
  const MASTER = '/media/hls/film-aes/master.m3u8';
  const fetchAs = (path: string, client?: string, init: RequestInit = {}) =>
    fetch(new URL(path, server.playerUrl), { ...init, headers: client ? { Referer: pageOf(client) } : {} });
  /** This client's entries in the request log, waited for until `done` holds (entries are recorded when a response ends). */
  async function loggedFor(client: string, done: (entries: RequestLogEntry[]) => boolean): Promise<RequestLogEntry[]> {
    let entries: RequestLogEntry[] = [];
    for (let i = 0; i < 100; i++) {
      entries = (await (await fetch(`${server.harnessUrl}__harness/requests?mark=${encodeURIComponent(`harness-client=${client}`)}`)).json()) as RequestLogEntry[];
      if (done(entries)) return entries;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`request log for ${client}: ${JSON.stringify(entries)}`);
  }

  it('a key 500 hits the key alone, for that client alone, and the log marks it', async () => {
    expect((await setFaults('aes-500', [{ target: 'key', action: { type: 'status', status: 500 }, count: null }])).status).toBe(200);
    expect((await fetchAs(KEY, 'aes-500')).status).toBe(500);
    expect((await fetchAs(KEY, 'aes-500')).status).toBe(500);
    expect((await fetchAs(MASTER, 'aes-500')).status).toBe(200);
    expect((await fetchAs('/media/hls/film-aes/video/240p/seg-000.ts', 'aes-500')).status).toBe(200);
    expect((await fetchAs(KEY, 'aes-other')).status).toBe(200);
    expect((await fetchAs(KEY)).status).toBe(200);
    const logged = await loggedFor('aes-500', (entries) => entries.filter((entry) => entry.path === KEY).length === 2);
    expect(logged.filter((entry) => entry.path === KEY).map((entry) => [entry.status, entry.fault])).toEqual([
      [500, 'key: 500'],
      [500, 'key: 500'],
    ]);
    await fetch(`${server.harnessUrl}__harness/faults?client=aes-500`, { method: 'DELETE' });
    expect((await fetchAs(KEY, 'aes-500')).status).toBe(200);
  });

  it('a key time-out holds the request until the client gives up; the log records it aborted', async () => {
    await setFaults('aes-hold', [{ target: 'key', action: { type: 'timeout' }, count: 1 }]);
    const started = performance.now();
    await expect(fetchAs(KEY, 'aes-hold', { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    const [held] = await loggedFor('aes-hold', (entries) => entries.some((entry) => entry.path === KEY));
    expect(held).toMatchObject({ path: KEY, status: 0, aborted: true, fault: 'key: timeout' });
    // count: 1 — the next key request is answered.
    expect((await fetchAs(KEY, 'aes-hold')).status).toBe(200);
  });

  it('the existing broken key (hls/broken/key-404, missing.key) is a "key" target too', async () => {
    await setFaults('aes-404', [{ target: 'key', action: { type: 'status', status: 503 }, count: 1 }]);
    expect((await fetchAs('/media/hls/broken/key-404/missing.key', 'aes-404')).status).toBe(503);
    expect((await fetchAs('/media/hls/broken/key-404/missing.key', 'aes-404')).status).toBe(404);
  });
});
