/**
 * Custom sources (issue 26, harness/common/custom-source.ts): the one-film catalogue of a partner
 * stream (`/custom/<token>/…`), the custom ad list and VAST proxy (`/ads/custom/…`), pasted VAST
 * documents (`/__harness/custom-vast`), the CORS probe of a partner address, and the forwarding of
 * rewritten pings to their original address.
 */
import { createHash } from 'node:crypto';
import {
  CORS_PROBE_ROUTE,
  CUSTOM_AD_LIST_PATH,
  CUSTOM_CATALOGUE_PREFIX,
  CUSTOM_VAST_PATH,
  STAGING_PREFIX,
  MAX_PASTED_VAST_BYTES,
  PASTED_VAST_ROUTE,
  checkHttpUrl,
  tokenAddress,
  customAdList,
  customCatalogue,
  customVastUrl,
  pingTarget,
  rewriteVast,
} from '../../common/custom-source';
import { originOf } from '../../../src/lib/url';
import { answerPreflight, corsAny, corsReflect, methodNotAllowed, notFound, readBody, sendJson, sendText, type Route, type RouteContext } from '../http';
import { answerRefresh } from './session';

/** Pasted documents kept per server run (oldest dropped first). */
const PASTED_CAP = 50;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_FETCHED_BYTES = 1024 * 1024;

/** Reads at most `limit` bytes of a fetch answer's body as text: the CORS probe sniffs the start of a playlist, the VAST proxy caps what it passes on. */
async function readCapped(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= limit) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

export interface CorsProbe {
  ok: boolean;
  status: number | null;
  allowOrigin: string | null;
  message: string;
}

/**
 * Asks the partner for the address as the player would (with the player's Origin): the harness
 * page cannot read why a cross-origin fetch failed, the server can.
 */
