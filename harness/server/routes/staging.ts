/**
 * The staging proxy (issue 26 item 3): `/__harness/staging/<token>/<path>` forwards to
 * `<base>/<path>`, where the token is the base address (custom-source.ts). The player page's
 * `data-base-url` points here, not at the staging service: a player calling staging directly
 * (cross-origin) would leave the harness blind to those requests, so the proxy is where they are
 * seen. Each one is logged with all its request and answer headers, secrets masked.
 */
import { STAGING_PREFIX, maskHeaders, tokenAddress } from '../../common/custom-source';
import { pickHeaders, readBody, sendJson, type Route } from '../http';
import type { RequestLog } from '../log';

/** Request headers the player's catalogue and authenticator calls carry that staging needs. */
const FORWARDED_REQUEST = ['accept', 'accept-language', 'authorization', 'content-type', 'cookie', 'x-session-context', 'if-none-match'];
/** Answer headers passed back (Authorization: the refresh answers its token there). */
const FORWARDED_RESPONSE = ['content-type', 'authorization', 'cache-control', 'etag', 'last-modified', 'www-authenticate'];
/** Fields of catalogue answers that hold media or poster paths. */
const PATH_FIELDS = new Set(['m3u8MasterFilePath', 'posterPath', 'posterUrl']);
const UPSTREAM_TIMEOUT_MS = 20_000;
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Root-relative media and poster paths made absolute on the staging base: the player resolves
 * them against its base URL, which is this proxy, and would otherwise load the harness's own
 * fixtures for them.
 */
export function absolutePaths(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((item) => absolutePaths(item, base));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      PATH_FIELDS.has(key) && typeof field === 'string' && field.startsWith('/') && !field.startsWith('//') ? new URL(field, `${base}/`).href : absolutePaths(field, base),
    ]),
  );
}

export function stagingRoutes(log: RequestLog): Route {
  return async (ctx) => {
    const { pathname, search } = ctx.url;
    if (!pathname.startsWith(STAGING_PREFIX)) return false;
    const { req, res, origin } = ctx;
    const rest = pathname.slice(STAGING_PREFIX.length);
    const slash = rest.indexOf('/');
    const checked = tokenAddress(slash < 0 ? rest : rest.slice(0, slash), 'Staging catalogue');
    const base = checked?.ok ? checked.url.replace(/\/+$/, '') : null;
    const upstream = base === null ? null : `${base}${slash < 0 ? '/' : rest.slice(slash)}${search}`;
    const answerHeaders: Record<string, string> = {};
    log.track(req, res, origin, {
      requestHeaders: maskHeaders(req.headers),
      responseHeaders: () => answerHeaders,
      ...(upstream ? { upstream } : {}),
    });
    if (base === null || upstream === null) {
      sendJson(res, 400, { message: checked && !checked.ok ? checked.message : 'Bad staging token' });
      return true;
    }
    // Same-origin for the player (its page and this proxy share an origin): no CORS to answer.
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req, MAX_BODY_BYTES);
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    let answer: Response;
    try {
      answer = await fetch(upstream, {
        method: req.method,
        headers: pickHeaders(req.headers, FORWARDED_REQUEST),
        ...(body ? { body: new Uint8Array(body) } : {}),
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(UPSTREAM_TIMEOUT_MS)]),
        redirect: 'follow',
      });
    } catch (error) {
      if (res.destroyed) return true;
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      sendJson(res, 502, { message: `The staging service did not answer: ${cause}` });
      Object.assign(answerHeaders, { 'x-harness-staging': `no answer: ${cause}` });
      return true;
    }
    let text = Buffer.from(await answer.arrayBuffer());
    const type = answer.headers.get('content-type') ?? '';
    if (/json/i.test(type) && text.length > 0) {
      try {
        text = Buffer.from(JSON.stringify(absolutePaths(JSON.parse(text.toString('utf8')), base)));
      } catch {
        // Not JSON after all: passed on as it came, for the player to reject.
      }
    }
    answer.headers.forEach((value, name) => {
      answerHeaders[name] = value;
    });
    Object.assign(answerHeaders, maskHeaders(answerHeaders));
    res.statusCode = answer.status;
    for (const name of FORWARDED_RESPONSE) {
      const value = answer.headers.get(name);
      if (value !== null) res.setHeader(name, value);
    }
    res.setHeader('Content-Length', text.length);
    res.setHeader('Cache-Control', 'no-store');
    res.end(req.method === 'HEAD' ? undefined : text);
    return true;
  };
}
