/** Macros of pinged links (IAB VAST 4 §4): values are URL-encoded. */

export interface MacroValues {
  /** The error code, for error links; [ERRORCODE] becomes 900 when none is given (SPEC.md §7). */
  errorCode?: number;
  now: Date;
  /** A source of randomness in [0, 1). */
  random: () => number;
}

const UNDEFINED_ERROR_CODE = 900;

/** 8 random digits; leading zeros kept, as IAB asks for a fixed width. */
export function cacheBuster(random: () => number): string {
  return String(Math.floor(random() * 1e8)).padStart(8, '0');
}

/** Replaces [ERRORCODE], [CACHEBUSTING] and [TIMESTAMP] (also written %%NAME%% or %5BNAME%5D). */
export function fillMacros(url: string, { errorCode, now, random }: MacroValues): string {
  const values: Record<string, () => string> = {
    ERRORCODE: () => String(errorCode ?? UNDEFINED_ERROR_CODE),
    CACHEBUSTING: () => cacheBuster(random),
    TIMESTAMP: () => now.toISOString(),
  };
  return url.replace(/\[([A-Z_]+)\]|%%([A-Z_]+)%%|%5B([A-Z_]+)%5D/gi, (token, a?: string, b?: string, c?: string) => {
    const name = (a ?? b ?? c ?? '').toUpperCase();
    const value = values[name];
    return value ? encodeURIComponent(value()) : token;
  });
}
