/**
 * The start episode's media before the app: the engine loads it as soon as its master playlist is
 * known, and plays it when the app's model certainly would (early-play.ts), applying the same
 * rules the models apply (the start audio track, the saved volume).
 */
import type { EngineAudioTrack, MediaEngine } from '../engine/types';
import { readFavouriteAudio } from '../features/tracks/favourites';
import { startAudioTrack } from '../features/tracks/rules';
import { readVolumeState, type VolumeState } from '../features/playback/volume-rules';
import type { EarlyAutoplay } from '../lib/autoplay';
import { decideStart, sanitizeProgress, type StartPlan } from '../features/progress/start';
import type { PlayerConfig } from '../features/session/config';
import { APP_BUFFER_MAX_MS, APP_BUFFER_S, STORAGE_KEYS } from '../lib/constants';
import { bufferSafe } from '../platform/after-start-up';
import type { KeyValueStorage } from '../platform/web-storage';
import type { EarlyMedia } from './app-turn';
import { planEarlyStart, planForViewer, playsAtOnce, waitsForViewer } from './early-play';
import type { EarlySource } from './early-requests';
import type { PageSource } from './snapshot';

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
  /** A play the viewer asked for before the plan was known. */
  viewer: ViewerPlay;
  /** With a pre-roll first: when the start's early ad is ready (early-ad.ts); the app waits for it. */
  prerollReady?: Promise<void>;
}

/**
 * What the page's start decided and did, for the model to adopt instead of deciding again: the
 * start episode's plan, its autoplay, and the source it loaded into the engine, which the model
 * connects to instead of loading it again.
 */
export interface EarlyFacts extends EarlyAutoplay {
  plan: StartPlan | null;
  source: PageSource | null;
}

/**
 * How the page's start answers the viewer's play before the app: it played the content itself
 * ('played'), the plan now plays it as autoplay would and the app does it (`'planned'`: a pre-roll
 * first, or the resume prompt), or the app's model decides it (`'queued'`: no plan before the app).
 */
export type ViewerPlayOutcome = 'played' | 'planned' | 'queued';

/** A viewer's play waiting for the start's plan; the first answer settles it. */
export interface ViewerPlay {
  readonly wanted: boolean;
  request(): Promise<ViewerPlayOutcome>;
  settle(outcome: ViewerPlayOutcome): void;
}

export function createViewerPlay(): ViewerPlay {
  let waiting: Array<(outcome: ViewerPlayOutcome) => void> = [];
  return {
    get wanted() {
      return waiting.length > 0;
    },
    request: () => new Promise((resolve) => waiting.push(resolve)),
    settle(outcome) {
      for (const resolve of waiting.splice(0)) resolve(outcome);
    },
  };
}

/**
 * Plays at the saved volume, as the model would have set it, muted when the browser refuses sound
 * (src/lib/autoplay.ts); resolves with the outcome once the play was asked for.
 */
async function playEarly(engine: MediaEngine, { volume, muted }: VolumeState, facts: EarlyFacts, appStarting: () => boolean): Promise<EarlyAutoplay['autoplay']> {
  engine.setVolume(volume);
  engine.setMuted(muted);
  // Once the app starts, a refusal is the model's to answer: it asks again.
  const result = await engine.play({ muted, mayRetry: () => !appStarting(), onMuted: () => (facts.soundRefused = true) }).catch(() => null);
  if (result === 'blocked') facts.soundRefused = false;
  facts.autoplay = result;
  return result;
}

/**
 * The viewer's play once the start's plan is known (the page waited for a click): the same plan,
 * made to play, played now or left to the app (a pre-roll, the resume prompt).
 */
export async function playForViewer(engine: MediaEngine, storage: KeyValueStorage, facts: EarlyFacts, taken: () => boolean): Promise<ViewerPlayOutcome> {
  if (taken() || !facts.plan || !facts.source) return 'queued';
  const saved = readVolumeState(storage);
  facts.plan = planForViewer(facts.plan, saved.muted);
  if (!playsAtOnce(facts.plan)) return 'planned';
  await playEarly(engine, saved, facts, taken);
  return 'played';
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
  { config, storage, video, engine, firstFrame, start, appStarting, viewer, prerollReady = Promise.resolve() }: EarlyMediaInput,
  facts: EarlyFacts,
): Promise<EarlyMedia> {
  const [created, early] = await Promise.all([engine, start]);
  // Once the app starts, the source is the model's to load.
  if (early === null || appStarting()) return { kind: 'none' };
  // The audio track the app's model would start this content with (languages, the remembered label).
  const pickAudioTrack = (tracks: EngineAudioTrack[]) =>
    startAudioTrack(tracks, { languages: config.languages, favourite: readFavouriteAudio(storage, config.movieId) });
  // Where the model starts this episode (progress/start.ts), so the model keeps this source as it is.
  const { startTime } = decideStart({
    choice: 'start',
    episodeId: early.episode.id,
    duration: early.episode.duration,
    startTime: config.startTime,
    episodeTime: config.episodeTime,
    saved: sanitizeProgress(storage.read(STORAGE_KEYS.episodesTimeProgress)),
  });
  const source: PageSource = { episodeId: early.episode.id, url: early.url, startTime };
  if (!created.preload(source.url, { startTime: source.startTime, pickAudioTrack })) return { kind: 'none' };
  facts.source = source;
  // A stream that fails before the app is its error to show: the app's turn comes at once.
  const failure = sourceFailure(created);
  // On the page, so its first frame shows before the app, whose layout then moves it into place.
  created.surface.mount(document.body);
  const decoded = Promise.race([firstDecodedFrame(video), failure]);
  const adList = await early.adList;
  // A slow ad list may come after the app started: the model decides from then on.
  if (appStarting()) return { kind: 'none' };
  const saved = readVolumeState(storage);
  const planned = planEarlyStart({
    config,
    episode: early.episode,
    adList,
    storedProgress: storage.read(STORAGE_KEYS.episodesTimeProgress),
    muted: saved.muted,
  });
  const plan = planned && viewer.wanted ? planForViewer(planned, saved.muted) : planned;
  facts.plan = plan;
  if (plan?.preroll) {
    viewer.settle('planned');
    return { kind: 'preroll', ready: prerollReady };
  }
  if (!playsAtOnce(plan)) {
    if (plan) viewer.settle('planned');
    if (waitsForViewer(plan)) return { kind: 'waiting', ready: decoded, failed: failure };
    return { kind: 'loading', ready: decoded };
  }
  const played = playEarly(created, saved, facts, appStarting).then(async (result) => {
    viewer.settle('played');
    if (result === 'sound' || result === 'muted') await firstFrame;
  });
  // At the first frame the buffer holds a segment or so: the app's chunks, asked for then, took
  // the phone's link from the next one and left the buffer under a second (issue 47's mobile probe).
  const spared = Promise.race([bufferSafe(played, video, { aheadS: APP_BUFFER_S, maxMs: APP_BUFFER_MAX_MS }), failure]);
  return { kind: 'playing', ready: Promise.race([played, failure]), spared };
}
