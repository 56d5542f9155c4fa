/** Catalogue API (`/catalog-api`), authenticator (`/authenticator`) and the ad list (`/ads/list.json`). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  answerPreflight,
  corsReflect,
  HttpError,
  methodNotAllowed,
  notFound,
  readBody,
  sendJson,
  sendJsonText,
  type Route,
  type RouteContext,
} from '../http';

/** Content ids that simulate failures on every catalogue route. */
export const SCENARIO_NOT_FOUND_ID = '104';
export const SCENARIO_SERVER_ERROR_ID = '105';
const ID = /^\d{1,12}$/;
const CONTENT_ROUTE = /^\/catalog-api\/contents\/([^/]+)(?:\/(seasons|available))?\/?$/;
const EPISODES_ROUTE = /^\/catalog-api\/episodes\/?$/;
const REFRESH_ROUTE = /^\/authenticator\/authentication\/refresh\/?$/;
const TOKEN_TTL_S = 3600;

async function readFixture(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw err;
  }
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** An unsigned JWT (`alg: none`) for the QA user, valid for one hour. */
export function makeAccessToken(nowMs = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub: 'qa-user', iat, exp: iat + TOKEN_TTL_S }));
  return `${header}.${payload}.${base64url('unsigned')}`;
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

export function catalogRoutes(fixturesDir: string): Route {
  const apiDir = path.join(fixturesDir, 'api');

  /** Sends a fixture file, or 404/500 for the scenario ids and unknown ids. */
  async function sendContentFixture(ctx: RouteContext, folder: string, id: string): Promise<void> {
    if (id === SCENARIO_SERVER_ERROR_ID) return sendJson(ctx.res, 500, { message: 'Internal Server Error' });
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
      sendJson(ctx.res, 200, {}, { Authorization: `Bearer ${makeAccessToken()}` });
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
        if (id === SCENARIO_SERVER_ERROR_ID) sendJson(ctx.res, 500, { message: 'Internal Server Error' });
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
