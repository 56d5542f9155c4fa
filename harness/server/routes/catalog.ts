/** Catalogue API (`/catalog-api`), authenticator (`/authenticator`) and the ad list (`/ads/list.json`). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  answerPreflight,
  corsReflect,
  HttpError,
  methodNotAllowed,
  notFound,
  sendJson,
  sendJsonText,
  type Route,
  type RouteContext,
} from '../http';
import { answerRefresh } from './session';

export { makeAccessToken } from './session';

/** Content ids that simulate failures on every catalogue route. */
export const SCENARIO_NOT_FOUND_ID = '104';
export const SCENARIO_SERVER_ERROR_ID = '105';
/** Answers 200 with bodies the player must reject at its boundary: details not JSON, episodes of wrong types. */
export const SCENARIO_GARBAGE_BODY_ID = '108';
const GARBAGE_BODIES: Record<string, string> = {
  contents: '{"id":108,"title":"Испорченный ответ","posterUrl":"/media/posters/film.jpg","rating":{"imdb":',
  seasons: '[{"id":"первый","order":null}]',
  episodes: '{"items":"not a list"}',
};
/** Answers every catalogue route with a proxy's 502 HTML page (issue 10's bad-input matrix). */
export const SCENARIO_BAD_GATEWAY_ID = '122';
/** Answers every catalogue route 200 with an empty body (issue 10's bad-input matrix). */
export const SCENARIO_EMPTY_BODY_ID = '123';
/** Answers its details with `id` as a string (a mistyped field); its other routes are fixtures. */
export const SCENARIO_MISTYPED_ID = '124';
const MISTYPED_CONTENT = '{"id":"124","title":"Поле id строкой","posterUrl":"/media/posters/film.jpg","hasMultipleEpisodes":false}';
const BAD_GATEWAY_PAGE = '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';
const ID = /^\d{1,12}$/;
const CONTENT_ROUTE = /^\/catalog-api\/contents\/([^/]+)(?:\/(seasons|available))?\/?$/;
const EPISODES_ROUTE = /^\/catalog-api\/episodes\/?$/;
const REFRESH_ROUTE = /^\/authenticator\/authentication\/refresh\/?$/;

async function readFixture(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw err;
  }
}


/** Common preamble of the credentialed API routes: CORS, preflight and method check. */
function apiPreamble(ctx: RouteContext, methods: string[]): boolean {
  const allow = [...methods, 'OPTIONS'].join(', ');
  corsReflect(ctx, { methods: allow, exposeAuthorization: true });
  if (ctx.req.method === 'OPTIONS') {
    answerPreflight(ctx.res);
    return false;
  }
  if (!methods.includes(ctx.req.method ?? '')) {
    methodNotAllowed(ctx.res, allow);
    return false;
  }
  return true;
}

/**
 * The 500 of the server-error scenario. Like many real back ends' debug error pages, it echoes the
 * credentials it received, so the player's error report would carry them if it did not scrub.
 */
function serverError(ctx: RouteContext): void {
  const echoed = Object.fromEntries(
    ['authorization', 'x-session-context', 'cookie'].flatMap((name) => {
      const value = ctx.req.headers[name];
      return typeof value === 'string' && value !== '' ? [[name, value]] : [];
    }),
  );
  sendJson(ctx.res, 500, Object.keys(echoed).length > 0 ? { message: 'Internal Server Error', request: echoed } : { message: 'Internal Server Error' });
}

/** The 502 HTML page and empty-body scenarios; true when it answered. */
function badBodyScenario(ctx: RouteContext, id: string): boolean {
  if (id !== SCENARIO_BAD_GATEWAY_ID && id !== SCENARIO_EMPTY_BODY_ID) return false;
  const body = id === SCENARIO_BAD_GATEWAY_ID ? BAD_GATEWAY_PAGE : '';
  ctx.res.writeHead(id === SCENARIO_BAD_GATEWAY_ID ? 502 : 200, {
    'Content-Type': id === SCENARIO_BAD_GATEWAY_ID ? 'text/html; charset=utf-8' : 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  ctx.res.end(ctx.req.method === 'HEAD' ? undefined : body);
  return true;
}

export function catalogRoutes(fixturesDir: string): Route {
  const apiDir = path.join(fixturesDir, 'api');

  /** Sends a fixture file, or 404/500 for the scenario ids and unknown ids. */
  async function sendContentFixture(ctx: RouteContext, folder: string, id: string): Promise<void> {
    if (id === SCENARIO_SERVER_ERROR_ID) return serverError(ctx);
    if (badBodyScenario(ctx, id)) return;
    if (id === SCENARIO_MISTYPED_ID && folder === 'contents') return sendJsonText(ctx.res, 200, MISTYPED_CONTENT);
    if (id === SCENARIO_GARBAGE_BODY_ID && GARBAGE_BODIES[folder]) return sendJsonText(ctx.res, 200, GARBAGE_BODIES[folder]);
    if (id === SCENARIO_NOT_FOUND_ID || !ID.test(id)) return notFound(ctx.res, 'Content not found');
    const body = await readFixture(path.join(apiDir, folder, `${id}.json`));
    if (!body) return notFound(ctx.res, 'Content not found');
    sendJsonText(ctx.res, 200, body);
  }

  return async (ctx) => {
    const { pathname } = ctx.url;

    if (pathname === '/ads/list.json') {
      if (!apiPreamble(ctx, ['GET', 'HEAD'])) return true;
      const body = await readFixture(path.join(apiDir, 'ad-list.json'));
      if (body) sendJsonText(ctx.res, 200, body);
      else sendJson(ctx.res, 200, { prerollList: [] });
      return true;
    }

    if (REFRESH_ROUTE.test(pathname)) {
      if (!apiPreamble(ctx, ['POST'])) return true;
      await answerRefresh(ctx);
      return true;
    }

    if (pathname.startsWith('/authenticator/')) {
      corsReflect(ctx, { methods: 'POST, OPTIONS', exposeAuthorization: true });
      notFound(ctx.res);
      return true;
    }

    if (!pathname.startsWith('/catalog-api/') && pathname !== '/catalog-api') return false;

    const content = CONTENT_ROUTE.exec(pathname);
    if (content) {
      if (!apiPreamble(ctx, ['GET', 'HEAD'])) return true;
      const id = content[1]!;
      const sub = content[2];
      if (sub === 'seasons') await sendContentFixture(ctx, 'seasons', id);
      else if (sub === 'available') {
        if (id === SCENARIO_SERVER_ERROR_ID) serverError(ctx);
        else if (badBodyScenario(ctx, id)) return true;
        else if (id === SCENARIO_NOT_FOUND_ID || !ID.test(id)) notFound(ctx.res, 'Content not found');
        else {
          const body = await readFixture(path.join(apiDir, 'available', `${id}.json`));
          if (body) sendJsonText(ctx.res, 200, body);
          else sendJson(ctx.res, 200, { available: true });
        }
      } else await sendContentFixture(ctx, 'contents', id);
      return true;
    }

    if (EPISODES_ROUTE.test(pathname)) {
      if (!apiPreamble(ctx, ['GET', 'HEAD'])) return true;
      const id = ctx.url.searchParams.get('content-id') ?? '';
      if (!ID.test(id)) throw new HttpError(400, 'Invalid content-id');
      await sendContentFixture(ctx, 'episodes', id);
      return true;
    }

    corsReflect(ctx, { methods: 'GET, HEAD, OPTIONS', exposeAuthorization: true });
    notFound(ctx.res);
    return true;
  };
}
