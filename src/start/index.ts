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
import { config, earlyAdList, earlyEpisode, earlyStores, engineModule, root, viewerIntents } from './page-config';
import { APP_ANSWERS_LIMIT_MS, APP_IDLE_LIMIT_MS, APP_MEDIA_LIMIT_MS, APP_SCREEN_LIMIT_MS, MOBILE_LAYOUT_QUERY, STORAGE_KEYS } from '../lib/constants';
import type { MediaEngine } from '../engine/types';
import { createWebStorage, type KeyValueStorage } from '../platform/web-storage';
import { readVolumeState } from '../features/playback/volume-rules';
import { appTurn, type EarlyMedia } from './app-turn';
import { createContentElement } from '../engine/content-element';
import { firstFrame as firstFrameShown } from '../platform/after-start-up';
import { createViewerPlay, loadEarlyMedia, playForViewer, type EarlyFacts } from './early-media';
import { earlyPreroll, planEarlyStart } from './early-play';
import { prepareEarlyPreroll, type EarlyPreroll } from './early-ad';
import { preloadAppChunks } from './app-chunks';
import { createPageShell, type PageShell } from './page-shell';
import { isFramed } from '../platform/frame';
import type { StartSnapshot } from './snapshot';

export type { EarlyFacts } from './early-media';
export type { PageShell } from './page-shell';
export type { ViewerIntent } from './viewer-intents';
export type { StartSnapshot } from './snapshot';

export { config, root } from './page-config';
export { importApp } from './lazy-modules';

/** What the app is started with. */
export interface PageStart {
  /** The content's element. */
  video: HTMLVideoElement;
  /** The engine over it; rejects when its chunk failed to load. */
  engine: Promise<MediaEngine>;
  /**
   * The page's first frame (the content's, or a pre-roll's), detected once for the page's start and
   * the app alike: what loads after start-up waits for it.
   */
  firstFrame: Promise<void>;
  /**
   * Resolves when the app's turn has come (its chunks are asked for then); from then on the model
   * makes the start's decisions.
   */
  appTurn: Promise<void>;
  /**
   * What the page's start decided and did before the app, as it stands when the app takes it, in
   * one value; from then on the start decides nothing (a viewer's play goes to the model).
   */
  takeEarly(): StartSnapshot;
  /** The player's look and controls before the app, with what the viewer asked of the app. */
  shell: PageShell;
}

/** The pre-roll before the app, when the ad list says one comes first (early-ad.ts). */
interface PrerollStart {
  /** Settles when the early ad's media is ready, or at once when the start makes no early ad. */
  ready: Promise<void>;
  /** Resolves when the app must come at once: a pre-roll the start cannot make (inline XML). */
  appNow: Promise<void>;
  /**
   * The viewer's play: resolves true once the early ad plays, false when it does not (the browser
   * refused it, the app has it, or none may play); null when it is known that none may play.
   */
  play(): Promise<boolean> | null;
}

/**
 * Makes the pre-roll ready as soon as the ad list says it comes first, without waiting for the
 * engine or the episode. The viewer's play starts it, unless the start's one plan says the resume
 * prompt's question comes first (the app asks it).
 */
function startPreroll(storage: KeyValueStorage, appStarting: () => boolean, onPlaying: () => void): PrerollStart {
  let ready!: () => void;
  let appNow!: () => void;
  let decide!: (ad: EarlyPreroll | null) => void;
  let decided: EarlyPreroll | null | undefined;
  const decision = new Promise<EarlyPreroll | null>((resolve) => (decide = resolve));
  void decision.then((ad) => (decided = ad));
  void earlyAdList
    .then((list) => {
      const preroll = earlyPreroll({ config, adList: list });
      // Autoplay: the app plays the ad at once, so it comes at once.
      if (config.autoPlay) ready();
      // Once the app has started, its ads model asks for the ad itself.
      if (preroll === null || appStarting()) return (ready(), decide(null));
      if (!preroll.vastUrl) return (ready(), appNow(), decide(null));
      const ad = prepareEarlyPreroll(preroll.vastUrl, onPlaying);
      void ad.ready.then(ready);
      void earlyEpisode.then((early) => {
        const storedProgress = storage.read(STORAGE_KEYS.episodesTimeProgress);
        const plan = early && planEarlyStart({ config, episode: early.episode, adList: list, storedProgress, muted: readVolumeState(storage).muted });
        decide(plan?.resumeAt === null ? ad : null);
      }, () => decide(null));
    })
    .catch(() => (ready(), decide(null)));
  return {
    ready: new Promise((resolve) => (ready = resolve)),
    appNow: new Promise((resolve) => (appNow = resolve)),
    play() {
      if (decided === null) return null;
      // Known: played within the gesture; else once the plan is.
      if (decided) return decided.play(readVolumeState(storage));
      return decision.then((ad) => ad?.play(readVolumeState(storage)) ?? false);
    },
  };
}

