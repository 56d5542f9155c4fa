import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { throttle } from 'patronum';
import { PROGRESS_SAVE_THROTTLE_MS } from '../../lib/constants';
import { $currentEpisode, episodeChosen } from '../session';
import { $currentTime, mediaEnded, mediaPaused, mediaPlaying, mediaTimeUpdated } from '../playback';
import { sanitizeProgress } from './start';

export type ProgressMap = Record<string, number>;

/** Reads the raw `episodesTimeProgress` value; the model sanitises whatever comes back. */
export const readProgressFx = createEffect<void, unknown>();
export const writeProgressFx = createEffect<ProgressMap, void>();

export const progressStarted = createEvent();
/** The page is going away or hidden: save now (pagehide, visibilitychange to hidden). */
export const pageLeft = createEvent();

// Resume prompt intents and facts.
export const resumeOffered = createEvent<number>();
export const continueClicked = createEvent();
export const startOverClicked = createEvent();

export const $savedProgress = createStore<ProgressMap>({}).on(readProgressFx.doneData, (_, raw) => sanitizeProgress(raw));

/** Whether the current episode has played since it became current; nothing is saved before. */
const $started = createStore(false)
  .on(mediaPlaying, () => true)
  .reset(episodeChosen);

/** The viewer answered the prompt: where to play from. */
export const resumeAnswered = createEvent<number>();

export const $resumePrompt = createStore<number | null>(null)
  .on(resumeOffered, (_, position) => position)
  .reset([resumeAnswered, episodeChosen, mediaPlaying]);

sample({ clock: progressStarted, target: readProgressFx });

sample({ clock: continueClicked, source: $resumePrompt, filter: (at): at is number => at !== null, target: resumeAnswered });
sample({ clock: startOverClicked, fn: () => 0, target: resumeAnswered });

const playingTick = sample({ clock: mediaTimeUpdated, filter: $started });
// patronum's throttle emits at the end of each window, so the first tick is never saved at once.
const throttledTick = throttle({ source: playingTick, timeout: PROGRESS_SAVE_THROTTLE_MS });

const $position = combine($currentEpisode, $currentTime, (episode, time) =>
  episode ? { id: String(episode.id), seconds: Math.floor(time) } : null,
);

const positionReached = sample({
  clock: [throttledTick, mediaPaused, mediaEnded, pageLeft],
  source: { position: $position, started: $started, saved: $savedProgress },
  filter: ({ position, started }) => started && position !== null && Number.isFinite(position.seconds),
  fn: ({ position, saved }): ProgressMap => ({ ...saved, [position!.id]: Math.max(0, position!.seconds) }),
});

sample({ clock: positionReached, target: [$savedProgress, writeProgressFx] });
