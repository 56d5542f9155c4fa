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
