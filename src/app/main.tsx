/**
 * The player page's entry: the start-up calls and the engine first, the app after. The app's
 * evaluation is one long task; started at once, it would hold up every step of the first
 * segments' way into the buffer. So the engine starts loading the start episode as soon as its
 * master playlist is known, and plays it when the app's model certainly would (early-play.ts).
 * The app is evaluated once the first frame is shown when it plays, or decoded when the model
 * decides its start, or sooner when the network is slow (app-turn.ts): the media work runs while
 * the main thread is free, and the app takes the stream as it is.
 */
import { config, earlyStart, earlyStores, engineModule } from './page-config';
import { playsAtOnce } from './early-play';
import { APP_ANSWERS_LIMIT_MS, APP_MEDIA_LIMIT_MS, APP_SCREEN_LIMIT_MS, STORAGE_KEYS } from '../lib/constants';
import type { EngineAudioTrack, MediaEngine } from '../engine/types';
import { readFavouriteAudio } from '../features/tracks/favourites';
import { startAudioTrack } from '../features/tracks/rules';
import { readVolumeState } from '../features/playback/volume-rules';
import { firstFrame } from '../platform/after-start-up';
import { appTurn, type EarlyMedia } from './app-turn';
import { createWebStorage } from '../platform/web-storage';
import './player.css';

function createVideoElement(): HTMLVideoElement {
  const video = document.createElement('video');
  video.className = 'player__media';
  video.playsInline = true;
  video.preload = 'auto';
  video.crossOrigin = 'anonymous';
  return video;
}

const storage = createWebStorage();

/** The audio track the app's model would start this content with (languages, the remembered label). */
function preferredAudioTrack(tracks: EngineAudioTrack[]): number {
  return startAudioTrack(tracks, { languages: config.languages, favourite: readFavouriteAudio(storage, config.movieId) });
}

/** Plays at the saved volume, as the model would have set it; resolves once the first frame is shown. */
function playEarly(engine: MediaEngine, video: HTMLVideoElement): Promise<void> {
  const { volume, muted } = readVolumeState(storage);
  engine.setVolume(volume);
  engine.setMuted(muted);
  const shown = firstFrame(video);
  // A refused play (the browser's autoplay policy) is left to the model, which asks again.
  return engine.play().then(() => shown);
}

/** Resolves once the element has its first frame decoded ('loadeddata'). */
function firstDecodedFrame(element: HTMLVideoElement): Promise<void> {
  if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return Promise.resolve();
  return new Promise((resolve) => element.addEventListener('loadeddata', () => resolve(), { once: true }));
}

/** Set once the app's evaluation begins: from then on the model makes the start's decisions. */
let appStarting = false;
const video = createVideoElement();
const engine: Promise<MediaEngine> = engineModule.then(({ createHlsEngine }) => createHlsEngine(video, { playlists: earlyStores.playlists }));
const early = Promise.all([engine, earlyStart]).then(async ([created, start]): Promise<EarlyMedia> => {
  if (start === null || created.preload === undefined) return { kind: 'none' };
  let failed!: () => void;
  // A stream that fails before the app is its error to show: the app's turn comes at once.
  const failure = new Promise<void>((resolve) => (failed = resolve));
  if (!created.preload(start.url, { startTime: config.startTime ?? 0, pickAudioTrack: preferredAudioTrack, onFailed: failed })) return { kind: 'none' };
  // On the page, so its first frame shows before the app, whose layout then moves it into place.
  document.body.append(video);
  const decoded = Promise.race([firstDecodedFrame(video), failure]);
  const adList = await start.adList;
  // A slow ad list may come after the app started: the model decides from then on.
  if (appStarting) return { kind: 'none' };
  const plays = playsAtOnce({ config, episode: start.episode, adList, storedProgress: storage.read(STORAGE_KEYS.episodesTimeProgress) });
  return plays ? { kind: 'playing', ready: Promise.race([playEarly(created, video), failure]) } : { kind: 'loading', ready: decoded };
});

void appTurn(earlyStart, early, { answersMs: APP_ANSWERS_LIMIT_MS, mediaMs: APP_MEDIA_LIMIT_MS, screenMs: APP_SCREEN_LIMIT_MS })
  .then(() => {
    appStarting = true;
    return import('./start-app');
  })
  .then(({ startApp }) => startApp({ video, engine, answers: earlyStores.answers }));
