import type { EpisodeChoice } from '../series/model';
import { FINISHED_MARGIN_S, isWatchedToEnd, sanitizeProgress } from '../../lib/watched';

/** Positions within this margin of the end count as finished: the episode starts over without a prompt (lib/watched.ts). */
export { FINISHED_MARGIN_S, sanitizeProgress };

export interface StartInput {
  choice: EpisodeChoice;
  episodeId: number;
  /** The episode's duration from the catalogue, when known. */
  duration: number | null;
  /** `t` from the query: applies to the first episode only. */
  startTime: number | null;
  /** `episode_time` from the query: applies to the first episode only. */
  episodeTime: number | null;
  saved: Readonly<Record<string, number>>;
}

export interface StartDecision {
  /** Where the source loads. */
  startTime: number;
  /** A saved position to offer in the resume prompt, or null for no prompt. */
  resumeAt: number | null;
  /** Whether to play as soon as the source is ready; null keeps the embedder's auto_play. */
  autoplay: boolean | null;
}

/** Worth a resume prompt: 1 s or more (the prompt shows whole seconds, so less would offer 0:00:00) and not finished. */
export function isResumable(position: number | null | undefined, duration: number | null): position is number {
  if (position == null || !Number.isFinite(position) || position < 1) return false;
  return !isWatchedToEnd(position, duration);
}

/** `t` when it lies inside the episode (or the duration is unknown); one at or past the end is ignored, as if absent. */
function linkTime({ startTime, duration }: Pick<StartInput, 'startTime' | 'duration'>): number | null {
  return startTime !== null && (duration == null || duration <= 0 || startTime < duration) ? startTime : null;
}

/**
 * Where an episode starts and whether the resume prompt shows (SPEC.md §2, §4): `t` starts at
 * its time without a prompt, whatever position was saved; a saved position (or `episode_time`)
 * shows the prompt before the first start; the next-episode button and auto-advance start from 0
 * and play.
 */
export function decideStart(input: StartInput): StartDecision {
  if (input.choice === 'next' || input.choice === 'auto') return { startTime: 0, resumeAt: null, autoplay: true };
  const time = input.choice === 'start' ? linkTime(input) : null;
  if (time !== null) return { startTime: time, resumeAt: null, autoplay: null };
  const position = (input.choice === 'start' ? input.episodeTime : null) ?? input.saved[String(input.episodeId)];
  if (isResumable(position, input.duration)) return { startTime: 0, resumeAt: Math.floor(position), autoplay: false };
  return { startTime: 0, resumeAt: null, autoplay: input.choice === 'menu' ? true : null };
}

/**
 * How the content starts once its source is ready: with sound (and muted if the browser refuses
 * sound), muted because the viewer muted it, or on the viewer's click.
 */
export type StartPlay = 'sound' | 'muted' | 'click';

/** The start of one episode, decided once (planStart) by whoever starts it first. */
export interface StartPlan {
  episodeId: number;
  /** Where the source loads. */
  startTime: number;
  /** A saved position to offer in the resume prompt, or null for no prompt. */
  resumeAt: number | null;
  /** A pre-roll comes before the content's first frame. */
  preroll: boolean;
  play: StartPlay;
}

interface StartPlanInput extends StartInput {
  /** The embedder's auto_play. */
  autoPlay: boolean;
  /** The ad plan has a pre-roll for this start. */
  preroll: boolean;
  /** The viewer's stored mute (`player-muted`). */
  muted: boolean;
}

/**
 * The one rule for an episode's start (issue 38): where it loads, whether the resume prompt shows,
 * whether a pre-roll comes first, and how it plays. The page's start (src/start) applies it before
 * the models exist and hands its plan over; the models apply it to every later episode.
 */
export function planStart(input: StartPlanInput): StartPlan {
  const decision = decideStart(input);
  const autoplay = decision.resumeAt === null && (decision.autoplay ?? input.autoPlay);
  return {
    episodeId: input.episodeId,
    startTime: decision.startTime,
    resumeAt: decision.resumeAt,
    preroll: input.preroll,
    play: !autoplay ? 'click' : input.muted ? 'muted' : 'sound',
  };
}
