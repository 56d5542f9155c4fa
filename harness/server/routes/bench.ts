/**
 * Benchmark pages (`npm run bench`) on the player origin, so every contender loads from the same
 * server as the player: the comparison pages (`/bench/pages/*`), the progressive MP4 floor
 * (`/bench/media/*`), the dist files of the two reference players (`/bench/vendor/<pkg>/*`, from
 * node_modules, never a CDN) and an ad list of one or more pre-rolls (`?count=`) with its VAST (`/bench/ads/*`).
 */
import path from 'node:path';
import { escapeAttr, methodNotAllowed, notFound, sendJson, sendText, type Route, type RouteContext } from '../http';
import { findRepoRoot } from '../paths';
import { serveStatic } from '../static';

/** URL name → the package whose `dist/` folder is served. Nothing else under node_modules is reachable. */
export const BENCH_VENDORS: Readonly<Record<string, string>> = {
  'hls.js': 'hls.js',
  'video.js': 'video.js',
};

/** Ad creatives the bench VAST may point at (fixtures/ads), with their duration in seconds. */
const CREATIVES: Readonly<Record<string, number>> = { 'ad-5s': 5, 'ad-12s': 12 };

/** Most pre-rolls one bench ad list may queue (`?count=`). */
const MAX_PREROLLS = 20;

/** One inline linear VAST 3 ad playing a fixture creative; URLs absolute on the requesting origin. */
export function benchVast(origin: string, creative: string): string {
  const seconds = CREATIVES[creative] ?? 5;
  const media = escapeAttr(`${origin}/media/ads/${creative}.mp4`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0">
  <Ad id="bench-${creative}">
    <InLine>
      <AdSystem>bench</AdSystem>
      <AdTitle>bench pre-roll</AdTitle>
      <Impression><![CDATA[${origin}/bench/ads/ping?e=impression]]></Impression>
      <Creatives>
        <Creative id="bench-${creative}">
          <Linear>
            <Duration>00:00:${String(seconds).padStart(2, '0')}.000</Duration>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/mp4" width="640" height="360" codec="avc1.4d401e,mp4a.40.2"><![CDATA[${media}]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
`;
}

function isGet(ctx: RouteContext): boolean {
  if (ctx.req.method === 'GET' || ctx.req.method === 'HEAD') return true;
  methodNotAllowed(ctx.res, 'GET, HEAD');
  return false;
}

function requestOrigin(ctx: RouteContext): string {
  const host = ctx.req.headers.host ?? '';
  return `http://${/^[\w.:[\]-]+$/.test(host) ? host : 'localhost'}`;
}

export function benchRoutes(): Route {
  let repo: string | null = null;
  const repoRoot = () => (repo ??= findRepoRoot());

  return async (ctx) => {
    const { pathname } = ctx.url;
    if (ctx.origin !== 'player' || !pathname.startsWith('/bench/')) return false;
    if (!isGet(ctx)) return true;

    const mounts: Array<[prefix: string, dir: () => string]> = [
      ['/bench/pages/', () => path.join(repoRoot(), 'bench', 'pages')],
      ['/bench/media/', () => path.join(repoRoot(), 'bench', 'media')],
    ];
    for (const [prefix, dir] of mounts) {
      if (pathname.startsWith(prefix)) {
        await serveStatic(ctx, dir(), pathname.slice(prefix.length - 1));
        return true;
      }
    }

    const vendor = /^\/bench\/vendor\/([^/]+)(\/.+)$/.exec(pathname);
    if (vendor) {
      const pkg = BENCH_VENDORS[vendor[1]!];
      if (!pkg) notFound(ctx.res);
      else await serveStatic(ctx, path.join(repoRoot(), 'node_modules', pkg, 'dist'), vendor[2]!);
      return true;
    }

    if (pathname === '/bench/ads/list.json') {
      const creative = ctx.url.searchParams.get('creative') ?? 'ad-5s';
      const vastUrl = `${requestOrigin(ctx)}/bench/ads/preroll.xml?creative=${encodeURIComponent(creative in CREATIVES ? creative : 'ad-5s')}`;
      const count = Number(ctx.url.searchParams.get('count') ?? 1);
      if (!Number.isInteger(count) || count < 1 || count > MAX_PREROLLS) {
        sendJson(ctx.res, 400, { error: `count must be an integer from 1 to ${MAX_PREROLLS}` });
        return true;
      }
      sendJson(ctx.res, 200, { prerollList: Array.from({ length: count }, () => ({ vastUrl })) });
      return true;
    }
    if (pathname === '/bench/ads/preroll.xml') {
      const creative = ctx.url.searchParams.get('creative') ?? 'ad-5s';
      sendText(ctx.res, 200, benchVast(requestOrigin(ctx), creative in CREATIVES ? creative : 'ad-5s'), 'application/xml; charset=utf-8');
      return true;
    }
    if (pathname === '/bench/ads/ping') {
      ctx.res.statusCode = 204;
      ctx.res.setHeader('Cache-Control', 'no-store');
      ctx.res.end();
      return true;
    }

    notFound(ctx.res);
    return true;
  };
}
