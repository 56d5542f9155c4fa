/** The QA harness server: two HTTP origins (player and harness) sharing one API/media handler. */
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { OriginName } from '../common/types';
import { HttpError, notFound, sendJson, type Route, type RouteContext } from './http';
import { EventHub, FAULT_HEADER, RequestLog } from './log';
import { FaultStore, faultRoutes } from './faults';
import { findRepoRoot } from './paths';
import { benchRoutes } from './routes/bench';
import { adsRoutes } from './routes/ads';
import { catalogRoutes } from './routes/catalog';
import { customRoutes } from './routes/custom';
import { stagingRoutes } from './routes/staging';
import { harnessRoutes } from './routes/harness';
import { tracesRoutes } from './routes/traces';
import { mediaRoutes } from './routes/media';
import { pageRoutes, type PageOrigins } from './routes/pages';
import { playerjsSuiteRoutes } from './routes/playerjs-suite';
import { SentryStore, sentryRoutes } from './routes/sentry';
import { StatsStore, statsRoutes } from './routes/stats';

export interface StartServerOptions {
  /** Port of the player origin (http://localhost:<port>); 0 picks a free one. Default 4100. */
  playerPort?: number;
  /** Port of the harness origin (http://127.0.0.1:<port>); 0 picks a free one. Default 4101. */
  harnessPort?: number;
  /** Default `<repo>/fixtures`. */
  fixturesDir?: string;
  /** Default `<repo>/dist`. */
  distDir?: string;
  /** Do not print handler errors to stderr. */
  quiet?: boolean;
}

export interface RunningServer {
  playerUrl: string;
  harnessUrl: string;
  close(): Promise<void>;
}

/** A path segment that decodes to `..` (also via %2e / %2f / backslash tricks). */
const TRAVERSAL = /(?:^|[\\/])\.\.(?:[\\/]|$)/;

function parseUrl(rawUrl: string): URL {
  try {
    if (rawUrl.startsWith('/')) return new URL(`http://host${rawUrl}`);
    if (/^https?:\/\//i.test(rawUrl)) return new URL(rawUrl);
  } catch {
    // fall through
  }
  throw new HttpError(400, 'Bad request target');
}

function hasTraversal(rawUrl: string): boolean {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    throw new HttpError(400, 'Malformed URL');
  }
  return TRAVERSAL.test(rawPath) || TRAVERSAL.test(decoded) || decoded.includes('\0');
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ port, host, exclusive: true });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

interface Stores {
  hub: EventHub;
  log: RequestLog;
  sentry: SentryStore;
  stats: StatsStore;
}

/** Every route of both origins, in the order they are tried. */
function createRoutes(repo: string, fixturesDir: string, distDir: string, stores: Stores, origins: PageOrigins): Route[] {
  const { hub, log, sentry, stats } = stores;
  const info = () => ({
    playerOrigin: origins.playerOrigin,
    harnessOrigin: origins.harnessOrigin,
    playerBuilt: existsSync(path.join(distDir, 'player', 'index.html')),
    harnessBuilt: existsSync(path.join(distDir, 'harness', 'index.html')),
  });
  const faults = new FaultStore();
  return [
    faultRoutes(faults, (ctx, description) => ctx.res.setHeader(FAULT_HEADER, description)),
    tracesRoutes(fixturesDir),
    // Before harnessRoutes, which answers every other /__harness/ path.
    stagingRoutes(log),
    customRoutes(origins),
    statsRoutes(stats),
    harnessRoutes({ log, sentry, stats, hub, info }),
    pageRoutes(distDir, origins),
    playerjsSuiteRoutes(repo || findRepoRoot(), origins),
    adsRoutes(fixturesDir, origins),
    catalogRoutes(fixturesDir),
    sentryRoutes(sentry),
    mediaRoutes(fixturesDir),
    benchRoutes(),
    (ctx) => {
      if (ctx.url.pathname !== '/favicon.ico') return false;
      ctx.res.statusCode = 204;
      ctx.res.end();
      return true;
    },
  ];
}

