import Cookies from 'js-cookie';

/** When a cookie lapses: a date, or a number of days from now (js-cookie's convention). */
export type CookieExpiry = Date | number;

/**
 * The cookies the player reads and writes (authToken, refreshToken, device_fp). The API layer
 * depends on this interface only; the page uses `browserCookies` (js-cookie), tests a memory store.
 */
export interface CookieStore {
  get(name: string): string | undefined;
  /** Several at once, in order, from one reading of the jar (document.cookie asks the browser each time). */
  getAll(names: readonly string[]): Array<string | undefined>;
  /** Writes at path `/`; without `expires` the cookie lasts for the browser session. */
  set(name: string, value: string, expires?: CookieExpiry): void;
  remove(name: string): void;
}

export interface CookieAttributes {
  path: '/';
  secure?: true;
  sameSite: 'None' | 'Lax';
  partitioned?: true;
}

/**
 * Attributes that let the player keep cookies inside a cross-site iframe. Measured in Chromium 156
 * (player on http://localhost inside http://127.0.0.1): Lax, and even `SameSite=None; Secure`
 * cookies are dropped in that frame (third-party cookies are blocked); only
 * `SameSite=None; Secure; Partitioned` (CHIPS) cookies are kept, keyed by the top-level site.
 * Secure needs a secure context (https, or localhost in Chromium); on plain http the cookie can
 * only be Lax, which works when the player is the top page or same-site with it.
 */
export function cookieAttributes(secureContext: boolean): CookieAttributes {
  return secureContext ? { path: '/', secure: true, sameSite: 'None', partitioned: true } : { path: '/', sameSite: 'Lax' };
}

/**
 * Cookies' values as js-cookie reads them, parsed once per state of document.cookie: error
 * reporting's scrubbing asks for three cookies on every breadcrumb, event and replay frame, and
 * js-cookie parses and decodes every cookie on each ask. Each call reads document.cookie once, so
 * a write from elsewhere is seen at the next call; `getAll` reads it once for all its names.
 */
function readOncePerChange(read: (name: string) => string | undefined, doc: { cookie: string } | undefined): Pick<CookieStore, 'get' | 'getAll'> {
  if (!doc) return { get: read, getAll: (names) => names.map(read) };
  let seen: string | null = null;
  const values = new Map<string, string | undefined>();
  const fresh = () => {
    const raw = doc.cookie;
    if (raw === seen) return;
    seen = raw;
    values.clear();
  };
  const cached = (name: string) => {
    if (!values.has(name)) values.set(name, read(name));
    return values.get(name);
  };
  const getAll = (names: readonly string[]) => {
    fresh();
    return names.map(cached);
  };
  return { get: (name) => getAll([name])[0], getAll };
}

/** document.cookie through js-cookie, with the attributes of `cookieAttributes`. */
export function createBrowserCookies(secureContext = typeof window !== 'undefined' && window.isSecureContext): CookieStore {
  const attributes = cookieAttributes(secureContext);
  const jar = Cookies.withAttributes(attributes);
  const { get, getAll } = readOncePerChange((name) => jar.get(name), typeof document === 'undefined' ? undefined : document);
  return {
    get,
    getAll,
    set: (name, value, expires) => {
      jar.set(name, value, expires === undefined ? {} : { expires });
    },
    remove: (name) => jar.remove(name),
  };
}

/** The page's cookie jar; created on first use so importing this module touches no DOM. */
let pageCookies: CookieStore | null = null;
export const browserCookies: CookieStore = {
  get: (name) => (pageCookies ??= createBrowserCookies()).get(name),
  getAll: (names) => (pageCookies ??= createBrowserCookies()).getAll(names),
  set: (name, value, expires) => (pageCookies ??= createBrowserCookies()).set(name, value, expires),
  remove: (name) => (pageCookies ??= createBrowserCookies()).remove(name),
};

export interface MemoryCookie {
  value: string;
  expires: Date | null;
}

/** An in-memory cookie store for tests; it honours expiry against `now`. */
export function createMemoryCookies(
  initial: Record<string, string> = {},
  now: () => number = Date.now,
): CookieStore & { entries(): Map<string, MemoryCookie> } {
  const jar = new Map<string, MemoryCookie>(Object.entries(initial).map(([name, value]) => [name, { value, expires: null }]));
  const alive = (name: string) => {
    const cookie = jar.get(name);
    if (cookie?.expires && cookie.expires.getTime() <= now()) jar.delete(name);
    return jar.get(name);
  };
  return {
    get: (name) => alive(name)?.value,
    getAll: (names) => names.map((name) => alive(name)?.value),
    set: (name, value, expires) => {
      const date = expires === undefined ? null : expires instanceof Date ? expires : new Date(now() + expires * 864e5);
      jar.set(name, { value, expires: date });
    },
    remove: (name) => {
      jar.delete(name);
    },
    entries: () => jar,
  };
}
