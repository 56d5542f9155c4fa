/** `value` as an absolute http(s) URL (resolved against `base` when given), or null for anything else. */
export function httpUrl(value: string, base?: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An http(s) origin written as one (`https://site.example`, a trailing '/' allowed); null for a URL with a path, query or credentials. */
export function originOf(token: string): string | null {
  try {
    const url = new URL(token);
    const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins a space-separated list names (the `data-allowed-origins` page setting), normalised
 * and without repeats; null when the setting is absent or blank. Tokens that are not http(s)
 * origins are dropped, and a list with none left allows none: a typo must not open the player
 * to every page.
 */
export function parseOriginList(value: string | undefined | null): string[] | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const origins = value
    .trim()
    .split(/\s+/)
    .map(originOf)
    .filter((origin): origin is string => origin !== null);
  return [...new Set(origins)];
}
