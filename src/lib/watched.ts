/**
 * The viewer's saved positions on this device (`episodesTimeProgress`, SPEC.md §3): one reading of
 * the stored value and one finish margin, shared by the resume prompt (features/progress) and the
 * episode choice's rule 3 (features/session), in the models and in the page's early start alike.
 */

/** Positions this close to an episode's end count as finished: no resume prompt, and the episode counts as watched. */
export const FINISHED_MARGIN_S = 5;

/** Keeps only entries of episode id → non-negative finite seconds; anything else is dropped. */
export function sanitizeProgress(raw: unknown): Record<string, number> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const clean: Record<string, number> = {};
  for (const [id, seconds] of Object.entries(raw)) {
    if (/^\d+$/.test(id) && typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) clean[id] = seconds;
  }
  return clean;
}

/** The position is within the finish margin of a known duration. Without a duration nothing counts as finished. */
export function isWatchedToEnd(position: number | null | undefined, duration: number | null | undefined): boolean {
  if (position == null || !Number.isFinite(position) || duration == null || !(duration > 0)) return false;
  return position >= duration - FINISHED_MARGIN_S;
}
