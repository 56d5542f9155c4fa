/**
 * Removes credentials from anything bound for Sentry: events, transactions, breadcrumbs and replay
 * recording events. Tokens, the refresh token and the device fingerprint never leave the page.
 */

export const FILTERED = '[Filtered]';

/** Keys whose values are secret wherever they appear (headers, cookies, request bodies, contexts). */
const SECRET_KEY = /^(authorization|proxy-authorization|cookies?|set-cookie|x-session-context|auth[-_]?token|refresh[-_]?token|access[-_]?token|device[-_]?fp|token)$/i;
const SECRET_NAMES = 'authToken|refreshToken|accessToken|device_fp|auth_token|refresh_token|access_token';

const TEXT_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  // Authorization: Bearer <token>, in any header dump or message.
  [/\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${FILTERED}`],
  // A JWT anywhere (its header always starts with base64 of '{"').
  [/\beyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g, FILTERED],
  // name=value in cookie strings, query strings and form bodies.
  [new RegExp(`\\b(${SECRET_NAMES})=([^;&\\s"']*)`, 'gi'), `$1=${FILTERED}`],
  // "name": "value" in JSON text (e.g. a body excerpt).
  [new RegExp(`("(?:${SECRET_NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi'), `$1"${FILTERED}"`],
  // Header dumps: "X-Session-Context: value" / "Cookie: ...".
  [/\b(X-Session-Context|Cookie|Set-Cookie)(\s*:\s*)[^\r\n]*/gi, `$1$2${FILTERED}`],
];

const MAX_DEPTH = 24;

function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(FILTERED);
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * A scrubbed deep copy of `value`. `secrets` are literal values to remove wherever they occur
 * (the current cookie values); values shorter than 8 characters are ignored as too common.
 */
export function scrub<T>(value: T, secrets: ReadonlyArray<string | null | undefined> = []): T {
  const literal = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= 8))].sort((a, b) => b.length - a.length);
  const seen = new WeakMap<object, unknown>();

  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return scrubText(node, literal);
    if (typeof node !== 'object' || node === null) return node;
    if (depth > MAX_DEPTH) return node;
    if (seen.has(node)) return seen.get(node);
    if (Array.isArray(node)) {
      const copy: unknown[] = [];
      seen.set(node, copy);
      for (const item of node) copy.push(walk(item, depth + 1));
      return copy;
    }
    // Only plain objects are copied; class instances (Error, Date, DOM nodes) are kept as they are.
    const proto = Object.getPrototypeOf(node);
    if (proto !== Object.prototype && proto !== null) return node;
    const copy: Record<string, unknown> = {};
    seen.set(node, copy);
    for (const [key, item] of Object.entries(node)) {
      copy[key] = SECRET_KEY.test(key) && item !== null && item !== undefined && item !== '' ? FILTERED : walk(item, depth + 1);
    }
    return copy;
  };

  return walk(value, 0) as T;
}