/** Logs the request (but the harness's own API), refuses a path traversal, then asks each route in turn. */
async function dispatch(routes: readonly Route[], log: RequestLog, req: IncomingMessage, res: ServerResponse, origin: OriginName): Promise<void> {
  const rawUrl = req.url ?? '/';
  if (!rawUrl.startsWith('/__harness/')) log.track(req, res, origin);
  if (hasTraversal(rawUrl)) throw new HttpError(403, 'Forbidden');
  const ctx: RouteContext = { req, res, url: parseUrl(rawUrl), origin };
  for (const route of routes) {
    if (await route(ctx)) return;
  }
  notFound(res);
}

/** A failed request answers with its HttpError's status, or 500 (printed unless quiet); a started answer is cut. */
function answerFailure(req: IncomingMessage, res: ServerResponse, err: unknown, quiet: boolean): void {
  const status = err instanceof HttpError ? err.status : 500;
  if (status >= 500 && !quiet) console.error(`[harness] ${req.method} ${req.url}:`, err);
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const message = err instanceof HttpError ? err.message : 'Internal Server Error';
  try {
    sendJson(res, status, { message });
  } catch {
    res.destroy();
  }
}

function createOriginServer(handle: (req: IncomingMessage, res: ServerResponse) => void): Server {
  // Idle sockets are kept longer than a client waits between two requests: with Node's 5 s, a
  // client could send on a socket in the moment the server closed it, and get a reset (ECONNRESET).
  const server = http.createServer({ keepAliveTimeout: 65_000 }, handle);
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  return server;
}

/** The player origin on one port for both IPv4 and IPv6 (`localhost` may resolve to either); resolves to the port. */
async function listenPlayer(player4: Server, player6: Server, requestedPort: number): Promise<number> {
  // With port 0 the IPv4 port may be taken on ::1; retry a few times to get one free on both.
  for (let attempt = 0; ; attempt++) {
    const port = await listen(player4, requestedPort, '127.0.0.1');
    try {
      await listen(player6, port, '::1');
      return port;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT') return port;
      if (code === 'EADDRINUSE' && requestedPort === 0 && attempt < 10) {
        await closeServer(player4);
        continue;
      }
      throw err;
    }
  }
}

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const repo = opts.fixturesDir && opts.distDir ? '' : findRepoRoot();
  const fixturesDir = path.resolve(opts.fixturesDir ?? path.join(repo, 'fixtures'));
  const distDir = path.resolve(opts.distDir ?? path.join(repo, 'dist'));
  const quiet = opts.quiet ?? false;

  const hub = new EventHub();
  const log = new RequestLog(hub);
  const stores: Stores = { hub, log, sentry: new SentryStore(hub), stats: new StatsStore() };
  // Filled in once both origins listen; the routes read them per request.
  const origins: PageOrigins = { playerOrigin: '', harnessOrigin: '' };
  const routes = createRoutes(repo, fixturesDir, distDir, stores, origins);
  const serverFor = (origin: OriginName) =>
    createOriginServer((req, res) => {
      dispatch(routes, log, req, res, origin).catch((err: unknown) => answerFailure(req, res, err, quiet));
    });

  const player4 = serverFor('player');
  const player6 = serverFor('player');
  const harness = serverFor('harness');
  const all = [player4, player6, harness];

  try {
    const playerPort = await listenPlayer(player4, player6, opts.playerPort ?? 4100);
    const harnessPort = await listen(harness, opts.harnessPort ?? 4101, '127.0.0.1');
    origins.playerOrigin = `http://localhost:${playerPort}`;
    origins.harnessOrigin = `http://127.0.0.1:${harnessPort}`;
  } catch (err) {
    await Promise.all(all.map(closeServer));
    hub.close();
    throw err;
  }

  let closing: Promise<void> | null = null;
  return {
    playerUrl: `${origins.playerOrigin}/`,
    harnessUrl: `${origins.harnessOrigin}/`,
    close() {
      closing ??= (async () => {
        hub.close();
        await Promise.all(all.map(closeServer));
      })();
      return closing;
    },
  };
}
