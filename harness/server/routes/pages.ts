/** The built pages: the player (player origin root, and /player/ on the harness origin) and the harness page. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { escapeAttr, methodNotAllowed, sendText, type Route, type RouteContext } from '../http';
import { sendCompressibleText, serveStatic } from '../static';
import { applyHarnessSession, injectHarnessProgress, playerPageQuery } from './session';
import { injectStatsRelay } from './stats-relay';
import { injectHarnessProbe } from './harness-probe';
import { embedCode } from '../../common/embed-code';
import { customCspSources } from './custom';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface PageOrigins {
  playerOrigin: string;
  harnessOrigin: string;
}

async function readPage(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/** Fills `data-player-origin=""` and `data-harness-origin=""` in the harness page template. */
export function fillHarnessOrigins(html: string, origins: PageOrigins): string {
  return html
    .replace(/data-player-origin="[^"]*"/, `data-player-origin="${escapeAttr(origins.playerOrigin)}"`)
    .replace(/data-harness-origin="[^"]*"/, `data-harness-origin="${escapeAttr(origins.harnessOrigin)}"`);
}

/**
 * Frame data attributes the harness may set on the player's root element, as the embedding
 * site would: `/?movie_id=101&data-fullscreen=parent&data-ad-list-url=/ads/list.json`.
 * The player ignores these query parameters; only this server reads them.
 */
export const PLAYER_DATA_ATTRIBUTES = ['base-url', 'ad-list-url', 'fullscreen', 'sentry-project', 'sentry-dsn', 'languages'] as const;

export function fillPlayerData(html: string, query: URLSearchParams): string {
  return html.replace(/<div id="root"([^>]*)>/, (_, attrs: string) => {
    let next = attrs;
    for (const name of PLAYER_DATA_ATTRIBUTES) {
      const value = query.get(`data-${name}`);
      if (value === null) continue;
      const attr = `data-${name}="${escapeAttr(value)}"`;
      const pattern = new RegExp(`data-${name}="[^"]*"`);
      next = pattern.test(next) ? next.replace(pattern, () => attr) : `${next} ${attr}`;
    }
    return `<div id="root"${next}>`;
  });
}

function isGet(ctx: RouteContext): boolean {
  if (ctx.req.method === 'GET' || ctx.req.method === 'HEAD') return true;
  methodNotAllowed(ctx.res, 'GET, HEAD');
  return false;
}

/**
 * A file of the host SDK. Any site imports it as a module from its own pages, which a browser
 * fetches with CORS; it carries no secret, so every origin may read it (docs/deploying.md).
 */
async function sdkFile(ctx: RouteContext, distDir: string): Promise<void> {
  ctx.res.setHeader('Access-Control-Allow-Origin', '*');
  await serveStatic(ctx, path.join(distDir, 'embed'), ctx.url.pathname.slice('/embed'.length));
}

export function pageRoutes(distDir: string, origins: PageOrigins): Route {
  const playerDir = path.join(distDir, 'player');
  const harnessDir = path.join(distDir, 'harness');

  async function playerPage(ctx: RouteContext): Promise<void> {
    const html = await readPage(path.join(playerDir, 'index.html'));
    if (html === null) return sendText(ctx.res, 503, 'player not built; run npm run build');
    // Harness-only: token cookies for ?harness-session=..., and this server's Sentry ingest as the DSN.
    applyHarnessSession(ctx);
    // Harness-only: a returning viewer's saved positions for ?harness-progress=..., before the page reads them.
    const page = injectHarnessProgress(fillPlayerData(html, playerPageQuery(ctx, origins)), ctx.url.searchParams);
    // Harness-only: a cross-origin player relays rstat4 events to the harness page.
    const relayed = ctx.origin === 'player' ? injectStatsRelay(page, origins.harnessOrigin, ctx.url.searchParams) : page;
    // Harness-only: metrics, storage, visibility and trace channel (harness-probe.ts), both embeds.
    const final = injectHarnessProbe(relayed, origins.harnessOrigin, ctx.url.searchParams);
    // Harness-only: a custom stream's or staging service's origin, and any ad media for a custom VAST tag.
    const custom = customCspSources(ctx.url.searchParams);
    ctx.res.setHeader('Content-Security-Policy', playerCsp(final, [origins.playerOrigin, origins.harnessOrigin, ...custom.origins], custom.anyMedia ? ['http:', 'https:'] : []));
    sendHtmlNoCache(ctx, final);
  }

  async function harnessPage(ctx: RouteContext): Promise<void> {
    const html = await readPage(path.join(harnessDir, 'index.html'));
    if (html === null) return sendText(ctx.res, 503, 'harness not built; run npm run build');
    sendHtmlNoCache(ctx, fillHarnessOrigins(html, origins));
  }

  return async (ctx) => {
    const { pathname } = ctx.url;
    // The host SDK on both origins, as docs/embedding.md serves it; sites import it from theirs.
    if (pathname.startsWith('/embed/')) {
      if (isGet(ctx)) await sdkFile(ctx, distDir);
      return true;
    }
    if (ctx.origin === 'player') {
      if (pathname === '/' || pathname === '/index.html') {
        if (isGet(ctx)) await playerPage(ctx);
        return true;
      }
      if (pathname.startsWith('/assets/')) {
        if (isGet(ctx)) await serveStatic(ctx, path.join(playerDir, 'assets'), pathname.slice('/assets'.length), { cacheControl: IMMUTABLE });
        return true;
      }
      return false;
    }

    // Harness origin.
    if (pathname === '/' || pathname === '/index.html') {
      if (isGet(ctx)) await harnessPage(ctx);
      return true;
    }
    if (pathname.startsWith('/assets/')) {
      if (isGet(ctx)) await serveStatic(ctx, path.join(harnessDir, 'assets'), pathname.slice('/assets'.length), { cacheControl: IMMUTABLE });
      return true;
    }
    if (pathname.startsWith('/films/')) {
      if (isGet(ctx)) sendHtmlNoCache(ctx, sitePage(ctx.url, origins.playerOrigin));
      return true;
    }
    if (pathname === '/player') {
      ctx.res.statusCode = 301;
      ctx.res.setHeader('Location', `/player/${ctx.url.search}`);
      ctx.res.end();
      return true;
    }
    if (pathname === '/player/' || pathname === '/player/index.html') {
      if (isGet(ctx)) await playerPage(ctx);
      return true;
    }
    if (pathname.startsWith('/player/assets/')) {
      if (isGet(ctx)) await serveStatic(ctx, path.join(playerDir, 'assets'), pathname.slice('/player/assets'.length), { cacheControl: IMMUTABLE });
      return true;
    }
    return false;
  };
}

