/**
 * The broken streams of the start watchdog (issue 22, API 141–144): each is in the catalogue, its
 * playlists are served, every piece it names is served (or, for 144, never answered), and each is
 * broken in exactly its intended way.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './test-server';

const origins = useTestServer();

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
