/**
 * Access-token inspection. The token is a JWT; only its `exp` claim matters to the player. Anything
 * that is not a well-formed JWT with a numeric `exp` counts as no token at all, never as an error.
 */

export interface AccessToken {
  raw: string;
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
}

const SEGMENT = /^[A-Za-z0-9_-]*$/;

function decodeBase64Url(segment: string): string | null {
  if (!segment || !SEGMENT.test(segment) || segment.length % 4 === 1) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  try {
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Parses a JWT's expiry; null for a missing or malformed token (not three parts, bad base64, no numeric exp). */
export function parseAccessToken(raw: string | null | undefined): AccessToken | null {
  if (typeof raw !== 'string') return null;
  const token = raw.trim();
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const payloadText = decodeBase64Url(parts[1]!);
  if (payloadText === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(payloadText);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const exp = (payload as Record<string, unknown>).exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= 0) return null;
  return { raw: token, expiresAt: exp * 1000 };
}

/** SPEC.md §7: the token is refreshed once its expiry has passed. */
export function isExpired(token: AccessToken, now: number): boolean {
  return token.expiresAt <= now;
}

/** The token in an `Authorization` response header, with or without the `Bearer` scheme. */
export function tokenFromAuthorizationHeader(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const value = header.trim().replace(/^Bearer(?:\s+|$)/i, '').trim();
  return value || null;
}
