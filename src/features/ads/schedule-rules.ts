/** The demo mid-roll clock: content time actually played, not wall time, not seeks. */
import { DEMO_MIDROLL_INTERVAL_S, MIDROLL_MAX_TICK_S } from '../../lib/constants';

export interface PlayClock {
  /** Seconds of content played since the page started. */
  played: number;
  /** The last content time seen, or null before the first tick or after a source change. */
  lastTime: number | null;
}

export const INITIAL_CLOCK: PlayClock = { played: 0, lastTime: null };

/** A time update: forward steps of at most MIDROLL_MAX_TICK_S count as played; jumps do not. */
export function clockTicked(clock: PlayClock, currentTime: number): PlayClock {
  const delta = clock.lastTime === null ? 0 : currentTime - clock.lastTime;
  const counted = delta > 0 && delta <= MIDROLL_MAX_TICK_S ? delta : 0;
  return { played: clock.played + counted, lastTime: currentTime };
}

/** A seek moves the reference point without counting the jump. */
export function clockSeeked(clock: PlayClock, currentTime: number): PlayClock {
  return { played: clock.played, lastTime: currentTime };
}

/** A mid-roll is due after every DEMO_MIDROLL_INTERVAL_S of played time since the last one. */
export function midrollDue(played: number, playedAtLastBreak: number): boolean {
  return played - playedAtLastBreak >= DEMO_MIDROLL_INTERVAL_S;
}

/**
 * Content time of the next demo mid-roll if the viewer plays on from `clock.lastTime` without a
 * seek; null while no content time is known. Rounded to 10 ms: it stays the same value from tick
 * to tick of steady play, so the marks are not recomputed on every time update.
 */
export function nextMidrollTime(clock: PlayClock, playedAtLastBreak: number): number | null {
  if (clock.lastTime === null) return null;
  // A due mid-roll held back (native fullscreen) comes as soon as it can: here.
  const left = Math.max(0, DEMO_MIDROLL_INTERVAL_S - (clock.played - playedAtLastBreak));
  return Math.round((clock.lastTime + left) * 100) / 100;
}

/** Below this share of the track between two marks they would blur into a line. */
export const MIDROLL_MARK_MIN_SPACING = 0.01;

/**
 * The seek slider's mid-roll marks, as fractions of the content: the next mid-roll, then one every
 * DEMO_MIDROLL_INTERVAL_S of play, before the end. Where they would blur into a line (a long film),
 * only the next one is marked.
 */
export function midrollMarks(next: number | null, duration: number): number[] {
  if (next === null || !(duration > 0) || next >= duration) return [];
  if (DEMO_MIDROLL_INTERVAL_S / duration < MIDROLL_MARK_MIN_SPACING) return [next / duration];
  const marks: number[] = [];
  for (let time = next, n = 1; time < duration; time = next + n++ * DEMO_MIDROLL_INTERVAL_S) marks.push(time / duration);
  return marks;
}