export async function probeCors(src: string, origin: string): Promise<CorsProbe> {
  let response: Response;
  try {
    response = await fetch(src, { headers: { Origin: origin }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return { ok: false, status: null, allowOrigin: null, message: `Network: the harness server could not reach ${new URL(src).host} (${cause}); the browser may still reach it` };
  }
  const allowOrigin = response.headers.get('access-control-allow-origin');
  const text = await readCapped(response, 64 * 1024).catch(() => '');
  if (!response.ok) return { ok: false, status: response.status, allowOrigin, message: `HTTP ${response.status} from the partner for the stream address` };
  if (allowOrigin !== '*' && allowOrigin !== origin) {
    const said = allowOrigin ? ` (it answers Access-Control-Allow-Origin: ${allowOrigin})` : ' (no Access-Control-Allow-Origin header)';
    return { ok: false, status: response.status, allowOrigin, message: `CORS: the partner does not allow ${origin}${said}` };
  }
  if (!text.trimStart().startsWith('#EXTM3U')) return { ok: false, status: response.status, allowOrigin, message: 'Not an HLS playlist: the answer does not start with #EXTM3U' };
  return { ok: true, status: response.status, allowOrigin, message: `OK: an HLS playlist, and CORS allows ${origin}` };
}

const CATALOGUE_ROUTE = /^\/custom\/([A-Za-z0-9_-]+)(\/.*)$/;

/** Pasted VAST documents by id, oldest first. */
type PastedStore = Map<string, string>;

/** `/custom/<token>/…`: the one-film catalogue of the partner stream the token names. */
async function customCatalogueRoute(ctx: RouteContext, token: string, rest: string): Promise<void> {
  corsReflect(ctx, { methods: 'GET, HEAD, POST, OPTIONS', exposeAuthorization: true });
  if (ctx.req.method === 'OPTIONS') return answerPreflight(ctx.res);
  const src = tokenAddress(token, 'Свой поток');
  if (!src?.ok) return notFound(ctx.res, 'Bad custom stream token');
  if (/^\/authenticator\/authentication\/refresh\/?$/.test(rest)) {
    if (ctx.req.method !== 'POST') return methodNotAllowed(ctx.res, 'POST, OPTIONS');
    return answerRefresh(ctx);
  }
  if (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') return methodNotAllowed(ctx.res, 'GET, HEAD, OPTIONS');
  // Any content id answers with the one film: the harness link names the stream, not the id.
  const catalogue = customCatalogue(src.url);
  const content = /^\/catalog-api\/contents\/\d{1,12}(?:\/(seasons|available))?\/?$/.exec(rest);
  if (content) return sendJson(ctx.res, 200, content[1] === 'seasons' ? catalogue.seasons : content[1] === 'available' ? catalogue.available : catalogue.content);
  if (/^\/catalog-api\/episodes\/?$/.test(rest)) return sendJson(ctx.res, 200, catalogue.episodes);
  notFound(ctx.res);
}

/** The custom ad list: one pre-roll of the VAST tag (`?tag=`) or of a pasted document (`?xml=<id>`). */
function customAdListRoute(ctx: RouteContext, pasted: PastedStore, harnessOrigin: string): void {
  const { res, url } = ctx;
  corsAny(ctx);
  const tag = url.searchParams.get('tag');
  const id = url.searchParams.get('xml');
  if (tag !== null) {
    const checked = checkHttpUrl(tag, 'VAST tag');
    if (!checked.ok) return sendJson(res, 400, { message: checked.message });
    sendJson(res, 200, customAdList({ vastUrl: customVastUrl(checked.url, harnessOrigin) }));
  } else if (id !== null && pasted.has(id)) {
    sendJson(res, 200, customAdList({ dataXml: rewriteVast(pasted.get(id)!, harnessOrigin) }));
  } else notFound(res, 'This harness server run has no such pasted VAST; paste it again');
}

async function fetchVast(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  return { status: response.status, text: await readCapped(response, MAX_FETCHED_BYTES) };
}

/** The VAST proxy: the partner's tag fetched by the server, its pings rewritten to pass through the harness. */
async function customVastRoute(ctx: RouteContext, harnessOrigin: string): Promise<void> {
  const { res, url } = ctx;
  corsAny(ctx);
  const checked = checkHttpUrl(url.searchParams.get('url'), 'VAST tag');
  if (!checked.ok) return sendJson(res, 400, { message: checked.message });
  let answer: { status: number; text: string };
  try {
    answer = await fetchVast(checked.url);
  } catch (error) {
    return sendJson(res, 502, { message: `The VAST tag did not answer: ${error instanceof Error ? error.message : String(error)}` });
  }
  // The partner's status passes through: the player reports a failed tag as it would.
  sendText(res, answer.status, answer.status < 400 ? rewriteVast(answer.text, harnessOrigin) : answer.text, 'application/xml; charset=utf-8');
}

/** A rewritten ping: the /track/ route (ads.ts) answers and the log lists it; this sends it on to the partner. */
function forwardPing({ req }: RouteContext): void {
  const target = pingTarget(req.url ?? '');
  // Best effort, never awaited: a partner's slow or failing pixel must not hold the player's ping.
  if (target) fetch(target, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).then((r) => r.body?.cancel()).catch(() => undefined);
}

/** Pasted documents: `POST` keeps one and answers its id, `GET <route>/<id>` says whether this run still has it. */
async function pastedVastRoute(ctx: RouteContext, pasted: PastedStore): Promise<void> {
  const { req, res } = ctx;
  const { pathname } = ctx.url;
  corsReflect(ctx, { methods: 'GET, POST, OPTIONS' });
  if (req.method === 'OPTIONS') return answerPreflight(res);
  if (req.method === 'POST' && pathname === PASTED_VAST_ROUTE) {
    const xml = (await readBody(req, MAX_PASTED_VAST_BYTES)).toString('utf8');
    if (!xml.trim().startsWith('<')) return sendJson(res, 400, { message: 'VAST: the pasted text is not XML' });
    const id = createHash('sha256').update(xml).digest('hex').slice(0, 32);
    pasted.delete(id);
    pasted.set(id, xml);
    if (pasted.size > PASTED_CAP) pasted.delete(pasted.keys().next().value!);
    sendJson(res, 200, { id });
  } else if (req.method === 'GET' || req.method === 'HEAD') {
    const id = pathname.slice(PASTED_VAST_ROUTE.length + 1);
    if (pasted.has(id)) sendJson(res, 200, { id });
    else notFound(res, 'No such pasted VAST');
  } else methodNotAllowed(res, 'GET, POST, OPTIONS');
}

/** The CORS probe of a partner address, as the player's origin would ask (probeCors). */
async function corsProbeRoute(ctx: RouteContext): Promise<void> {
  const { req, res, url } = ctx;
  corsReflect(ctx, { methods: 'GET, OPTIONS' });
  if (req.method === 'OPTIONS') return answerPreflight(res);
  const src = checkHttpUrl(url.searchParams.get('src'), 'Свой поток');
  const origin = originOf(url.searchParams.get('origin') ?? '');
  if (!src.ok) return sendJson(res, 400, { message: src.message });
  if (origin === null) return sendJson(res, 400, { message: 'origin must be an http(s) origin' });
  sendJson(res, 200, await probeCors(src.url, origin));
}

export function customRoutes(origins: { harnessOrigin: string }): Route {
  const pasted: PastedStore = new Map();
  return async (ctx) => {
    const { pathname } = ctx.url;
    const catalogue = CATALOGUE_ROUTE.exec(pathname);
    if (catalogue) await customCatalogueRoute(ctx, catalogue[1]!, catalogue[2]!);
    else if (pathname === CUSTOM_AD_LIST_PATH) customAdListRoute(ctx, pasted, origins.harnessOrigin);
    else if (pathname === CUSTOM_VAST_PATH) await customVastRoute(ctx, origins.harnessOrigin);
    else if (pathname === PASTED_VAST_ROUTE || pathname.startsWith(`${PASTED_VAST_ROUTE}/`)) await pastedVastRoute(ctx, pasted);
    else if (pathname === CORS_PROBE_ROUTE) await corsProbeRoute(ctx);
    else {
      // Sent on here, answered by the /track/ route.
      if (pathname.startsWith('/track/')) forwardPing(ctx);
      return false;
    }
    return true;
  };
}

/**
 * Origins a player page's CSP must add for the custom sources its query names: the partner
 * stream's or the staging service's origin (media, playlists, posters). A custom VAST tag's media
 * files may be on any host (a wrapper chain ends anywhere), so such a page allows http(s) media.
 */
export function customCspSources(query: URLSearchParams): { origins: string[]; anyMedia: boolean } {
  const origins: string[] = [];
  const base = query.get('data-base-url') ?? '';
  for (const prefix of [CUSTOM_CATALOGUE_PREFIX, STAGING_PREFIX]) {
    if (!base.startsWith(prefix)) continue;
    const checked = tokenAddress(base.slice(prefix.length).split('/')[0] ?? '', '');
    if (checked?.ok) origins.push(new URL(checked.url).origin);
  }
  return { origins, anyMedia: (query.get('data-ad-list-url') ?? '').startsWith(CUSTOM_AD_LIST_PATH) };
}