/**
 * The player page's Content-Security-Policy: no inline script (the harness's own injected
 * relay is allowed by its hash), no eval; media, API and pixels only from the given origins, plus
 * blob: for MSE; workers only from the page's own origin (hls.js's transmuxer worker is one of its
 * assets, fetched for MPEG-TS streams). A production host sends the same policy with its
 * catalogue, media, ad and Sentry hosts in place of the two loopback origins.
 */
export function playerCsp(html: string, origins: readonly string[], mediaSources: readonly string[] = []): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, source]) => `'sha256-${createHash('sha256').update(source ?? '').digest('base64')}'`,
  );
  const hosts = origins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${hosts}`,
    `media-src 'self' blob: ${[hosts, ...mediaSources].join(' ')}`,
    `connect-src 'self' ${hosts}`,
    // 'self': hls.js's transmuxer worker; blob: error reporting's session replay compresses in a worker of its own.
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ');
}

/** The SDK imported from the player's origin, as docs/embedding.md shows a site doing it. */
const sdkScript = (playerOrigin: string) => `<script type="module">
  import { FilmPlayer } from '${playerOrigin}/embed/film-player.js';
  window.filmPlayerEvents = [];
  window.filmPlayer = FilmPlayer.attach(document.querySelector('iframe')).then((player) => {
    const names = ['play', 'pause', 'ended', 'timeupdate', 'progress', 'seeked', 'error', 'episodeChanged', 'adStarted', 'adEnded', 'adSkipped', 'fullscreenChange', 'chapterChange'];
    for (const name of names.filter((one) => player.supports('event', one))) player.on(name, (value) => window.filmPlayerEvents.push({ event: name, value }));
    return player;
  });
</script>`;

/** Player query parameters a site page passes on to its embed (the rest of its query is the site's own). */
const SITE_PAGE_PLAYER_PARAMS = ['movie_id', 'auto_play', 'season', 'episode', 'episode_id', 't', 'harness-client', 'data-fullscreen'];

/**
 * A site page at a deep address (/films/<slug>?<the site's own query>) that embeds the player
 * with the documented embed code, as a site would: the share links must carry this address.
 * With `sdk=1` it also attaches the host SDK (the player origin's /embed/film-player.js): `window.filmPlayer` is the
 * promise of the attached player, and `window.filmPlayerEvents` logs every event it hears.
 */
export function sitePage(url: URL, playerOrigin: string): string {
  const query: Record<string, string> = { movie_id: '101', auto_play: '1' };
  for (const name of SITE_PAGE_PLAYER_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) query[name] = value;
  }
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><title>Кино: ${escapeAttr(url.pathname.slice('/films/'.length))}</title></head>
<body style="margin: 0 auto; max-width: 960px; font-family: sans-serif">
<h1>Фильм на сайте</h1>
${embedCode({ playerOrigin, query })}
${url.searchParams.get('sdk') === '1' ? sdkScript(playerOrigin) : ''}
</body>
</html>`;
}

function sendHtmlNoCache(ctx: RouteContext, html: string): void {
  sendCompressibleText(ctx, html, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
}
