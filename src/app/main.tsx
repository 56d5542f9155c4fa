/**
 * The player page's entry: the start-up calls and the engine first, the app after. The app's
 * evaluation is one long task; started at once, it would hold up every step of the first
 * segments' way into the buffer. So the engine starts loading the start episode as soon as its
 * master playlist is known, and plays it when the app's model certainly would (early-play.ts).
 * The app is evaluated once the first frame is decoded, or shown when it plays (or after
 * APP_START_LIMIT_MS): the media work runs while the main thread is free, and the app takes the
 * stream as it is.
 */
import { config, earlyStart, engineModule } from './page-config';
import { playsAtOnce } from './early-play';
import { APP_START_LIMIT_MS, STORAGE_KEYS } from '../lib/constants';
import type { EngineAudioTrack, MediaEngine } from '../engine/types';
import { readFavouriteAudio } from '../features/tracks/favourites';
import { startAudioTrack } from '../features/tracks/rules';
import { readVolumeState } from '../features/playback/volume-rules';
import { firstFrame } from '../platform/after-start-up';
import { createWebStorage } from '../platform/storage';
import './player.css';

/** How the start episode is on its way before the app: not at all, loading, or playing. */
type EarlyMedia = { kind: 'none' } | { kind: 'loading' } | { kind: 'playing'; started: Promise<void> };

/** How long past the limit the app waits for the first frame of a media that already plays. */
const FIRST_FRAME_GRACE_MS = 250;

function createVideoElement(): HTMLVideoElement {
  const video = document.createElement('video');
  video.className = 'player__media';
  video.playsInline = true;
  video.preload = 'auto';
  video.crossOrigin = 'anonymous';
  return video;
}

/**
 * Resolves when the app's turn has come: the stream's first frame decoded, or shown when it plays;
 * at once without an early stream; after `limitMs` at the latest, unless the media is playing by
 * then: its first frame is a few frames away, and the app's evaluation would hold it back.
 */
function appTurn(video: HTMLVideoElement, early: Promise<EarlyMedia>, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      video.removeEventListener('loadeddata', done);
      resolve();
    };
    const timer = setTimeout(() => {
      const playing = !video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA;
      if (!playing || typeof video.requestVideoFrameCallback !== 'function') return done();
      // No frame comes where nothing renders (a hidden page): the wait stays short.
      video.requestVideoFrameCallback(() => done());
      setTimeout(done, FIRST_FRAME_GRACE_MS);
    }, limitMs);
    void early.then((media) => {
      if (media.kind === 'playing') void media.started.then(done, done);
      else if (media.kind === 'none' || video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) done();
      else video.addEventListener('loadeddata', done);
    }, done);
  });
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

void appTurn(video, early, APP_START_LIMIT_MS)
  .then(() => {
    appStarting = true;
    return import('./start-app');
  })
  .then(({ startApp }) => startApp({ video, engine }));
