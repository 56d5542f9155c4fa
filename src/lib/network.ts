export type NetworkClass = 'gprs' | '2g' | '3g' | '4g' | 'wifi';

/** Network class from a bandwidth estimate in kB/s (SPEC.md §9). Unknown estimates read as null. */
export function networkClass(kilobytesPerSecond: number): NetworkClass | null {
  if (!Number.isFinite(kilobytesPerSecond) || kilobytesPerSecond < 0) return null;
  if (kilobytesPerSecond < 50) return 'gprs';
  if (kilobytesPerSecond < 300) return '2g';
  if (kilobytesPerSecond < 1000) return '3g';
  if (kilobytesPerSecond < 4000) return '4g';
  return 'wifi';
}

/** hls.js reports bits per second; the spec's classes are in kilobytes per second. */
export const bitsToKilobytes = (bitsPerSecond: number) => bitsPerSecond / 8 / 1000;
