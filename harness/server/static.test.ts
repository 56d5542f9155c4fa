/**
 * Compression as a CDN does it: the build's `.br`/`.gz` siblings by Accept-Encoding, other text
 * gzipped on the fly, media never. A tiny dist whose siblings the build's own precompress() writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../scripts/build-options.mjs';
import { startServer, type RunningServer } from './server';
import { acceptedCodings } from './static';
import type { RequestLogEntry } from '../common/types';

const HASHED = '/assets/main-TESTHASH.js';
const PLAYLIST = '/media/hls/film/master.m3u8';
const SEGMENT = '/media/hls/film/v0/seg0.ts';

let tmp: string;
let server: RunningServer;
let player: string;
let harness: string;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded({ headers, body }: Raw): Buffer {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(body);
  if (headers['content-encoding'] === 'gzip') return gunzipSync(body);
  return body;
}

const built = (file: string) => readFile(path.join(tmp, 'dist/player', file));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'harness-compression-'));
  const dist = path.join(tmp, 'dist');
  await mkdir(path.join(dist, 'player/assets'), { recursive: true });
  await mkdir(path.join(dist, 'embed'), { recursive: true });
  await mkdir(path.join(tmp, 'fixtures/hls/film/v0'), { recursive: true });
  const js = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${JSON.stringify(`chunk text ${i}`)};`).join('\n');
  await writeFile(path.join(dist, 'player', HASHED), js);
  await writeFile(path.join(dist, 'player/index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./assets/main-TESTHASH.js"></script></body></html>');
  await writeFile(path.join(dist, 'embed/film-player.js'), `export const FilmPlayer = {};\n${js}`);
  await Promise.all([precompress(path.join(dist, 'player')), precompress(path.join(dist, 'embed'))]);
  await writeFile(path.join(tmp, 'fixtures', PLAYLIST.slice('/media/'.length)), `#EXTM3U\n${'#EXT-X-STREAM-INF:BANDWIDTH=1000\nv0/index.m3u8\n'.repeat(20)}`);
  // Compressible bytes: only its type keeps it from being encoded.
  await writeFile(path.join(tmp, 'fixtures', SEGMENT.slice('/media/'.length)), Buffer.alloc(4000, 0x47));
  server = await startServer({ playerPort: 0, harnessPort: 0, quiet: true, fixturesDir: path.join(tmp, 'fixtures'), distDir: dist });
  player = server.playerUrl.replace(/\/$/, '');
  harness = server.harnessUrl.replace(/\/$/, '');
});

afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('precompressed siblings', () => {
  it('sends a hashed file br, gzip or as is by Accept-Encoding, each with its own ETag, immutable', async () => {
    const file = await built(HASHED);
    const etags = new Set<string>();
    for (const [accept, coding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], [null, undefined]] as const) {
      const res = await raw(`${player}${HASHED}`, accept ? { 'Accept-Encoding': accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(coding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      if (coding) expect(res.body.length).toBeLessThan(file.length / 2);
      expect(decoded(res).equals(file)).toBe(true);
      etags.add(String(res.headers.etag));
    }
    expect(etags.size).toBe(3);
  });

  it('answers HEAD, a revalidation and a Range request', async () => {
    const head = await raw(`${player}${HASHED}`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe((await built(`${HASHED}.br`)).length);
    expect(head.body.length).toBe(0);

    const again = await raw(`${player}${HASHED}`, { 'Accept-Encoding': 'br', 'If-None-Match': String(head.headers.etag) });
    expect(again.status).toBe(304);
    // The br ETag does not revalidate a gzip copy.
    expect((await raw(`${player}${HASHED}`, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(head.headers.etag) })).status).toBe(200);

    // Range offsets count the file's own bytes: answered from the identity file.
    const range = await raw(`${player}${HASHED}`, { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.equals((await built(HASHED)).subarray(0, 10))).toBe(true);
  });

  it('sends the fixed-name SDK and the player page revalidated', async () => {
    const sdk = await raw(`${harness}/embed/film-player.js`, { 'Accept-Encoding': 'br, gzip' });
    expect(sdk.headers['content-encoding']).toBe('br');
    expect(sdk.headers['cache-control']).toBe('no-cache');
    expect(decoded(sdk).equals(await readFile(path.join(tmp, 'dist/embed/film-player.js')))).toBe(true);
    // Sites import it from their own pages: a module script across origins needs CORS.
    for (const url of [`${player}/embed/film-player.js`, `${harness}/embed/film-player.js.map`, `${player}/embed/missing.js`]) {
      const res = await raw(url, { Origin: 'https://site.example' });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    expect((await raw(`${player}/embed/film-player.js`)).status).toBe(200);

    // The page is filled per request: gzipped then, as a CDN compresses what it does not cache.
    const page = await raw(`${player}/?movie_id=101`, { 'Accept-Encoding': 'gzip, br' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('Accept-Encoding');
    expect(decoded(page).toString()).toContain('main-TESTHASH.js');
  });
});

describe('on the fly', () => {
  it('compresses a playlist (brotli first, as for the build\'s files), again after it changes, and keeps its no-store', async () => {
    const file = path.join(tmp, 'fixtures', PLAYLIST.slice('/media/'.length));
    const res = await raw(`${player}${PLAYLIST}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(decoded(res).equals(await readFile(file))).toBe(true);

    await writeFile(file, '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2000\nv0/index.m3u8\n');
    expect(decoded(await raw(`${player}${PLAYLIST}`, { 'Accept-Encoding': 'gzip' })).toString()).toContain('BANDWIDTH=2000');
    const gzipped = await raw(`${player}${PLAYLIST}`, { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).not.toBe(res.headers.etag);
  });

  it('counts and throttles the encoded bytes: the request log and faults see what goes on the wire', async () => {
    await fetch(`${harness}/__harness/faults`, {
      method: 'POST',
      body: JSON.stringify({ client: 'gz', rules: [{ target: 'playlist', action: { type: 'throttle', kbps: 64 } }] }),
    });
    const res = await raw(`${player}${PLAYLIST}?harness-client=gz`, { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decoded(res).toString()).toMatch(/^#EXTM3U/);
    const log = (await (await fetch(`${harness}/__harness/requests`)).json()) as RequestLogEntry[];
    expect(log.find((entry) => entry.path === `${PLAYLIST}?harness-client=gz`)).toMatchObject({ status: 200, bytes: res.body.length, fault: 'playlist: throttle 64kbps' });
  });

  it('never encodes a media segment', async () => {
    const res = await raw(`${player}${SEGMENT}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body.length).toBe(4000);
  });
});

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip;q=0, br', ['br']],
    ['br;q=0, *', ['gzip']],
    ['x-gzip', ['gzip']],
    ['identity', []],
    ['', []],
  ])('%j takes %j', (header, codings) => {
    expect(acceptedCodings({ 'accept-encoding': header })).toEqual(codings);
  });
});
