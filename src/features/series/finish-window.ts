/**
 * The end-of-episode card (SPEC.md §7 finishEpisode_window_*), for an episode that has a next one,
 * never during an ad. It opens for one of two reasons (`trigger`, in every finishEpisode_window_*):
 * - 'end': in the last FINISH_WINDOW_LEAD_S seconds, counting down to the end. Closing only hides
 *   the card; auto-advance at the end still happens (§4).
 * - 'credits' (issue 41), instead of 'end' for an episode with a credits chapter: when the credits
 *   start, counting down FINISH_WINDOW_LEAD_S seconds (never past the end). At zero the next
 *   episode starts, as at the end (creditsCountdownEnded; embed's loop holds it back as it holds
 *   the end's). 'Смотреть титры' closes the card and lets the credits play.
 * Closed either way (×, 'Смотреть титры'), the card stays away for the rest of the episode: it
 * does not reopen at the fixed time before the end.
 */
import { combine, createEvent, createStore, sample, type Event, type EventCallable, type Store } from 'effector';
import type { EpisodeDto } from '../../api/dto';
import { FINISH_WINDOW_LEAD_S, MIDROLL_MAX_TICK_S } from '../../lib/constants';
import { sendStatFx, stat } from '../../platform/stats';
import type { StatName } from '../../platform/stat-events';

export type FinishTrigger = 'credits' | 'end';

interface FinishWindow {
  trigger: FinishTrigger;
  /** Whole seconds left of the countdown. */
  secondsLeft: number;
}

/** Where the credits' countdown ends: FINISH_WINDOW_LEAD_S into the credits, or the episode's end. */
function creditsCountdownEnd(creditsStart: number, duration: number): number {
  return Math.min(creditsStart + FINISH_WINDOW_LEAD_S, duration);
}

/**
 * The card's window at `time`: for an episode with a credits chapter, the credits' first
 * FINISH_WINDOW_LEAD_S seconds only (its countdown ends in the next episode, so the end's window
 * would only flash up between the two); else the last FINISH_WINDOW_LEAD_S seconds. Null outside.
 */
export function finishWindowAt(time: number, duration: number, creditsStart: number | null): FinishWindow | null {
  if (!(duration > 0) || time <= 0) return null;
  if (creditsStart !== null && creditsStart < duration) {
    const end = creditsCountdownEnd(creditsStart, duration);
    return time >= creditsStart && time < end ? { trigger: 'credits', secondsLeft: Math.ceil(end - time) } : null;
  }
  const left = duration - time;
  return left <= FINISH_WINDOW_LEAD_S && left > 0 ? { trigger: 'end', secondsLeft: Math.ceil(left) } : null;
}

/**
 * The credits' countdown ran out at `time`: the playhead played past its end, which comes before
 * the episode's (at the episode's end, auto-advance is the end's). A jump past it is a seek, not
 * the countdown running out.
 */
export function creditsCountdownOver(time: number, creditsStart: number, duration: number): boolean {
  const end = creditsCountdownEnd(creditsStart, duration);
  return end < duration && time >= end && time < end + MIDROLL_MAX_TICK_S;
}

/** What the end-of-episode card hears from the other features, named by what it is to the card. */
export interface FinishWindowDeps {
  /** The playhead and the episode's length (playback). */
  $currentTime: Store<number>;
  $duration: Store<number>;
  /** The ad break's phase (ads): no card while one runs. */
  $breakPhase: Store<string>;
  /** The episode's credits chapter, when it has one (chapters). */
  $creditsChapter: Store<{ start: number } | null>;
  /** An episode became current (session): the card's state starts anew. */
  episodeChosen: Event<unknown>;
}

/** The series' own units the card reads and fires. */
interface SeriesUnits {
  $nextEpisode: Store<EpisodeDto | null>;
  nextEpisodeClicked: EventCallable<void>;
}

