/** In-memory request log and the Server-Sent Events hub that streams it (and Sentry summaries). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pickHeaders } from './http';
import type { HarnessEventName, LoggedRequestHeaders, OriginName, RequestLogEntry } from '../common/types';

export const REQUEST_LOG_CAP = 5000;
const HEARTBEAT_MS = 15_000;
const LOGGED_HEADERS = ['authorization', 'x-session-context', 'range', 'origin', 'referer'] as const;

/** Fans events out to connected `text/event-stream` clients. */
export class EventHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    this.heartbeat = setInterval(() => this.writeAll(`: heartbeat ${Date.now()}\n\n`), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** Turns `res` into an SSE stream; headers (e.g. CORS) must already be set by the caller. */
  attach(req: IncomingMessage, res: ServerResponse, hello: unknown): void {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);
    res.write('retry: 2000\n\n');
    res.write(format('hello', hello));
    this.clients.add(res);
    const drop = () => this.clients.delete(res);
    req.on('close', drop);
    res.on('close', drop);
    res.on('error', drop);
  }

  send(event: HarnessEventName, data: unknown): void {
    if (this.clients.size === 0) return;
    this.writeAll(format(event, data));
  }

  /** Ends every stream (used on shutdown). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private writeAll(chunk: string): void {
    for (const res of this.clients) {
      if (res.writableEnded || res.destroyed) {
        this.clients.delete(res);
        continue;
      }
      res.write(chunk);
    }
  }
}

function format(event: string, data: unknown): string {
  // JSON.stringify never emits raw newlines, so a single data: line is enough.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Records every request with status, body size and timing; publishes `request` events. */
export class RequestLog {
  private readonly started = performance.now();
  private nextId = 1;
  private entries: RequestLogEntry[] = [];

  constructor(private readonly hub: EventHub) {}

  list(): RequestLogEntry[] {
    return this.entries;
  }

  clear(): void {
    this.entries = [];
  }

  /** Milliseconds since the server started. */
  now(): number {
    return round(performance.now() - this.started);
  }

  /**
   * Starts tracking one request: wraps res.write/res.end to count body bytes and records the entry
   * when the response finishes or the connection closes first.
   */
  track(req: IncomingMessage, res: ServerResponse, origin: OriginName, detail?: TrackDetail): void {
    const startedAt = performance.now();
    const requestHeaders: LoggedRequestHeaders = detail?.requestHeaders ? { ...detail.requestHeaders } : pickHeaders(req.headers, LOGGED_HEADERS);
    const entry: RequestLogEntry = {
      id: this.nextId++,
      t: round(startedAt - this.started),
      origin,
      method: req.method ?? 'GET',
      path: req.url ?? '',
      status: 0,
      bytes: 0,
      ms: 0,
      requestHeaders,
      ...(detail?.upstream ? { upstream: detail.upstream } : {}),
    };

    let bytes = 0;
    const count = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === 'function') return;
      if (typeof chunk === 'string') bytes += Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    const originalWrite = res.write;
    const originalEnd = res.end;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      count(chunk, rest[0]);
      return (originalWrite as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (this.req?.method !== 'HEAD') count(chunk, rest[0]);
      return (originalEnd as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;

    let done = false;
    const finish = (aborted: boolean) => {
      if (done) return;
      done = true;
      entry.status = res.headersSent ? res.statusCode : 0;
      entry.bytes = bytes;
      entry.ms = round(performance.now() - startedAt);
      if (aborted) entry.aborted = true;
      const fault = res.getHeader(FAULT_HEADER);
      if (typeof fault === 'string') entry.fault = fault;
      if (detail?.responseHeaders) entry.responseHeaders = detail.responseHeaders();
      this.entries.push(entry);
      if (this.entries.length > REQUEST_LOG_CAP) this.entries.splice(0, this.entries.length - REQUEST_LOG_CAP);
      this.hub.send('request', entry);
    };
    res.on('finish', () => finish(false));
    res.on('close', () => finish(!res.writableFinished));
  }
}

/** What a route that logs its own requests (the staging proxy) puts in the entry instead. */
export interface TrackDetail {
  /** Replaces the usual few headers (already masked by the caller). */
  requestHeaders?: Record<string, string>;
  /** Read when the response finishes. */
  responseHeaders?: () => Record<string, string>;
  upstream?: string;
}

/** Set by fault injection on a response it shaped; the log records it with the request. */
export const FAULT_HEADER = 'X-Harness-Fault';

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
