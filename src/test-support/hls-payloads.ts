/**
 * hls.js payloads as hls.js 1.7 sends them, built from its own classes (Level, Fragment,
 * LevelDetails), for the engine's tests.
 */
import { AttrList, Fragment, Level, LevelDetails, LoaderContextType, PlaylistLevelType, type LoaderResponse, type MediaFragment, type MediaPlaylist, type PlaylistLoaderContext } from 'hls.js';
import type { EngineLevel } from '../engine/types';

export const MASTER = 'https://cdn.test/film/master.m3u8';
export const LEVEL_URL = 'https://cdn.test/film/720p/index.m3u8';
export const AUDIO_URL = 'https://cdn.test/film/audio/ru/index.m3u8';
export const SUBTITLE_URL = 'https://cdn.test/film/subs/en/index.m3u8';
export const SEGMENT_URL = 'https://cdn.test/film/720p/seg-3.ts';
export const KEY_URL = 'https://cdn.test/film/keys/k1.key';

export const playlistContext = (type: LoaderContextType, url: string) =>
  ({ type, url, level: type === LoaderContextType.LEVEL ? 1 : null, id: type === LoaderContextType.MANIFEST ? null : 0, groupId: 'aac', responseType: 'text' }) as unknown as PlaylistLoaderContext;

export const httpError = (url: string, code: number, text: string): LoaderResponse => ({ url, data: undefined, code, text } as LoaderResponse);

export function segment(): Fragment {
  const frag = new Fragment(PlaylistLevelType.MAIN, LEVEL_URL);
  frag.relurl = 'seg-3.ts';
  return frag;
}

/** A variant built by hls.js's own Level class from its EXT-X-STREAM-INF attributes. */
function level(attributes: string, { width, height, url }: { width: number; height: number; url: string }): Level {
  const attrs = new AttrList(attributes) as Level['attrs'];
  return new Level({ attrs, bitrate: attrs.decimalInteger('BANDWIDTH'), width, height, name: `${height}p`, url, videoCodec: 'avc1', audioCodec: 'mp4a.40.2' });
}

export const L360 = () => level('BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"', { width: 640, height: 360, url: 'https://cdn.test/film/360p/index.m3u8' });
export const L720 = () =>
  level('BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",PATHWAY-ID="cdn-b",HDCP-LEVEL=TYPE-0', { width: 1280, height: 720, url: LEVEL_URL });
export const L1080 = () =>
  level('BANDWIDTH=5000000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2",HDCP-LEVEL=TYPE-1', { width: 1920, height: 1080, url: 'https://cdn.test/film/1080p/index.m3u8' });

export const ENGINE_L360: EngineLevel = { index: 0, bitrate: 800_000, codecs: 'avc1.4d401e,mp4a.40.2', width: 640, height: 360, details: null, pathwayId: '.', hdcpLevel: null };
export const ENGINE_L720: EngineLevel = { index: 1, bitrate: 2_500_000, codecs: 'avc1.64001f,mp4a.40.2', width: 1280, height: 720, details: null, pathwayId: 'cdn-b', hdcpLevel: 'TYPE-0' };

export function vodDetails(fragments: number, targetDuration: number): LevelDetails {
  const details = new LevelDetails(LEVEL_URL);
  details.live = false;
  details.targetduration = targetDuration;
  details.totalduration = fragments * targetDuration;
  details.fragments = Array.from({ length: fragments }, () => new Fragment(PlaylistLevelType.MAIN, LEVEL_URL) as MediaFragment);
  return details;
}

export const media = (type: 'AUDIO' | 'SUBTITLES', id: number, name: string, lang: string | undefined, isDefault: boolean, url: string): MediaPlaylist =>
  ({ id, name, lang, default: isDefault, autoselect: isDefault, forced: false, groupId: type === 'AUDIO' ? 'aac' : 'subs', type, url, bitrate: 0, attrs: new AttrList({}) }) as MediaPlaylist;
