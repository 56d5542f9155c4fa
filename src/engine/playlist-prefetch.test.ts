import { afterEach, describe, expect, it } from 'vitest';
import { createPlaylistCache } from './playlist-cache';
import { json, startRecordingServer, type RecordingServer } from '../api/testing/recording-server';
import { audioRenditions, createPlaylistPrefetch, initSegmentUri, mediaPlaylistUris, variantPlaylistUris } from './playlist-prefetch';

const MASTER = `#EXTM3U
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Русский",LANGUAGE="ru",DEFAULT=YES,URI="audio/ru/index.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",URI="audio/en/index.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="aud"
360p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720,AUDIO="aud"
720p/index.m3u8?v=2
#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720,AUDIO="aud"
720p/index.m3u8?v=2
`;

describe('media playlists a master names', () => {
  it('its variants and its renditions, resolved, once each', () => {
    expect(mediaPlaylistUris(MASTER, 'http://cdn.test/hls/s1e2/master.m3u8')).toEqual([
      'http://cdn.test/hls/s1e2/audio/ru/index.m3u8',
      'http://cdn.test/hls/s1e2/audio/en/index.m3u8',
      'http://cdn.test/hls/s1e2/360p/index.m3u8',
      'http://cdn.test/hls/s1e2/720p/index.m3u8?v=2',
    ]);
  });

  it('the variants alone, and the audio renditions as the engine lists them', () => {
    const master = `${MASTER}#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="ru",URI="subs/ru.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="ac3",NAME="Русский, AC3",LANGUAGE="ru",URI="audio/ru-ac3/index.m3u8"
`;
    const base = 'http://cdn.test/hls/s1e2/master.m3u8';
    expect(variantPlaylistUris(master, base)).toEqual(['http://cdn.test/hls/s1e2/360p/index.m3u8', 'http://cdn.test/hls/s1e2/720p/index.m3u8?v=2']);
    expect(audioRenditions(master, base)).toEqual([
      { url: 'http://cdn.test/hls/s1e2/audio/ru/index.m3u8', name: 'Русский', lang: 'ru', isDefault: true },
      { url: 'http://cdn.test/hls/s1e2/audio/en/index.m3u8', name: 'English', lang: 'en', isDefault: false },
      { url: 'http://cdn.test/hls/s1e2/audio/ru-ac3/index.m3u8', name: 'Русский, AC3', lang: 'ru', isDefault: false },
    ]);
  });

  it('nothing from a media playlist, and no other scheme', () => {
    expect(mediaPlaylistUris('#EXTM3U\n#EXTINF:4,\nseg-000.m4s\n', 'http://cdn.test/a/index.m3u8')).toEqual([]);
    expect(mediaPlaylistUris('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\njavascript:alert(1)\n', 'http://cdn.test/m.m3u8')).toEqual([]);
  });
});

describe('the init segment a level maps', () => {
  const BASE = 'http://cdn.test/film/720p/index.m3u8';
  it('its EXT-X-MAP, resolved', () => {
    expect(initSegmentUri('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2,\nseg-0.m4s\n', BASE)).toBe('http://cdn.test/film/720p/init.mp4');
    expect(initSegmentUri('#EXTM3U\n#EXT-X-KEY:METHOD=NONE\n#EXT-X-MAP:URI="../init.mp4"\n', BASE)).toBe('http://cdn.test/film/init.mp4');
  });

  it('none for MPEG-TS, a byte range of a larger file, or encrypted media (its key comes first)', () => {
    expect(initSegmentUri('#EXTM3U\n#EXTINF:2,\nseg-0.ts\n', BASE)).toBeNull();
    expect(initSegmentUri('#EXTM3U\n#EXT-X-MAP:URI="main.mp4",BYTERANGE="720@0"\n', BASE)).toBeNull();
    expect(initSegmentUri('#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="k.key"\n#EXT-X-MAP:URI="init.mp4"\n', BASE)).toBeNull();
  });
});

describe('the next episode prefetch', () => {
  let server: RecordingServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('puts the master and its media playlists in memory for the engine; a later prefetch drops what was not taken', async () => {
    server = await startRecordingServer((request, res) => {
      if (request.path.endsWith('master.m3u8')) return json(res, 200, MASTER);
      return json(res, 200, `#EXTM3U\n# ${request.path}\n`);
    });
    const cache = createPlaylistCache();
    const prefetchPlaylists = createPlaylistPrefetch(cache);
    const takeEarlyPlaylist = (url: string) => cache.take(url);
    const master = `${server.baseUrl}/hls/s1e2/master.m3u8`;
    expect(await prefetchPlaylists(master)).toBe(5);
    for (let i = 0; i < 100 && server.requests.length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.requests.map((r) => r.path).sort()).toEqual([
      '/hls/s1e2/360p/index.m3u8', '/hls/s1e2/720p/index.m3u8', '/hls/s1e2/audio/en/index.m3u8', '/hls/s1e2/audio/ru/index.m3u8', '/hls/s1e2/master.m3u8',
    ]);
    expect(await takeEarlyPlaylist(master)).toBe(MASTER);
    expect(await takeEarlyPlaylist(`${server.baseUrl}/hls/s1e2/360p/index.m3u8`)).toContain('/hls/s1e2/360p/index.m3u8');

    await prefetchPlaylists(`${server.baseUrl}/hls/s1e3/master.m3u8`);
    expect(takeEarlyPlaylist(`${server.baseUrl}/hls/s1e2/audio/ru/index.m3u8`)).toBeNull();
    expect(await takeEarlyPlaylist(`${server.baseUrl}/hls/s1e3/audio/ru/index.m3u8`)).toContain('/hls/s1e3/audio/ru/index.m3u8');
  });
});
