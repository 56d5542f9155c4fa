/**
 * Content 140, the AES-128 film (fixtures/hls/film-aes, made by fixtures/make-media.sh film-aes):
 * its catalogue answers, its encrypted playlists, the key route, and key faults per client.
 */
import { describe, expect, it } from 'vitest';
import { createDecipheriv } from 'node:crypto';
import { useTestServer } from './test-server';
import type { RequestLogEntry } from '../common/types';

const origins = useTestServer();

const MASTER = '/media/hls/film-aes/master.m3u8';
const KEY = '/media/hls/film-aes/key.bin';
const KEY_LINE = /^#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)",IV=0x([0-9a-f]{32})$/m;

/** The player page of a harness client: its media requests carry it as their Referer. */
const pageOf = (client: string) => `${origins.player}/?movie_id=140&harness-client=${client}`;
const get = (path: string, client?: string, init: RequestInit = {}) =>
  fetch(new URL(path, origins.player), { ...init, headers: client ? { Referer: pageOf(client) } : {} });
const setFaults = (client: string, rules: unknown) =>
  fetch(`${origins.harness}/__harness/faults`, { method: 'POST', body: JSON.stringify({ client, rules }) });

/** This client's entries in the request log, waited for until `done` holds (entries are recorded when a response ends). */
async function loggedFor(client: string, done: (entries: RequestLogEntry[]) => boolean): Promise<RequestLogEntry[]> {
  let entries: RequestLogEntry[] = [];
  for (let i = 0; i < 100; i++) {
    entries = (await (await fetch(`${origins.harness}/__harness/requests?mark=${encodeURIComponent(`harness-client=${client}`)}`)).json()) as RequestLogEntry[];
    if (done(entries)) return entries;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`request log for ${client}: ${JSON.stringify(entries)}`);
}

/** URIs of a playlist's non-tag lines, resolved against its URL, as paths. */
function uris(text: string, base: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((uri) => new URL(uri, base).pathname);
}

/** The master's video variants and audio renditions (the media playlists that must be encrypted). */
async function encryptedPlaylists(): Promise<string[]> {
  const masterUrl = new URL(MASTER, origins.player).href;
  const master = await (await get(MASTER)).text();
  const audio = [...master.matchAll(/^#EXT-X-MEDIA:TYPE=AUDIO,.*URI="([^"]+)"/gm)].map((m) => new URL(m[1]!, masterUrl).pathname);
  return [...uris(master, masterUrl), ...audio];
}

describe('content 140: the AES-128 film', () => {
  it('the catalogue answers 140 with its details, one season and the encrypted master', async () => {
    const details = await get('/catalog-api/contents/140');
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ id: 140, title: 'Испытательная таблица (AES-128)', hasMultipleEpisodes: false });
    expect(await (await get('/catalog-api/contents/140/seasons')).json()).toHaveLength(1);
    const episodes = (await (await get('/catalog-api/episodes?content-id=140')).json()) as Array<{ m3u8MasterFilePath: string; duration: number }>;
    expect(episodes).toHaveLength(1);
    expect(episodes[0]).toMatchObject({ m3u8MasterFilePath: MASTER, duration: 12 });
  });

  it('its 2 video and 3 audio playlists carry #EXT-X-KEY:METHOD=AES-128 naming the served key; the master keeps its subtitles', async () => {
    const master = await (await get(MASTER)).text();
    expect(master).toMatch(/^#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Русские"/m);
    expect(master).not.toMatch(/EXT-X-KEY/);
    const playlists = await encryptedPlaylists();
    expect(playlists).toHaveLength(5);
    for (const path of playlists) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      const key = KEY_LINE.exec(text);
      expect(key, `${path}: #EXT-X-KEY`).not.toBeNull();
      expect(new URL(key![1]!, new URL(path, origins.player)).pathname, `${path}: key URI`).toBe(KEY);
      expect(text.indexOf('#EXT-X-KEY'), `${path}: the key before the first segment`).toBeLessThan(text.indexOf('#EXTINF'));
    }
  });

  it('the key route answers 16 bytes of binary, application/octet-stream, never cached, and logs the request for its client', async () => {
    const res = await get(KEY, 'aes-key');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const key = Buffer.from(await res.arrayBuffer());
    expect(key.byteLength).toBe(16);
    const logged = await loggedFor('aes-key', (entries) => entries.some((entry) => entry.path === KEY));
    expect(logged.filter((entry) => entry.path === KEY)).toEqual([expect.objectContaining({ status: 200, bytes: 16, method: 'GET' })]);
  });

  it('the served key and the playlist IV decrypt the served segments to MPEG-TS', async () => {
    const key = Buffer.from(await (await get(KEY)).arrayBuffer());
    // video/240p and audio/ru
    const playlists = await encryptedPlaylists();
    for (const playlist of [playlists[0]!, playlists[2]!]) {
      const text = await (await get(playlist)).text();
      const iv = Buffer.from(KEY_LINE.exec(text)![2]!, 'hex');
      const first = uris(text, new URL(playlist, origins.player).href)[0]!;
      const encrypted = Buffer.from(await (await get(first)).arrayBuffer());
      expect(encrypted[0] === 0x47 && encrypted[188] === 0x47, `${first} is not clear`).toBe(false);
      const decipher = createDecipheriv('aes-128-cbc', key, iv);
      const clear = Buffer.concat([decipher.update(encrypted), decipher.final()]);
      expect([clear[0], clear[188], clear[376]], `${first} decrypted`).toEqual([0x47, 0x47, 0x47]);
    }
  });
});