/** The end-of-episode card, on the series' next episode and the units of the features it hears. */
export function createFinishWindow(deps: FinishWindowDeps, { $nextEpisode, nextEpisodeClicked }: SeriesUnits) {
  const finishWindowNextClicked = createEvent();
  const finishWindowClosed = createEvent();
  /** 'Смотреть титры'. */
  const finishWindowCreditsClicked = createEvent();
  /** The credits' countdown ran out with the card up: the next episode is due. */
  const creditsCountdownEnded = createEvent();

  /** Closed by the viewer for the current episode. */
  const $closed = createStore(false).reset(deps.episodeChosen);

  const $creditsStart = deps.$creditsChapter.map((chapter) => chapter?.start ?? null);
  const $window = combine(deps.$currentTime, deps.$duration, $creditsStart, finishWindowAt);

  /**
   * Why the card is up ('credits' offers 'Смотреть титры'); null while it is not. One combine over
   * the inputs: a combine fed both by a combine and by that combine's own input was not always
   * recomputed in a scope.
   */
  const $finishTrigger = combine($window, $nextEpisode, deps.$breakPhase, $closed, (window, next, adPhase, closed): FinishTrigger | null =>
    window !== null && next !== null && adPhase !== 'running' && !closed ? window.trigger : null,
  );
  const $finishWindowShown = $finishTrigger.map((trigger) => trigger !== null);
  /** The countdown on the card, in whole seconds. */
  const $finishCountdown = $window.map((window) => window?.secondsLeft ?? 0);

  // Each intent is read with the card as it was (a store changed by the intent itself would show
  // the card already gone), then acted on.
  const $statTrigger = $finishTrigger.map((trigger): FinishTrigger => trigger ?? 'end');
  const nextChosen = sample({ clock: finishWindowNextClicked, source: { shown: $finishWindowShown, trigger: $statTrigger } });
  const closedWith = sample({ clock: finishWindowClosed, source: $statTrigger });
  const creditsChosen = sample({ clock: finishWindowCreditsClicked, source: $statTrigger, filter: (trigger) => trigger === 'credits' });
  $closed.on([closedWith, creditsChosen], () => true);
  sample({ clock: nextChosen, filter: ({ shown }) => shown, fn: () => undefined, target: nextEpisodeClicked });

  countCredits(deps, { $finishTrigger, $creditsStart, $nextEpisode, reset: [closedWith, creditsChosen], creditsCountdownEnded });

  // Statistics, each with the card's trigger ('end' when it is not up).
  const windowStat = (event: Extract<StatName, `finishEpisode_window_${string}`>) => (trigger: FinishTrigger) => stat(event, { trigger });
  sample({
    clock: $finishTrigger.updates,
    filter: (trigger): trigger is FinishTrigger => trigger !== null,
    fn: (trigger) => windowStat('finishEpisode_window_show')(trigger!),
    target: sendStatFx,
  });
  sample({ clock: nextChosen, fn: ({ trigger }) => windowStat('finishEpisode_window_next_click')(trigger), target: sendStatFx });
  sample({ clock: closedWith, fn: windowStat('finishEpisode_window_close'), target: sendStatFx });
  sample({ clock: creditsChosen, fn: windowStat('finishEpisode_window_credits_click'), target: sendStatFx });

  return { finishWindowNextClicked, finishWindowClosed, finishWindowCreditsClicked, creditsCountdownEnded, $finishTrigger, $finishWindowShown, $finishCountdown };
}

interface CreditsUnits {
  $finishTrigger: Store<FinishTrigger | null>;
  $creditsStart: Store<number | null>;
  $nextEpisode: Store<EpisodeDto | null>;
  /** The viewer closed the card, or chose to watch the credits. */
  reset: Array<Event<unknown>>;
  creditsCountdownEnded: EventCallable<void>;
}

/** The credits' countdown running out with the card up starts the next episode (creditsCountdownEnded). */
function countCredits(deps: FinishWindowDeps, { $finishTrigger, $creditsStart, $nextEpisode, reset, creditsCountdownEnded }: CreditsUnits) {
  /** The card has been up with the credits' countdown: its running out starts the next episode. */
  const $creditsCounting = createStore(false)
    .on($finishTrigger.updates, (counting, trigger) => trigger === 'credits' || counting)
    .reset([...reset, deps.episodeChosen, creditsCountdownEnded]);
  // Back before the credits, the countdown starts again when they do.
  sample({
    clock: deps.$currentTime.updates,
    source: $creditsStart,
    filter: (start, time) => start !== null && time < start,
    fn: () => false,
    target: $creditsCounting,
  });
  sample({
    clock: deps.$currentTime.updates,
    source: { counting: $creditsCounting, start: $creditsStart, duration: deps.$duration, next: $nextEpisode, adPhase: deps.$breakPhase },
    filter: ({ counting, start, duration, next, adPhase }, time) =>
      counting && start !== null && next !== null && adPhase !== 'running' && creditsCountdownOver(time, start, duration),
    fn: () => undefined,
    target: creditsCountdownEnded,
  });
}
