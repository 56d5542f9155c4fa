/** Media fixtures: HLS, ad creatives, posters and VAST documents, with permissive CORS. */
import path from 'node:path';
import { methodNotAllowed, type Route } from '../http';
import { serveStatic } from '../static';

/** URL prefix → folder under fixtures/. */
export const MEDIA_MOUNTS: ReadonlyArray<readonly [prefix: string, folder: string]> = [
  ['/media/hls/', 'hls'],
  ['/media/ads/', 'ads'],
  ['/media/posters/', 'posters'],
  ['/vast/', 'vast'],
];

/**
 * Requests under this prefix are held open and never answered, until the client gives up: the
 * segments of hls/broken/segments-never-arrive (API 144) point here, for the start watchdog.
 */
export const NEVER_ANSWERED_PREFIX = '/media/never/';

export function mediaRoutes(fixturesDir: string): Route {
  return async (ctx) => {
    const { pathname } = ctx.url;
    if (pathname.startsWith(NEVER_ANSWERED_PREFIX) && (ctx.req.method === 'GET' || ctx.req.method === 'HEAD')) return true;
    const mount = MEDIA_MOUNTS.find(([prefix]) => pathname.startsWith(prefix));
    if (!mount) return false;
    const [prefix, folder] = mount;
    const { req, res } = ctx;
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Range, Accept-Ranges');
    res.setHeader('Timing-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Range');
      res.setHeader('Access-Control-Max-Age', '600');
      res.setHeader('Content-Length', '0');
      res.end();
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      methodNotAllowed(res, 'GET, HEAD, OPTIONS');
      return true;
    }
    // Never cached: every fetch a player makes reaches this server, so its request log, its
    // faults and its bandwidth caps see the second play in a tab as they saw the first (a
    // revalidated copy would come back as a 304 of a few bytes).
    await serveStatic(ctx, path.join(fixturesDir, folder), pathname.slice(prefix.length - 1), { cacheControl: 'no-store' });
    return true;
  };
}
