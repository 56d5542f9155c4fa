import { PLAYBACK_PROGRESS_MARKS } from '../../lib/constants';

export type ProgressMark = (typeof PLAYBACK_PROGRESS_MARKS)[number];

/**
 * Marks newly reached at this position, in order. A mark already sent is never sent again,
 * so seeking back and playing through does not repeat it; seeking forward past marks sends
 * each skipped mark once. The end mark (1) counts as reached within half a second of the end,
 * because media rarely reports currentTime equal to duration.
 */
export function marksReached(position: number, duration: number, sent: ReadonlySet<number>): ProgressMark[] {
  if (!Number.isFinite(position) || !Number.isFinite(duration) || duration <= 0) return [];
  return PLAYBACK_PROGRESS_MARKS.filter((mark) => {
    if (sent.has(mark)) return false;
    // On media under 10 s, end minus half a second comes before 0.95: never send 1 before it.
    return mark === 1 ? position >= Math.max(duration - 0.5, 0.95 * duration) : position >= mark * duration;
  });
}
