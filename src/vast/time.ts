/** VAST time values: `[[hh:]mm:]ss[.fraction]` (SPEC.md §5) and, beyond the spec, `N%`. */

const CLOCK = /^(?:(?:(\d+):)?(\d{1,2}):)?(\d+(?:\.\d+)?)$/;

/** Seconds from `[[hh:]mm:]ss[.fraction]`, or null when the text is not of that form. */
export function parseVastTime(text: string | null | undefined): number | null {
  if (text == null) return null;
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  if (minutes !== undefined && Number(minutes) >= 60) return null;
  if ((minutes !== undefined || hours !== undefined) && Number(seconds) >= 60) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds);
}

/**
 * An offset (skipoffset, progress offset) in seconds: a time, or a percentage of `duration`.
 * A percentage without a known duration cannot be placed and is null.
 */
export function parseVastOffset(text: string | null | undefined, duration: number | null): number | null {
  if (text == null) return null;
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text.trim());
  if (percent) {
    const share = Number(percent[1]);
    return duration !== null && share <= 100 ? round3((duration * share) / 100) : null;
  }
  return parseVastTime(text);
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
