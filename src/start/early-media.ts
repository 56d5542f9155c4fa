/**
 * The start episode's media before the app: the engine loads it as soon as its master playlist is
 * known, and plays it when the app's model certainly would (early-play.ts), applying the same
 * rules the models apply (the start audio track, the saved volume).
 */
import type { EngineAudioTrack, MediaEngine } from '../engine/types';
import { readFavouriteAudio } from '../features/tracks/favourites';
import { startAudioTrack } from '../features/tracks/rules';
import { readVolumeState, type VolumeState } from '../features/playback/volume-rules';
import { playOrMute, type EarlyAutoplay } from '../lib/autoplay';
import type { StartPlan } from '../features/progress/start';
import type { PlayerConfig } from '../features/session/config';
import { STORAGE_KEYS } from '../lib/constants';
import type { KeyValueStorage } from '../platform/web-storage';
import type { EarlyMedia } from './app-turn';
import { planEarlyStart, playsAtOnce } from './early-play';
import type { EarlySource } from './early-requests';

export interface EarlyMediaInput {
  config: PlayerConfig;
  storage: KeyValueStorage;
  video: HTMLVideoElement;
  engine: Promise<MediaEngine>;
  /** The page's first frame (start/index.ts). */
  firstFrame: Promise<void>;
  start: Promise<EarlySource | null>;
  /** True once the app's evaluation began: from then on the model makes the start's decisions. */
  appStarting: () => boolean;
}

/**
 * What the page's start decided and did, for the model to adopt instead of deciding again: the
 * start episode's plan, its autoplay, and the source it loaded into the engine, which the model
 * connects to instead of loading it again.
 */
export interface EarlyFacts extends EarlyAutoplay {
  plan: StartPlan | null;
  source: { url: string; startTime: number } | null;
}

/**
 * Plays at the saved volume, as the model would have set it, muted when the browser refuses sound
 * (src/lib/autoplay.ts); resolves once the first frame is shown, or at once when nothing plays.
 */
async function playEarly(engine: MediaEngine, shown: Promise<void>, { volume, muted }: VolumeState, facts: EarlyFacts, appStarting: () => boolean): Promise<void> {
  engine.setVolume(volume);
  engine.setMuted(muted);
  // Once the app starts, a refusal is the model's to answer: it asks again.
  const result = await playOrMute(engine, { muted, mayRetry: () => !appStarting(), onMuted: () => (facts.soundRefused = true) }).catch(() => null);
  if (result === 'blocked') facts.soundRefused = false;
  facts.autoplay = result;
  if (result === 'sound' || result === 'muted') await shown;
}

/** Resolves once the element has its first frame decoded ('loadeddata'). */
function firstDecodedFrame(element: HTMLVideoElement): Promise<void> {
  if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return Promise.resolve();
  return new Promise((resolve) => element.addEventListener('loadeddata', () => resolve(), { once: true }));
}

/** Resolves at the source's first fatal error (the engine's state may have it already). */
export function sourceFailure(engine: MediaEngine): Promise<void> {
  return new Promise((resolve) => {
    if (engine.source()?.error) return resolve();
    const stop = engine.on('error', ({ fatal }) => {
      if (!fatal) return;
      stop();
      resolve();
    });
  });
}

/** Preloads the start episode, and plays it when the model would play it at once; says how it is on its way. */
export async function loadEarlyMedia(
  { config, storage, video, engine, firstFrame, start, appStarting }: EarlyMediaInput,
  facts: EarlyFacts,
): Promise<EarlyMedia> {
  const [created, early] = await Promise.all([engine, start]);
  // Once the app starts, the source is the model's to load.
  if (early === null || created.preload === undefined || appStarting()) return { kind: 'none' };
  // The audio track the app's model would start this content with (languages, the remembered label).
  const pickAudioTrack = (tracks: EngineAudioTrack[]) =>
    startAudioTrack(tracks, { languages: config.languages, favourite: readFavouriteAudio(storage, config.movieId) });
  const source = { url: early.url, startTime: config.startTime ?? 0 };
  if (!created.preload(source.url, { startTime: source.startTime, pickAudioTrack })) return { kind: 'none' };
  facts.source = source;
  // A stream that fails before the app is its error to show: the app's turn comes at once.
  const failure = sourceFailure(created);
  // On the page, so its first frame shows before the app, whose layout then moves it into place.
  created.surface?.mount(document.body);
  const decoded = Promise.race([firstDecodedFrame(video), failure]);
  const adList = await early.adList;
  // A slow ad list may come after the app started: the model decides from then on.
  if (appStarting()) return { kind: 'none' };
  const saved = readVolumeState(storage);
  const plan = planEarlyStart({
    config,
    episode: early.episode,
    adList,
    storedProgress: storage.read(STORAGE_KEYS.episodesTimeProgress),
    muted: saved.muted,
  });
  facts.plan = plan;
  if (!playsAtOnce(plan)) return { kind: 'loading', ready: decoded };
  return { kind: 'playing', ready: Promise.race([playEarly(created, firstFrame, saved, facts, appStarting), failure]) };
}
