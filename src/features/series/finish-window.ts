/**
 * The end-of-episode card (SPEC.md §7 finishEpisode_window_*): in the last FINISH_WINDOW_LEAD_S
 * seconds of an episode that has a next one, a card offers the next episode with a countdown.
 * Closing only hides the card; auto-advance at the end still happens (§4). Not during an ad.
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { FINISH_WINDOW_LEAD_S } from '../../lib/constants';
import { sendStatFx } from '../../platform/stats';
import { $currentTime, $duration } from '../playback';
import { $breakPhase } from '../ads';
import { episodeChosen } from '../session';
import { $nextEpisode, nextEpisodeClicked } from './model';

export const finishWindowNextClicked = createEvent();
export const finishWindowClosed = createEvent();

/** Closed by the viewer for the current episode. */
const $closed = createStore(false).on(finishWindowClosed, () => true).reset(episodeChosen);

/** Whole seconds left of the episode while the card may show; null outside the window. */
const $secondsLeft = combine($currentTime, $duration, (time, duration): number | null => {
  if (!(duration > 0) || time <= 0) return null;
  const left = duration - time;
  return left <= FINISH_WINDOW_LEAD_S && left > 0 ? Math.ceil(left) : null;
});

export const $finishWindowShown = combine(
  $secondsLeft,
  $nextEpisode,
  $breakPhase,
  $closed,
  (left, next, adPhase, closed) => left !== null && next !== null && adPhase !== 'running' && !closed,
);
/** The countdown on the card, in whole seconds. */
export const $finishCountdown = $secondsLeft.map((left) => left ?? 0);

sample({ clock: finishWindowNextClicked, filter: $finishWindowShown, target: nextEpisodeClicked });

sample({ clock: $finishWindowShown.updates, filter: Boolean, fn: () => ({ event: 'finishEpisode_window_show' }), target: sendStatFx });
sample({ clock: finishWindowNextClicked, fn: () => ({ event: 'finishEpisode_window_next_click' }), target: sendStatFx });
sample({ clock: finishWindowClosed, fn: () => ({ event: 'finishEpisode_window_close' }), target: sendStatFx });
