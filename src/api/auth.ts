/**
 * The access token behind every secure call (SPEC.md §6, §7): read from the authToken cookie,
 * refreshed once its expiry has passed, under a lock so that parallel calls share one refresh.
 */
import { COOKIE_KEYS } from '../lib/constants';
import type { CookieStore } from '../platform/cookies';
import { isExpired, parseAccessToken, tokenFromAuthorizationHeader, type AccessToken } from './token';

export interface RefreshPayload {
  refreshToken: string;
  accessToken: string;
}

/** Sends `POST /authentication/refresh`; resolves with the response's Authorization header. */
export type RefreshCall = (payload: RefreshPayload) => Promise<unknown>;

export interface AuthSession {
  /**
   * The token to send as Bearer, or null when there is none (absent or malformed). An expired
   * token is refreshed first; if the refresh fails, the expired token is returned unchanged.
   */
  accessToken(): Promise<string | null>;
}

export interface AuthSessionOptions {
  cookies: CookieStore;
  refresh: RefreshCall;
  now?: () => number;
}

export function createAuthSession({ cookies, refresh, now = Date.now }: AuthSessionOptions): AuthSession {
  /** The lock: the refresh in flight, which every caller awaits before reading the token. */
  let inflight: Promise<AccessToken> | null = null;
  /** The last refreshed token, for when the browser refuses to store the cookie. */
  let remembered: AccessToken | null = null;
  /** The token pair whose refresh failed; not retried, so a dead refresh token costs one call per page. */
  let failedPair: string | null = null;

  function current(): AccessToken | null {
    const stored = parseAccessToken(cookies.get(COOKIE_KEYS.authToken));
    if (remembered && (!stored || remembered.expiresAt > stored.expiresAt)) return remembered;
    return stored;
  }

  async function renew(expired: AccessToken, refreshToken: string): Promise<AccessToken> {
    try {
      const header = await refresh({ refreshToken, accessToken: expired.raw });
      const fresh = parseAccessToken(tokenFromAuthorizationHeader(header));
      if (!fresh) throw new Error('refresh answered without a usable Authorization header');
      remembered = fresh;
      cookies.set(COOKIE_KEYS.authToken, fresh.raw, new Date(fresh.expiresAt));
      return fresh;
    } catch {
      failedPair = `${refreshToken}\n${expired.raw}`;
      return expired;
    }
  }

  return {
    async accessToken() {
      if (inflight) await inflight;
      const token = current();
      if (!token || !isExpired(token, now())) return token?.raw ?? null;
      const refreshToken = cookies.get(COOKIE_KEYS.refreshToken);
      if (!refreshToken || failedPair === `${refreshToken}\n${token.raw}`) return token.raw;
      inflight ??= renew(token, refreshToken).finally(() => {
        inflight = null;
      });
      return (await inflight).raw;
    },
  };
}
