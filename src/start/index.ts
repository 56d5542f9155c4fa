/**
 * The page's start before the models (docs/architecture.md §4): the config, the start-up calls,
 * the engine and the start episode's preload, and the moment the app is evaluated. The app's
 * evaluation is one long task (about a second on a phone-class CPU); started at once, it would
 * hold up every step of the first segments' way into the buffer. So the engine loads the start
 * episode first, and the app comes once its first frame is shown when it plays, or decoded when
 * the model decides its start, or sooner when the network is slow (app-turn.ts).
 *
 * Nothing here evaluates a model, effector, React or the API client (src/architecture.test.ts): the rules
 * it applies are the features' pure functions.
 */
import { config, earlyEpisode, earlyStores, engineModule } from './page-config';
import { APP_ANSWERS_LIMIT_MS, APP_MEDIA_LIMIT_MS, APP_SCREEN_LIMIT_MS } from '../lib/constants';
import type { MediaEngine } from '../engine/types';
import type { EarlyAnswers } from '../api/early';
import { createWebStorage } from '../platform/web-storage';
import { appTurn } from './app-turn';
import { createContentElement } from '../engine/content-element';
import { firstFrame as firstFrameShown } from '../platform/after-start-up';
import { loadEarlyMedia, type EarlyFacts } from './early-media';

export type { EarlyFacts } from './early-media';

export { config, root } from './page-config';

/** What the app is started with. */
export interface PageStart {
  /** The content's element. */
  video: HTMLVideoElement;
  /** The engine over it; rejects when its chunk failed to load. */
  engine: Promise<MediaEngine>;
  /** The start-up answers the page asked for, for the API clients to take. */
  answers: EarlyAnswers;
  /**
   * The page's first frame (the content's, or a pre-roll's), detected once for the page's start and
   * the app alike: what loads after start-up waits for it.
   */
  firstFrame: Promise<void>;
  /** Resolves when the app's turn has come; from then on the model makes the start's decisions. */
  appTurn: Promise<void>;
  /** What the page's start decided and did before the app, as it stands at the app's turn. */
  early: Readonly<EarlyFacts>;
}

export function startPage(): PageStart {
  let appStarting = false;
  const video = createContentElement();
  const firstFrame = firstFrameShown();
  const engine = engineModule.then(({ createHlsEngine }) => createHlsEngine(video, { playlists: earlyStores.playlists }));
  const facts: EarlyFacts = { plan: null, soundRefused: false, autoplay: null, source: null };
  const early = loadEarlyMedia({ config, storage: createWebStorage(), video, engine, firstFrame, start: earlyEpisode, appStarting: () => appStarting }, facts);
  const turn = appTurn(earlyEpisode, early, { answersMs: APP_ANSWERS_LIMIT_MS, mediaMs: APP_MEDIA_LIMIT_MS, screenMs: APP_SCREEN_LIMIT_MS }).then(() => {
    appStarting = true;
  });
  return { video, engine, answers: earlyStores.answers, firstFrame, appTurn: turn, early: facts };
}
