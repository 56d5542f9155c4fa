import { attach, combine, createEffect, createEvent, createStore, sample, scopeBind, type Event, type EventCallable, type Store, type StoreWritable } from 'effector';
import { throttle } from 'patronum/throttle';
import { PROGRESS_SAVE_THROTTLE_MS, STORAGE_KEYS } from '../../lib/constants';
import type { MediaKey } from '../../engine/types';
import { $storage } from '../../platform/storage';
import { watchPageLeave } from '../../platform/visibility';
import { sanitizeProgress, type StartPlan } from './start';
import { engineOf } from '../../engine/engines';

export type ProgressMap = Record<string, number>;

const KEY = STORAGE_KEYS.episodesTimeProgress;

/**
 * Reads the raw `episodesTimeProgress` value; the model sanitises whatever comes back.
 * In tests, fork handlers receive (storage).
 */
export const readProgressFx = attach({ source: $storage, effect: (storage): unknown => storage.read(KEY) });
/**
 * Another tab may have saved other episodes since we read: merges into a fresh read, ours win.
 * Quota or disabled storage make the write a no-op, never an error. In tests, fork handlers
 * receive (storage, map).
 */
export const writeProgressFx = attach({
  source: $storage,
  effect: (storage, map: ProgressMap): void => void storage.write(KEY, { ...sanitizeProgress(storage.read(KEY)), ...map }),
});

/** What progress hears from the other features, named by what it is to progress. */
export interface ProgressDeps {
  /** The app took the page's start (session), with the start episode's plan when the page made one. */
  startAdopted: Event<{ plan: StartPlan | null }>;
  /** An episode became current (session): its saving starts anew, and a prompt for another goes. */
  episodeChosen: Event<unknown>;
  /** The episode whose position is saved (session). */
  $currentEpisode: Store<{ id: number } | null>;
  /** The playhead in whole seconds (playback). */
  $currentSecond: Store<number>;
  /** The media engine (playback), read when the page is left. */
  $engineKey: Store<MediaKey | null>;
  /** The media's facts (playback). */
  mediaPlaying: Event<unknown>;
  mediaPaused: Event<unknown>;
  mediaEnded: Event<unknown>;
  mediaTimeUpdated: Event<unknown>;
}

export type ProgressModel = ReturnType<typeof createProgress>;

/** Progress saving and the resume prompt, built on the units of the features progress hears. */
export function createProgress(deps: ProgressDeps) {
  const progressStarted = createEvent();
  /** The page is going away or hidden: save now (pagehide, visibilitychange to hidden). */
  const pageLeft = createEvent();

  const watchPageLeaveFx = createEffect(() => {
    watchPageLeave(scopeBind(pageLeft, { safe: true }));
  });

  // Resume prompt intents and facts.
  const resumeOffered = createEvent<number>();
  /** How the page's start planned the start episode before the app (src/start), when it got that far: the model takes that plan. */
  const $adoptedPlan = createStore<StartPlan | null>(null, { serialize: 'ignore' }).on(deps.startAdopted, (_, { plan }) => plan);
  const continueClicked = createEvent();
  const startOverClicked = createEvent();

  const $savedProgress = createStore<ProgressMap>({}).on(readProgressFx.doneData, (_, raw) => sanitizeProgress(raw));

  /** Whether the current episode has played since it became current; nothing is saved before. */
  const $started = createStore(false)
    .on(deps.mediaPlaying, () => true)
    .reset(deps.episodeChosen);

  /** The viewer answered the prompt: where to play from. */
  const resumeAnswered = createEvent<number>();

  const $resumePrompt = createStore<number | null>(null)
    .on(resumeOffered, (_, position) => position)
    .reset([resumeAnswered, deps.episodeChosen, deps.mediaPlaying]);

  sample({ clock: progressStarted, target: [readProgressFx, watchPageLeaveFx] });

  sample({ clock: continueClicked, source: $resumePrompt, filter: (at): at is number => at !== null, target: resumeAnswered });
  sample({ clock: startOverClicked, fn: () => 0, target: resumeAnswered });

  saveProgress(deps, { $started, $savedProgress, pageLeft });

  return {
    progressStarted,
    pageLeft,
    resumeOffered,
    $adoptedPlan,
    continueClicked,
    startOverClicked,
    resumeAnswered,
    $resumePrompt,
    $savedProgress,
  };
}

interface SaveSource {
  position: { id: string; seconds: number } | null;
  started: boolean;
  saved: ProgressMap;
}
const canSave = ({ position, started }: SaveSource) => started && position !== null && Number.isFinite(position.seconds);
const withPosition = ({ position, saved }: SaveSource): ProgressMap => ({ ...saved, [position!.id]: Math.max(0, position!.seconds) });

/** Saves the current episode's position while it plays, when it pauses or ends, and when the page is left. */
function saveProgress(deps: ProgressDeps, own: { $started: Store<boolean>; $savedProgress: StoreWritable<ProgressMap>; pageLeft: EventCallable<void> }) {
  const { $started, $savedProgress, pageLeft } = own;
  const playingTick = sample({ clock: deps.mediaTimeUpdated, filter: $started });
  // patronum's throttle emits at the end of each window, so the first tick is never saved at once.
  const throttledTick = throttle({ source: playingTick, timeout: PROGRESS_SAVE_THROTTLE_MS });

  // Whole seconds are saved, so the position follows the second, not every time update.
  const $position = combine(deps.$currentEpisode, deps.$currentSecond, (episode, seconds) => (episode ? { id: String(episode.id), seconds } : null));

  const positionReached = sample({
    clock: [throttledTick, deps.mediaPaused, deps.mediaEnded],
    source: { position: $position, started: $started, saved: $savedProgress },
    filter: canSave,
    fn: withPosition,
  });

  /**
   * Leaving saves the media's own time, read at that moment: $currentTime can trail it by a tick,
   * and floored on top of that the save could fall a second or more behind (issue 10, nothing lost).
   */
  const readLeaveTimeFx = attach({ source: deps.$engineKey, effect: (key) => engineOf(key)?.readTime().currentTime ?? null });
  sample({ clock: pageLeft, target: readLeaveTimeFx });
  const leftAt = sample({
    clock: readLeaveTimeFx.finally,
    source: { position: $position, started: $started, saved: $savedProgress },
    fn: (source, result): SaveSource => {
      const fresh = result.status === 'done' ? result.result : null;
      return fresh !== null && Number.isFinite(fresh) && source.position ? { ...source, position: { ...source.position, seconds: Math.floor(fresh) } } : source;
    },
  });
  const positionLeft = sample({ clock: leftAt, filter: canSave, fn: withPosition });

  sample({ clock: [positionReached, positionLeft], target: [$savedProgress, writeProgressFx] });
}