describe('key faults (target "key")', () => {
  it('a key 500 hits the key alone, for that client alone, and the log marks it', async () => {
    expect((await setFaults('aes-500', [{ target: 'key', action: { type: 'status', status: 500 }, count: null }])).status).toBe(200);
    expect((await get(KEY, 'aes-500')).status).toBe(500);
    expect((await get(KEY, 'aes-500')).status).toBe(500);
    expect((await get(MASTER, 'aes-500')).status).toBe(200);
    expect((await get('/media/hls/film-aes/video/240p/seg-000.ts', 'aes-500')).status).toBe(200);
    expect((await get(KEY, 'aes-other')).status).toBe(200);
    expect((await get(KEY)).status).toBe(200);
    const logged = await loggedFor('aes-500', (entries) => entries.filter((entry) => entry.path === KEY).length === 2);
    expect(logged.filter((entry) => entry.path === KEY).map((entry) => [entry.status, entry.fault])).toEqual([
      [500, 'key: 500'],
      [500, 'key: 500'],
    ]);
    await fetch(`${origins.harness}/__harness/faults?client=aes-500`, { method: 'DELETE' });
    expect((await get(KEY, 'aes-500')).status).toBe(200);
  });

  it('a key time-out holds the request until the client gives up; the log records it aborted', async () => {
    await setFaults('aes-hold', [{ target: 'key', action: { type: 'timeout' }, count: 1 }]);
    const started = performance.now();
    await expect(get(KEY, 'aes-hold', { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    const [held] = await loggedFor('aes-hold', (entries) => entries.some((entry) => entry.path === KEY));
    expect(held).toMatchObject({ path: KEY, status: 0, aborted: true, fault: 'key: timeout' });
    // count: 1 — the next key request is answered.
    expect((await get(KEY, 'aes-hold')).status).toBe(200);
  });

  it('the existing broken key (hls/broken/key-404, missing.key) is a "key" target too', async () => {
    await setFaults('aes-404', [{ target: 'key', action: { type: 'status', status: 503 }, count: 1 }]);
    expect((await get('/media/hls/broken/key-404/missing.key', 'aes-404')).status).toBe(503);
    expect((await get('/media/hls/broken/key-404/missing.key', 'aes-404')).status).toBe(404);
  });
});
