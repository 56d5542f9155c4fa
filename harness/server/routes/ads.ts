/**
 * Ads for the harness: ad-list sets (`/ads/list.json?set=<name>`), VAST tags from fixtures/vast
 * (`/ads/vast/<file>`, optionally `?delay=<ms>` to outlive the player's VAST time-out), the
 * tracking-pixel endpoint (`/track/<event>?ad=<id>`, a 1x1 GIF, logged like every request) and
 * an advertiser landing page for click-throughs. A VAST fetched by a harness client's player names
 * that client on its ad media links: the ad's <video> fetches them cross-origin, with no page
 * query in its Referer, and fault injection (faults.ts) must still know whose they are.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { corsAny, notFound, sendJson, sendText, type Route, type RouteContext } from '../http';
import { clientOf } from '../faults';

/** The origin written in fixtures/vast; replaced by the running harness origin when served. */
export const VAST_FIXTURE_ORIGIN = 'http://127.0.0.1:4101';
/** Longest `delay` the slow-VAST route accepts. */
const MAX_DELAY_MS = 60_000;

const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const tag = (file: string, creativeId: string, query = '') => `/ads/vast/${file}?creativeId=${encodeURIComponent(creativeId)}${query}`;

/** Ad-list sets a scenario picks with `data-ad-list-url=/ads/list.json?set=<name>`. */
export const AD_SETS: Record<string, unknown[]> = {
  none: [],
  skippable: [{ vastUrl: tag('inline-skippable.xml', 'skippable') }],
  'non-skippable': [{ vastUrl: tag('inline-non-skippable.xml', 'non-skippable') }],
  'skippable-fraction': [{ vastUrl: tag('inline-skippable-fraction.xml', 'skippable-fraction') }],
  'skippable-percent': [{ vastUrl: tag('inline-skippable-percent.xml', 'skippable-percent') }],
  'two-ads': [{ vastUrl: tag('inline-non-skippable.xml', 'first') }, { vastUrl: tag('inline-skippable.xml', 'second') }],
  wrapper: [{ vastUrl: tag('wrapper-a.xml', 'wrapped') }],
  'wrapper-loop': [{ vastUrl: tag('wrapper-loop.xml', 'loop') }],
  unplayable: [{ vastUrl: tag('unplayable.xml', 'unplayable') }],
  empty: [{ vastUrl: tag('empty.xml', 'empty') }],
  malformed: [{ vastUrl: tag('malformed.xml', 'malformed') }],
  slow: [{ vastUrl: tag('inline-non-skippable.xml', 'slow', '&delay=8000') }],
  'javascript-click': [{ vastUrl: tag('javascript-clickthrough.xml', 'js-click') }],
  'data-urls': [{ dataUrls: ['/ads/vast/missing.xml?creativeId=missing', tag('inline-non-skippable.xml', 'fallback')] }],
  'data-xml': [{ dataXml: '' }],
  'failed-then-ok': [{ vastUrl: tag('unplayable.xml', 'unplayable') }, { vastUrl: tag('inline-non-skippable.xml', 'after-error') }],
};


async function vastText(fixturesDir: string, file: string, origin: string): Promise<string | null> {
  if (!/^[\w.-]+\.xml$/.test(file)) return null;
  try {
    const text = await readFile(path.join(fixturesDir, 'vast', file), 'utf8');
    return text.split(VAST_FIXTURE_ORIGIN).join(origin);
  } catch {
    return null;
  }
}

/** The VAST's ad media links with `harness-client=<client>` added; unchanged without a client. */
export function withClient(vast: string, client: string | null): string {
  if (client === null) return vast;
  return vast.replace(/(\/media\/ads\/[^\s<>\]"'?]+)/g, `$1?harness-client=${encodeURIComponent(client)}`);
}

export function adsRoutes(fixturesDir: string, origins: { harnessOrigin: string }): Route {
  return async (ctx) => {
    const { pathname, searchParams } = ctx.url;
    const { req, res } = ctx;

    if (pathname === '/ads/list.json' && searchParams.has('set')) {
      corsAny(ctx);
      const set = AD_SETS[searchParams.get('set') ?? ''];
      if (!set) {
        notFound(res, 'Unknown ad set');
        return true;
      }
      const items = await Promise.all(
        set.map(async (item) =>
          // dataXml items carry the inline non-skippable document itself.
          item && typeof item === 'object' && 'dataXml' in item
            ? { dataXml: await vastText(fixturesDir, 'inline-non-skippable.xml', origins.harnessOrigin) }
            : item,
        ),
      );
      sendJson(res, 200, { prerollList: items });
      return true;
    }

    if (pathname.startsWith('/ads/vast/')) {
      corsAny(ctx);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        notFound(res);
        return true;
      }
      const delay = Math.min(MAX_DELAY_MS, Math.max(0, Number(searchParams.get('delay')) || 0));
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      if (res.destroyed) return true;
      const text = await vastText(fixturesDir, decodeURIComponent(pathname.slice('/ads/vast/'.length)), origins.harnessOrigin);
      if (text === null) notFound(res, 'No such VAST fixture');
      else sendText(res, 200, withClient(text, clientOf(req, ctx.url)), 'application/xml; charset=utf-8');
      return true;
    }

    if (pathname.startsWith('/track/')) {
      corsAny(ctx);
      res.statusCode = 200;
      res.setHeader('Content-Type', 'image/gif');
      res.setHeader('Content-Length', GIF_1X1.length);
      res.setHeader('Cache-Control', 'no-store');
      res.end(req.method === 'HEAD' ? undefined : GIF_1X1);
      return true;
    }

    if (pathname === '/advertiser') {
      sendText(
        res,
        200,
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Advertiser</title><body style="font:16px system-ui;padding:2rem"><h1>Advertiser landing page</h1><p>A click-through of the harness ads opens this page.</p></body></html>',
        'text/html; charset=utf-8',
      );
      return true;
    }
    return false;
  };
}
