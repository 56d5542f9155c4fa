/**
 * The media route (fixtures under /media/ and /vast/, never cached, and the never-answered
 * prefix), through the streams that need more than a file: the AES-128 film (content 140, made by
 * fixtures/make-media.sh film-aes) with its key, and the broken streams of the start watchdog
 * (issue 22, API 141–144), each reached as the player reaches it, broken in exactly its intended
 * way, every piece it names served (or, for 144, never answered).
 */
import { describe, expect, it } from 'vitest';
import { createDecipheriv } from 'node:crypto';
import { useTestServer } from '../test-server';
import type { RequestLogEntry } from '../../common/types';

const origins = useTestServer();

const MASTER = '/media/hls/film-aes/master.m3u8';
const KEY = '/media/hls/film-aes/key.bin';
const KEY_LINE = /^#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)",IV=0x([0-9a-f]{32})$/m;

/** The player page of a harness client: its media requests carry it as their Referer. */
const pageOf = (client: string) => `${origins.player}/?movie_id=140&harness-client=${client}`;
const get = (path: string, client?: string, init: RequestInit = {}) =>
  fetch(new URL(path, origins.player), { ...init, headers: client ? { Referer: pageOf(client) } : {} });
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
function playlistPaths(text: string, base: string): string[] {
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
  return [...playlistPaths(master, masterUrl), ...audio];
}

describe('content 140: the AES-128 film', () => {
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
      const first = playlistPaths(text, new URL(playlist, origins.player).href)[0]!;
      const encrypted = Buffer.from(await (await get(first)).arrayBuffer());
      expect(encrypted[0] === 0x47 && encrypted[188] === 0x47, `${first} is not clear`).toBe(false);
      const decipher = createDecipheriv('aes-128-cbc', key, iv);
      const clear = Buffer.concat([decipher.update(encrypted), decipher.final()]);
      expect([clear[0], clear[188], clear[376]], `${first} decrypted`).toEqual([0x47, 0x47, 0x47]);
    }
  });
});


interface Stream {
  id: number;
  folder: string;
}

const STREAMS: Record<'noProfile' | 'partsOnly' | 'tiny' | 'never', Stream> = {
  noProfile: { id: 141, folder: 'codecs-no-profile' },
  partsOnly: { id: 142, folder: 'll-parts-only' },
  tiny: { id: 143, folder: 'tiny-segments' },
  never: { id: 144, folder: 'segments-never-arrive' },
};

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);
const uris = (text: string) => lines(text).filter((line) => !line.startsWith('#'));
const attr = (line: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(line)?.[1];

/** The stream as the player reaches it: catalogue → episode → master → media playlist. */
async function open(stream: Stream) {
  const details = await fetch(`${origins.player}/catalog-api/contents/${stream.id}`);
  expect(details.status).toBe(200);
  const content = (await details.json()) as { id: number; title: string };
  const episodes = (await (await fetch(`${origins.player}/catalog-api/episodes?content-id=${stream.id}`)).json()) as Array<{ m3u8MasterFilePath: string }>;
  const masterPath = episodes[0]!.m3u8MasterFilePath;
  expect(masterPath).toBe(`/media/hls/broken/${stream.folder}/master.m3u8`);
  const masterUrl = `${origins.player}${masterPath}`;
  const masterResponse = await fetch(masterUrl);
  expect(masterResponse.status).toBe(200);
  expect(masterResponse.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
  const master = await masterResponse.text();
  const variants = uris(master);
  expect(variants).toEqual(['index.m3u8']);
  const playlistUrl = new URL(variants[0]!, masterUrl).href;
  const playlistResponse = await fetch(playlistUrl);
  expect(playlistResponse.status).toBe(200);
  const playlist = await playlistResponse.text();
  const map = lines(playlist).find((line) => line.startsWith('#EXT-X-MAP:'));
  const init = new URL(attr(map ?? '', 'URI') ?? '', playlistUrl).href;
  const parts = lines(playlist)
    .filter((line) => line.startsWith('#EXT-X-PART:'))
    .map((line) => new URL(attr(line, 'URI') ?? '', playlistUrl).href);
  const segments = uris(playlist).map((uri) => new URL(uri, playlistUrl).href);
  return { content, master, playlist, init, parts, segments };
}

async function status(url: string): Promise<number> {
  const res = await fetch(url, { method: 'HEAD' });
  return res.status;
}

describe('start-stall broken streams (API 141–144)', () => {
  it('141: the master names CODECS="avc1" (no profile) over the film\'s playable 360p segments', async () => {
    const stream = await open(STREAMS.noProfile);
    expect(stream.content.title).toBe('Сломанный поток: CODECS без профиля (avc1)');
    const inf = lines(stream.master).find((line) => line.startsWith('#EXT-X-STREAM-INF:'))!;
    expect(attr(inf, 'CODECS')).toBe('avc1');
    expect(stream.segments).toHaveLength(15);
    for (const url of [stream.init, ...stream.segments]) expect(await status(url), url).toBe(200);
  });

  it('142: a live LL-HLS playlist of parts only: #EXT-X-PART lines, no #EXTINF segment, no #EXT-X-ENDLIST', async () => {
    const stream = await open(STREAMS.partsOnly);
    expect(stream.content.title).toBe('Сломанный поток: только LL-HLS части');
    const playlist = lines(stream.playlist);
    expect(playlist.some((line) => line.startsWith('#EXT-X-PART-INF:PART-TARGET='))).toBe(true);
    expect(playlist.filter((line) => line.startsWith('#EXTINF'))).toEqual([]);
    expect(stream.segments).toEqual([]);
    expect(playlist).not.toContain('#EXT-X-ENDLIST');
    expect(stream.parts.length).toBeGreaterThan(0);
    for (const url of [stream.init, ...stream.parts]) expect(await status(url), url).toBe(200);
  });

  it('143: every segment is announced as a microsecond long (#EXTINF:0.000001); the media are the film\'s 2 s segments', async () => {
    const stream = await open(STREAMS.tiny);
    expect(stream.content.title).toBe('Сломанный поток: сегменты по микросекунде');
    const extinf = lines(stream.playlist).filter((line) => line.startsWith('#EXTINF:'));
    expect(extinf).toHaveLength(15);
    expect(new Set(extinf)).toEqual(new Set(['#EXTINF:0.000001,']));
    expect(lines(stream.playlist)).toContain('#EXT-X-ENDLIST');
    for (const url of [stream.init, ...stream.segments]) expect(await status(url), url).toBe(200);
  });

  it('144: the init segment is served; every media segment is held open and never answered', async () => {
    const stream = await open(STREAMS.never);
    expect(stream.content.title).toBe('Сломанный поток: сегменты не приходят');
    expect(await status(stream.init)).toBe(200);
    expect(stream.segments).toHaveLength(15);
    for (const url of stream.segments) expect(new URL(url).pathname).toMatch(/^\/media\/never\/film-360p\/seg-\d{3}\.m4s$/);
    const answer = fetch(stream.segments[0]!, { signal: AbortSignal.timeout(300) });
    await expect(answer).rejects.toThrow(/abort|timeout/i);
  });
});
