/**
 * The player page's entry: the start-up calls and the engine first, the app after. The app's
 * evaluation is one long task; started at once, it would hold up every step of the first
 * segments' way into the buffer. So the engine starts loading the start episode as soon as its
 * master playlist is known, and plays it when the app's model certainly would (early-play.ts).
 * The app is evaluated once the first frame is decoded, or shown when it plays, or after
 * APP_START_LIMIT_MS unless the stream is about to play then (app-turn.ts): the media work runs
 * while the main thread is free, and the app takes the stream as it is.
 */
import { config, earlyStart, engineModule } from './page-config';
import { playsAtOnce } from './early-play';
import { APP_START_LIMIT_MS, STORAGE_KEYS } from '../lib/constants';
import type { EngineAudioTrack, MediaEngine } from '../engine/types';
import { readFavouriteAudio } from '../features/tracks/favourites';
import { startAudioTrack } from '../features/tracks/rules';
import { readVolumeState } from '../features/playback/volume-rules';
import { firstFrame } from '../platform/after-start-up';
import { appTurn, type EarlyMedia } from './app-turn';
import { createWebStorage } from '../platform/storage';
import './player.css';

/** How long past the limit the app waits for the first frame of a media about to play. */
const FIRST_FRAME_GRACE_MS = 250;

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

/** Set once the app's evaluation begins: from then on the model makes the start's decisions. */
let appStarting = false;
const video = createVideoElement();
const engine: Promise<MediaEngine> = engineModule.then(({ createHlsEngine }) => createHlsEngine(video));
const early = Promise.all([engine, earlyStart]).then(async ([created, start]): Promise<EarlyMedia> => {
  if (start === null || created.preload === undefined) return { kind: 'none' };
  if (!created.preload(start.url, { startTime: config.startTime ?? 0, pickAudioTrack: preferredAudioTrack })) return { kind: 'none' };
  // On the page, so its first frame shows before the app, whose layout then moves it into place.
  document.body.append(video);
  const adList = await start.adList;
  // A slow ad list may come after the app started: the model decides from then on.
  if (appStarting) return { kind: 'loading' };
  const plays = playsAtOnce({ config, episode: start.episode, adList, storedProgress: storage.read(STORAGE_KEYS.episodesTimeProgress) });
  return plays ? { kind: 'playing', started: playEarly(created, video) } : { kind: 'loading' };
});

void appTurn(video, early, APP_START_LIMIT_MS, FIRST_FRAME_GRACE_MS)
  .then(() => {
    appStarting = true;
    return import('./start-app');
  })
  .then(({ startApp }) => startApp({ video, engine }));