export function startPage(): PageStart {
  let appStarting = false;
  let taken = false;
  const video = createContentElement();
  const storage = createWebStorage();
  const firstFrame = firstFrameShown();
  const engine = engineModule.then(({ createHlsEngine }) => createHlsEngine(video, { playlists: earlyStores.playlists }));
  const facts: EarlyFacts = { plan: null, soundRefused: false, autoplay: null, source: null };
  const viewer = createViewerPlay();
  let viewerPlayed!: () => void;
  const played = new Promise<void>((resolve) => (viewerPlayed = resolve));
  const mobile = typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_LAYOUT_QUERY).matches;
  let early: Promise<EarlyMedia> | null = null;
  let adPlaying = false;
  const preroll = startPreroll(storage, () => appStarting, () => ((adPlaying = true), shell.refresh()));
  const shell = createPageShell({
    root,
    // Autoplay: the shell comes with the first frame (or when the start does not play by itself).
    until: config.autoPlay ? Promise.resolve().then(() => early!).then((media) => (media.kind === 'playing' ? media.ready : undefined)) : undefined,
    video,
    engine,
    recorder: viewerIntents,
    storage,
    mobile,
    // The fullscreen feature's rule: through the parent frame when the page says so, or on a phone in a frame.
    parentFullscreen: config.fullscreenMode === 'parent' || (mobile && isFramed()),
    firstFrame,
    autoPlay: config.autoPlay,
    play: async () => {
      // A pre-roll first: the start plays it for the viewer, then the plan's play brings the app.
      const ad = taken ? null : preroll.play();
      if (ad) await ad;
      const outcome = await (facts.plan || taken ? playForViewer(await engine, storage, facts, () => taken) : viewer.request());
      // The viewer's film shows its first frame: the app may come, it holds nothing up any more.
      if (outcome === 'played') void firstFrame.then(viewerPlayed);
      return outcome;
    },
    autoplayBlocked: () => facts.autoplay === 'blocked',
    adPlaying: () => adPlaying,
    soundRefused: () => facts.soundRefused,
    soundAllowed: () => (facts.soundRefused = false),
  });
  early = loadEarlyMedia({ config, storage, video, engine, firstFrame, start: earlyEpisode, appStarting: () => appStarting, viewer, prerollReady: preroll.ready }, facts);
  void early.then((media) => ('ready' in media ? media.ready : undefined)).finally(() => shell.refresh());
  const limits = { answersMs: APP_ANSWERS_LIMIT_MS, mediaMs: APP_MEDIA_LIMIT_MS, screenMs: APP_SCREEN_LIMIT_MS, idleMs: APP_IDLE_LIMIT_MS };
  let episodeId: number | null = null;
  void earlyEpisode.then((start) => (episodeId = start?.episode.id ?? null));
  const turn = appTurn(earlyEpisode, early, limits, Promise.race([shell.needsApp, played, preroll.appNow])).then(() => {
    appStarting = true;
    void preloadAppChunks();
  });
  const takeEarly = () => {
    taken = true;
    // A play still waiting for a plan is the model's to perform.
    viewer.settle('queued');
    const { plan, source, soundRefused, autoplay } = facts;
    return { config, answers: earlyStores.answers, episodeId, plan, source, autoplay: { soundRefused, autoplay } };
  };
  return { video, engine, firstFrame, appTurn: turn, takeEarly, shell };
}
