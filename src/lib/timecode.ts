/** Formats seconds as h:mm:ss (SPEC.md: resume prompt and share popup). Negative or non-finite input reads 0:00:00. */
export function formatHms(totalSeconds: number): string {
  const whole = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * Converts a timecode query value to whole seconds. Only strings made of digits and dots
 * convert (SPEC.md §5); anything else yields null.
 */
export function parseTimecode(value: string | null | undefined): number | null {
  if (value == null || !/^[\d.]+$/.test(value) || !/\d/.test(value)) return null;
  const seconds = Number.parseInt(value, 10);
  return Number.isSafeInteger(seconds) ? seconds : null;
}
