/**
 * Auth and session scenarios of the harness: the tokens it issues, the refresh endpoint, and the
 * harness-only `harness-session` query parameter of the player page, which makes the page's
 * response set the player's token cookies (the harness page cannot set cookies on the player's
 * origin from its own). Also the default Sentry DSN of the player page: this server's ingest.
 */
import type { PageOrigins } from './pages';
import { HttpError, readBody, sendJson, type RouteContext } from '../http';
import { STORAGE_KEYS } from '../../../src/lib/constants';

export const HARNESS_SESSION_PARAM = 'harness-session';

/**
 * - `valid`: a fresh access token and a refresh token;
 * - `expired`: an access token whose exp has passed (in a cookie that outlives it), so the first
 *   catalogue calls refresh it;
 * - `refresh-fails`: the same, with a revoked refresh token the refresh endpoint answers 401 to;
 * - `signed-out`: both cookies removed.
 */
export const HARNESS_SESSIONS = ['valid', 'expired', 'refresh-fails', 'signed-out'] as const;
export type HarnessSession = (typeof HARNESS_SESSIONS)[number];

export const QA_REFRESH_TOKEN = 'qa-refresh-7d2f9c41';
export const REVOKED_REFRESH_TOKEN = 'qa-refresh-revoked-5b8e';
const ACCESS_TOKEN_TTL_S = 3600;
const COOKIE_MAX_AGE_S = 30 * 24 * 3600;

function base64url(value: string): string {
  return Buffer.from(value).toString('base64url');
}

/** An unsigned JWT (`alg: none`) for the QA user, expiring `ttlSeconds` from `nowMs` (negative: already expired). */
export function makeAccessToken(nowMs = Date.now(), ttlSeconds = ACCESS_TOKEN_TTL_S): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub: 'qa-user', iat, exp: iat + ttlSeconds, jti: Math.random().toString(36).slice(2, 10) }));
  return `${header}.${payload}.${base64url('unsigned')}`;
}

export function parseHarnessSession(query: URLSearchParams): HarnessSession | null {
  const value = query.get(HARNESS_SESSION_PARAM);
  return (HARNESS_SESSIONS as readonly string[]).includes(value ?? '') ? (value as HarnessSession) : null;
}

/**
 * Cookies that work in the cross-site frame the harness embeds the player in. Chromium keeps only
 * `SameSite=None; Secure; Partitioned` cookies there (localhost and 127.0.0.1 count as secure);
 * Lax or unpartitioned ones are dropped. These are the attributes the player itself writes.
 */
function cookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; Secure; SameSite=None; Partitioned`;
}

/** The Set-Cookie headers for a player page load with `?harness-session=...`. */
export function sessionCookies(session: HarnessSession | null, nowMs = Date.now()): string[] {
  switch (session) {
    case 'valid':
      return [cookie('authToken', makeAccessToken(nowMs), COOKIE_MAX_AGE_S), cookie('refreshToken', QA_REFRESH_TOKEN, COOKIE_MAX_AGE_S)];
    case 'expired':
      return [cookie('authToken', makeAccessToken(nowMs, -ACCESS_TOKEN_TTL_S), COOKIE_MAX_AGE_S), cookie('refreshToken', QA_REFRESH_TOKEN, COOKIE_MAX_AGE_S)];
    case 'refresh-fails':
      return [cookie('authToken', makeAccessToken(nowMs, -ACCESS_TOKEN_TTL_S), COOKIE_MAX_AGE_S), cookie('refreshToken', REVOKED_REFRESH_TOKEN, COOKIE_MAX_AGE_S)];
    case 'signed-out':
      return [cookie('authToken', '', 0), cookie('refreshToken', '', 0)];
    case null:
      return [];
  }
}

/** Sets the scenario's cookies on the player page response (no-op without the parameter). */
export function applyHarnessSession(ctx: RouteContext): void {
  const cookies = sessionCookies(parseHarnessSession(ctx.url.searchParams));
  if (cookies.length > 0) ctx.res.setHeader('Set-Cookie', cookies);
}

export const HARNESS_PROGRESS_PARAM = 'harness-progress';
const PROGRESS_ENTRY = /^(\d{1,12}):(\d{1,7}(?:\.\d{1,3})?)$/;

/**
 * `harness-progress=10211:10,10212:8`: positions (episode id: seconds) this device saved before,
 * as a returning viewer has them. Null without the parameter or when any entry is malformed.
 */
export function parseHarnessProgress(query: URLSearchParams): Record<string, number> | null {
  const value = query.get(HARNESS_PROGRESS_PARAM);
  if (!value) return null;
  const entries = value.split(',').map((entry) => PROGRESS_ENTRY.exec(entry.trim()));
  if (entries.some((match) => match === null)) return null;
  return Object.fromEntries(entries.map((match) => [match![1]!, Number(match![2])]));
}

/**
 * Harness-only: with `harness-progress`, a script in the player page's head merges those positions
 * into the player origin's `episodesTimeProgress` before the page's own scripts read it (the
 * harness page cannot write another origin's storage). Where the browser denies the frame storage
 * (a cross-site frame in the test Chromium) it does nothing, as the player then reads nothing.
 */
export function injectHarnessProgress(html: string, query: URLSearchParams): string {
  const progress = parseHarnessProgress(query);
  if (!progress) return html;
  const key = JSON.stringify(STORAGE_KEYS.episodesTimeProgress);
  const script =
    `<script>try{var s=JSON.parse(localStorage.getItem(${key})||'{}');` +
    `s=s&&typeof s==='object'&&!Array.isArray(s)?s:{};` +
    `localStorage.setItem(${key},JSON.stringify(Object.assign(s,${JSON.stringify(progress)})))}catch(e){}</script>`;
  return html.replace('</head>', () => `${script}</head>`);
}

/**
 * The query the player page is filled from: unless the load names a `data-sentry-dsn` (an empty
 * one turns Sentry off), the DSN is this server's own ingest on the page's origin, so envelopes
 * land in the harness Sentry log. The plain built page stays DSN-free for production.
 */
export function playerPageQuery(ctx: RouteContext, origins: PageOrigins): URLSearchParams {
  const query = new URLSearchParams(ctx.url.searchParams);
  if (!query.has('data-sentry-dsn')) {
    const origin = new URL(ctx.origin === 'player' ? origins.playerOrigin : origins.harnessOrigin);
    query.set('data-sentry-dsn', `${origin.protocol}//public@${origin.host}/1`);
  }
  return query;
}

/**
 * `POST /authenticator/authentication/refresh` with `{ refreshToken, accessToken }`: a fresh token
 * in the Authorization header, or 401 for the revoked refresh token of `refresh-fails`.
 */
export async function answerRefresh(ctx: RouteContext): Promise<void> {
  const raw = await readBody(ctx.req, 64 * 1024);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Body must be JSON');
  }
  const fields = body as Record<string, unknown> | null;
  if (!fields || typeof fields !== 'object' || typeof fields.refreshToken !== 'string' || typeof fields.accessToken !== 'string') {
    throw new HttpError(400, 'refreshToken and accessToken are required');
  }
  if (fields.refreshToken === REVOKED_REFRESH_TOKEN) return sendJson(ctx.res, 401, { message: 'Refresh token revoked' });
  sendJson(ctx.res, 200, {}, { Authorization: `Bearer ${makeAccessToken()}` });
}
