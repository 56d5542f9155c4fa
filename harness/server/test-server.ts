/** For the server's own tests: one harness server on free ports per test file. */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from './server';
import type { RequestLogEntry } from '../common/types';

export interface TestServer {
  server: RunningServer;
  /** http://localhost:<port>, no trailing slash. */
  player: string;
  /** http://127.0.0.1:<port>, no trailing slash. */
  harness: string;
}

/** Starts the server before the file's tests and closes it after; read the fields inside tests. */
export function useTestServer(): TestServer {
  const origins = {} as TestServer;
  beforeAll(async () => {
    origins.server = await startServer({ playerPort: 0, harnessPort: 0, quiet: true });
    origins.player = origins.server.playerUrl.replace(/\/$/, '');
    origins.harness = origins.server.harnessUrl.replace(/\/$/, '');
  });
  afterAll(async () => {
    await origins.server?.close();
  });
  return origins;
}

/** Polls `find` every 20 ms, 100 times at most, for what a request leaves behind. */
async function eventually<T>(find: () => T | undefined | Promise<T | undefined>, missing: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = await find();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(missing);
}

/** The first entry of the server's request log that matches, once it is there. */
export function requestLogged(origins: TestServer, match: (entry: RequestLogEntry) => boolean): Promise<RequestLogEntry> {
  return eventually(async () => ((await (await fetch(`${origins.harness}/__harness/requests`)).json()) as RequestLogEntry[]).find(match), 'request log entry not found');
}

/** A request the partner server received. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Partner {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** Every request so far, in order. */
  seen: Seen[];
  /** The first request that matches, once it has come. */
  saw(match: (seen: Seen) => boolean): Promise<Seen>;
}

/**
 * A second loopback server standing in for a partner (a stream's or an ad's host, a staging
 * catalogue), on a free port before the file's tests and closed after. It records each request
 * with its body, then `answer` replies; a request `answer` leaves unanswered gets a 404.
 */
export function usePartner(answer: (url: URL, req: IncomingMessage, res: ServerResponse) => unknown): Partner {
  let server: http.Server | null = null;
  const partner: Partner = {
    url: '',
    seen: [],
    saw: (match) => eventually(() => partner.seen.find(match), 'the partner never saw that request'),
  };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        partner.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        answer(new URL(req.url ?? '/', partner.url), req, res);
        if (res.writableEnded) return;
        res.statusCode = 404;
        res.end('no');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    partner.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return partner;
}
