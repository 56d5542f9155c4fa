/**
 * The player page's entry: the start-up calls and the engine first, the app after. The app's
 * evaluation is one long task; started at once, it would hold up every step of the first
 * segments' way into the buffer. So the engine starts loading the start episode as soon as its
 * master playlist is known, and the app is evaluated once the first frame is decoded (or after
 * APP_START_LIMIT_MS): the media work runs while the main thread is free, and the app takes the
 * stream as it is.
 */
import { config, earlyMaster, engineModule } from './page-config';
import { APP_START_LIMIT_MS } from '../lib/constants';
import type { EngineAudioTrack, MediaEngine } from '../engine/types';
import { readFavouriteAudio } from '../features/tracks/favourites';
import { startAudioTrack } from '../features/tracks/rules';
import { createWebStorage } from '../platform/storage';
import './player.css';

function createVideoElement(): HTMLVideoElement {
  const video = document.createElement('video');
  video.className = 'player__media';
  video.playsInline = true;
  video.preload = 'auto';
  video.crossOrigin = 'anonymous';
  return video;
}

/** Resolves when the element has its first frame, after `limitMs`, or at once when `loading` is false. */
function mediaReady(video: HTMLVideoElement, loading: Promise<boolean>, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      video.removeEventListener('loadeddata', done);
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    video.addEventListener('loadeddata', done);
    void loading.then((started) => started || done(), done);
  });
}

/** The audio track the app's model would start this content with (languages, the remembered label). */
function preferredAudioTrack(tracks: EngineAudioTrack[]): number {
  return startAudioTrack(tracks, { languages: config.languages, favourite: readFavouriteAudio(createWebStorage(), config.movieId) });
}

const video = createVideoElement();
const engine: Promise<MediaEngine> = engineModule.then(({ createHlsEngine }) => createHlsEngine(video));
const preloading = Promise.all([engine, earlyMaster]).then(
  ([created, url]) => url !== null && created.preload !== undefined && created.preload(url, { startTime: config.startTime ?? 0, pickAudioTrack: preferredAudioTrack }),
);

void mediaReady(video, preloading, APP_START_LIMIT_MS)
  .then(() => import('./start-app'))
  .then(({ startApp }) => startApp({ video, engine }));
