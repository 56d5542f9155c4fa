/**
 * Playback's engine and source: the engine the app attached, the source asked for and how it is
 * taken (the page's early source kept, or another loaded), the commands to the content (play with
 * the muted fallback, pause, the unlock, prefetch) and what holds a play while a pre-roll is due.
 * The events are in events.ts; the stores that follow the facts in status.ts; the start, from the
 * play intent to the first frame, in start-state.ts. Made in this order by createPlayback (index.ts).
 */
import { attach, createEffect, createStore, sample, scopeBind } from 'effector';
import { engineOf } from '../../engine/engines';
import type { MediaKey } from '../../engine/types';
import { DEFAULT_MUTED, DEFAULT_VOLUME } from '../../lib/constants';
import { isPlayRefusal, type AutoplayResult } from '../../lib/autoplay';
import type { PageSource } from '../../start/snapshot';
import { adoptSource, factHandlers, type FactHandlers } from './engine-facts';
import type { PlaybackEvents, SourceRequest } from './events';
import type { PlaybackStatusModel } from './status';

export { isPlayRefusal, type AutoplayResult };

/** The engine, the source, the flags the media reports, and the commands to the content. */
function createEngine(events: PlaybackEvents) {
  const { autoplaySet, engineAttached, engineConnected, mediaVolumeChanged, playDeferred, playHeld, playReleased, soundRefused, sourceAdopted, sourceRequested } = events;
  /** The attached engine's key: the engine itself stays with the media stack (engine/engines.ts). */
  const $engineKey = createStore<MediaKey | null>(null).on(engineAttached, (_, engine) => engine.key);
  const $source = createStore<SourceRequest | null>(null).on(sourceRequested, (_, source) => source);
  /**
   * Whether the next source plays by itself. One event, three moments that decide it: the page's
   * auto_play when the app starts (app/links/playback.ts), each episode's start plan (app/links/series.ts,
   * which overrides it per episode), and 'Повторить' after an error (a retry plays, model.ts).
   */
  const $autoplay = createStore(false).on(autoplaySet, (_, on) => on);
  const $volume = createStore(DEFAULT_VOLUME).on(mediaVolumeChanged, (_, { volume }) => volume);
  const $muted = createStore(DEFAULT_MUTED).on(mediaVolumeChanged, (_, { muted }) => muted);
  /** Muted for the browser, not by the viewer (src/lib/autoplay.ts); any unmute ends it. */
  const $fallbackMuted = createStore(false)
    .on(soundRefused, () => true)
    .on(mediaVolumeChanged, (on, { muted }) => (muted ? on : false));

  /**
   * Subscribes the model to the engine's facts; scopeBind keeps them in this player's scope. With an
   * early source, its state is read and the facts listened to in one step, after the model's own
   * reaction to its request (as facts always come), and the state is adopted before any later fact.
   */
  const connectEngineFx = createEffect(async ({ key, early }: { key: MediaKey; early: boolean }) => {
    const engine = engineOf(key);
    if (!engine) return;
    const handlers = factHandlers(events);
    const connected = scopeBind(engineConnected, { safe: true });
    const adopted = scopeBind(sourceAdopted, { safe: true });
    if (early) await Promise.resolve();
    const state = early ? engine.source() : null;
    for (const [fact, handler] of Object.entries(handlers)) engine.on(fact as keyof FactHandlers, handler as never);
    connected(engine);
    if (state) adoptSource(state, handlers, adopted);
  });
  const loadSourceFx = attach({ source: $engineKey, effect: (key, { url, startTime }: SourceRequest) => engineOf(key)?.load(url, { startTime }) });
  /**
   * Plays; when the browser refuses sound, plays muted (src/lib/autoplay.ts). Resolves with the
   * outcome ('blocked': refused muted too; null without an engine); rejects only with an error that
   * is no refusal (an AbortError when the engine reloads the media, say).
   */
  const playFx = attach({
    source: { key: $engineKey, muted: $muted },
    effect: async ({ key, muted }): Promise<AutoplayResult | null> => {
      const engine = engineOf(key);
      if (!engine) return null;
      const refused = scopeBind(soundRefused, { safe: true });
      return engine.play({ muted, onMuted: refused });
    },
  });
  const pauseFx = attach({ source: $engineKey, effect: (key) => engineOf(key)?.pause() });
  /** Fetches a source's playlists ahead of its load (the next episode); resolves with how many were asked for. */
  const prefetchSourceFx = attach({ source: $engineKey, effect: async (key, url: string) => (await engineOf(key)?.prefetch(url)) ?? 0 });
  /** play() was refused by the browser's policy, muted too: the viewer's own click will play. */
  const playRefused = sample({ clock: playFx.doneData, filter: (result) => result === 'blocked', fn: () => undefined });
  /**
   * Lets the content play later where the browser lets an element play with sound only once it was
   * played inside the viewer's gesture (Safari's engine): asked while the viewer's click or key is
   * being handled, e.g. the click that starts a pre-roll, so the film follows the ad by itself.
   */
  const unlockFx = attach({ source: $engineKey, effect: (key) => engineOf(key)?.unlock() });
  const $playHeld = createStore(false)
    .on(playHeld, () => true)
    .on(playReleased, () => false);
  const $playPending = createStore(false)
    .on(playDeferred, () => true)
    .reset(playFx);
  return {
    $engineKey, $source, $autoplay, $volume, $muted, $fallbackMuted, connectEngineFx, loadSourceFx, playFx, pauseFx, prefetchSourceFx, playRefused,
    unlockFx, $playHeld, $playPending,
  };
}

