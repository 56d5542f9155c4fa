/** `value` as an absolute http(s) URL (resolved against `base` when given), or null for anything else. */
export function httpUrl(value: string, base?: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