type Engine = ReturnType<typeof createEngine>;

/** How a requested source is taken: the page's source kept and connected to, or another loaded. */
function takeSources(events: PlaybackEvents, { $engineKey, $source, connectEngineFx, loadSourceFx }: Engine) {
  const { engineAttached, pageSourceKept, pageStartAdopted, sourceRequested } = events;
  /** The source the page's start loaded (src/start), until the model takes its first source: that one, or another. */
  const $pageSource = createStore<PageSource | null>(null).on(pageStartAdopted, (_, { source }) => source);
  /** The request that keeps the page's source: the very value, so a later request is another source. */
  const keptRequest = pageSourceKept.map(({ url, startTime }): SourceRequest => ({ url, startTime }));
  const $keptRequest = createStore<SourceRequest | null>(null).on(keptRequest, (_, request) => request);
  sample({ clock: keptRequest, target: sourceRequested });

  // Without a page source, the model listens from the engine's arrival.
  sample({ clock: engineAttached, source: $pageSource, filter: (page) => page === null, fn: (_, engine) => ({ key: engine.key, early: false }), target: connectEngineFx });

  // A source requested before the engine exists is taken as soon as it arrives.
  const sourceTaken = sample({
    clock: [sourceRequested, engineAttached],
    source: { key: $engineKey, source: $source, page: $pageSource, kept: $keptRequest },
    filter: ({ key, source }) => key !== null && source !== null,
    fn: ({ key, source, page, kept }) => ({ key: key!, source: source!, page, kept: kept !== null && kept === source }),
  });
  $pageSource.reset(sourceTaken);
  $keptRequest.reset(sourceTaken);
  sample({ clock: sourceTaken, filter: ({ kept }) => kept, fn: ({ key }) => ({ key, early: true }), target: connectEngineFx });
  const loadTaken = sample({ clock: sourceTaken, filter: ({ kept }) => !kept });
  // Another source replaces the page's: the model, not listening yet, listens before it loads.
  sample({ clock: loadTaken, filter: ({ page }) => page !== null, fn: ({ key }) => ({ key, early: false }), target: connectEngineFx });
  sample({ clock: loadTaken, fn: ({ source }) => source, target: loadSourceFx });
  return { $pageSource };
}

/** The commands: autoplay, play, pause and toggle, the hold, the retry. */
function wireCommands(events: PlaybackEvents, { $currentTime, $isPlaying }: PlaybackStatusModel, engine: Engine) {
  const { autoplaySet, pauseClicked, playClicked, playDeferred, playReleased, playRequested, retryClicked, sourceReady, sourceRequested, togglePlayClicked } = events;
  const { $autoplay, $playHeld, $playPending, $source, pauseFx, playFx } = engine;
  /** Autoplay asks for play: the source is ready and autoplay is on. */
  const autoplayRequested = sample({ clock: sourceReady, filter: $autoplay });
  sample({ clock: autoplayRequested, target: playRequested });
  sample({ clock: playClicked, target: playRequested });
  sample({ clock: pauseClicked, target: pauseFx });
  sample({ clock: togglePlayClicked, filter: $isPlaying, target: pauseFx });
  sample({ clock: togglePlayClicked, filter: $isPlaying.map((playing) => !playing), target: playRequested });

  sample({ clock: playRequested, filter: $playHeld.map((held) => !held), target: playFx });
  sample({ clock: playRequested, filter: $playHeld, target: playDeferred });
  sample({ clock: playReleased, source: $playPending, filter: Boolean, target: playFx });

  // Retrying resumes where the viewer was and plays.
  // The playhead is read at the click (a single-store source): a combined source would be
  // recomputed on every time update.
  const retryAt = sample({ clock: retryClicked, source: $currentTime });
  sample({
    clock: retryAt,
    source: $source,
    filter: (source) => source !== null,
    fn: (source, time) => ({ url: source!.url, startTime: time }),
    target: sourceRequested,
  });
  sample({ clock: retryClicked, fn: () => true, target: autoplaySet });
  return { autoplayRequested };
}

/** Playback's engine, source and commands, made in the order the module once made them. */
export function createEngineModel(events: PlaybackEvents, status: PlaybackStatusModel) {
  const engine = createEngine(events);
  const { $engineKey, $source, $autoplay, $volume, $muted, $fallbackMuted, playFx, pauseFx, prefetchSourceFx, playRefused, unlockFx, $playHeld } = engine;
  const { $pageSource } = takeSources(events, engine);
  const { autoplayRequested } = wireCommands(events, status, engine);
  return {
    $engineKey, $source, $autoplay, $volume, $muted, $fallbackMuted, playFx, pauseFx, prefetchSourceFx, playRefused, unlockFx, $playHeld, $pageSource,
    autoplayRequested,
  };
}

export type PlaybackEngineModel = ReturnType<typeof createEngineModel>;
