/**
 * Fault injection, scoped per harness client so parallel tests never see each other's faults.
 * A client is named by the `harness-client` query parameter of the player page: media and API
 * requests carry the page address in their Referer (same origin), or the parameter themselves.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, type Route, type RouteContext } from './http';

import type { FaultAction, FaultRule, FaultTarget } from '../common/types';

export type { FaultAction, FaultRule, FaultTarget };

interface ActiveRule extends FaultRule {
  setAt: number;
  used: number;
}

const TARGETS: Record<FaultTarget, RegExp> = {
  segment: /^\/media\/hls\/.+\.(m4s|ts|aac|vtt)$/,
  playlist: /^\/media\/hls\/.+\.m3u8$/,
  /** HLS decryption keys (`#EXT-X-KEY` URIs such as hls/film-aes/key.bin). */
  key: /^\/media\/hls\/.+\.(bin|key)$/,
  media: /^\/media\//,
  catalog: /^\/catalog-api\//,
  vast: /^\/(ads\/vast|vast)\//,
  /** The player's app code, asked for at its turn (the page's start works before it). */
  app: /^\/assets\/chunks\/create-player-[^/]+\.js$/,
};

const MAX_DELAY_MS = 60_000;
const MAX_PATH_FILTER = 200;
const MIN_KBPS = 8;

/** The harness client a request belongs to, from its own query or its Referer's. */
export function clientOf(req: IncomingMessage, url: URL): string | null {
  const own = url.searchParams.get('harness-client');
  if (own) return own;
  const referer = req.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).searchParams.get('harness-client');
  } catch {
    return null;
  }
}

export function parseRules(body: unknown): FaultRule[] {
  const list = (body as { rules?: unknown })?.rules;
  if (!Array.isArray(list)) throw new Error('expected { client, rules: [...] }');
  return list.map((raw, i): FaultRule => {
    const rule = raw as Partial<FaultRule> & { action?: Partial<FaultAction> & { status?: unknown; ms?: unknown } };
    if (!rule || typeof rule.target !== 'string' || !(rule.target in TARGETS)) throw new Error(`rules[${i}].target: one of ${Object.keys(TARGETS).join(', ')}`);
    const action = rule.action;
    let parsed: FaultAction;
    if (action?.type === 'status' && Number.isInteger(action.status) && (action.status as number) >= 400 && (action.status as number) < 600) {
      parsed = { type: 'status', status: action.status as number };
    } else if (action?.type === 'timeout' || action?.type === 'reset') {
      parsed = { type: action.type };
    } else if (action?.type === 'delay' && typeof action.ms === 'number' && action.ms >= 0) {
      parsed = { type: 'delay', ms: Math.min(action.ms, MAX_DELAY_MS) };
    } else if (action?.type === 'throttle' && typeof (action as { kbps?: unknown }).kbps === 'number' && (action as { kbps: number }).kbps >= MIN_KBPS) {
      parsed = { type: 'throttle', kbps: (action as { kbps: number }).kbps };
    } else if (action?.type === 'stall' && Number.isInteger((action as { afterBytes?: unknown }).afterBytes) && (action as { afterBytes: number }).afterBytes >= 0) {
      parsed = { type: 'stall', afterBytes: (action as { afterBytes: number }).afterBytes };
    } else {
      throw new Error(`rules[${i}].action: {type:'status',status:4xx|5xx} | {type:'timeout'} | {type:'reset'} | {type:'delay',ms} | {type:'throttle',kbps>=${MIN_KBPS}} | {type:'stall',afterBytes>=0}`);
    }
    const count = rule.count == null ? null : Number(rule.count);
    const forMs = rule.forMs == null ? null : Number(rule.forMs);
    if (count !== null && !(Number.isInteger(count) && count > 0)) throw new Error(`rules[${i}].count: a positive integer or null`);
    if (forMs !== null && !(forMs > 0)) throw new Error(`rules[${i}].forMs: a positive number or null`);
    const path = (rule as { path?: unknown }).path;
    if (path !== undefined && path !== null && (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH_FILTER)) {
      throw new Error(`rules[${i}].path: a non-empty text of at most ${MAX_PATH_FILTER} characters, part of the request path (e.g. "/audio/en/")`);
    }
    return { target: rule.target as FaultTarget, action: parsed, count, forMs, ...(typeof path === 'string' ? { path } : {}) };
  });
}

export class FaultStore {
  private readonly clients = new Map<string, ActiveRule[]>();
  private readonly links = new Map<string, Link>();

  /** The client's capped link: every throttled response of one client shares it, like a real connection. */
  link(client: string, kbps: number): Link {
    const key = `${client} ${kbps}`;
    let link = this.links.get(key);
    if (!link) {
      link = new Link(kbps);
      this.links.set(key, link);
    }
    return link;
  }

  set(client: string, rules: FaultRule[], now = Date.now()): void {
    this.clients.set(client, rules.map((rule) => ({ ...rule, setAt: now, used: 0 })));
  }

  clear(client?: string): void {
    if (client === undefined) {
      this.clients.clear();
      this.links.clear();
    } else {
      this.clients.delete(client);
      for (const key of this.links.keys()) if (key.startsWith(`${client} `)) this.links.delete(key);
    }
  }

  list(): Record<string, FaultRule[]> {
    return Object.fromEntries([...this.clients].map(([client, rules]) => [client, rules.map(({ setAt: _, used: __, ...rule }) => rule)]));
  }

  /** The rule that applies to this request now, counted as used; null when none. */
  take(client: string | null, pathname: string, now = Date.now()): FaultRule | null {
    if (client === null) return null;
    const rules = this.clients.get(client);
    const rule = rules?.find(
      (r) =>
        TARGETS[r.target].test(pathname) &&
        (r.path === undefined || pathname.includes(r.path)) &&
        (r.count === null || r.used < r.count) &&
        (r.forMs === null || now - r.setAt < r.forMs),
    );
    if (!rule) return null;
    rule.used += 1;
    return rule;
  }
}

export function describeFault(rule: FaultRule): string {
  const action = rule.action;
  const what =
    action.type === 'status'
      ? String(action.status)
      : action.type === 'delay'
        ? `delay ${action.ms}ms`
        : action.type === 'throttle'
          ? `throttle ${action.kbps}kbps`
          : action.type === 'stall'
            ? `stall after ${action.afterBytes} B`
            : action.type;
  return `${rule.target}${rule.path ? ` ${rule.path}` : ''}: ${what}`;
}

/** A bandwidth-capped link: bytes leave in slices of about 100 ms each, one after another. */
export class Link {
  private nextAt = 0;
  private readonly bytesPerMs: number;
  private readonly slice: number;

  constructor(kbps: number) {
    this.bytesPerMs = (kbps * 1000) / 8 / 1000;
    this.slice = Math.max(512, Math.round(this.bytesPerMs * 100));
  }

  /** Resolves once `bytes` have gone through, calling `write` with each slice at its time. */
  async send(bytes: Buffer, write: (slice: Buffer) => void, isClosed: () => boolean): Promise<void> {
    for (let offset = 0; offset < bytes.length; offset += this.slice) {
      if (isClosed()) return;
      const slice = bytes.subarray(offset, offset + this.slice);
      const now = Date.now();
      const at = Math.max(now, this.nextAt);
      this.nextAt = at + slice.length / this.bytesPerMs;
      if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
      if (isClosed()) return;
      write(slice);
    }
  }
}

type Chunk = string | Uint8Array;

const toBuffer = (chunk: Chunk, encoding?: unknown) =>
  typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk);

/** Routes everything the response writes through `link`, keeping stream back-pressure honest. */
export function throttleResponse(res: ServerResponse, link: Link): void {
  const write = res.write.bind(res) as (chunk: Buffer) => boolean;
  const end = res.end.bind(res) as (cb?: () => void) => ServerResponse;
  const isClosed = () => res.destroyed;
  let queue = Promise.resolve();
  res.write = ((chunk: Chunk, encoding?: unknown, cb?: unknown) => {
    const bytes = toBuffer(chunk, encoding);
    const done = typeof encoding === 'function' ? encoding : cb;
    queue = queue
      .then(() => link.send(bytes, write, isClosed))
      .then(() => {
        if (typeof done === 'function') (done as () => void)();
        res.emit('drain');
      });
    return false;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    const done = [chunk, encoding, cb].find((arg) => typeof arg === 'function') as (() => void) | undefined;
    const body = typeof chunk === 'string' || chunk instanceof Uint8Array ? toBuffer(chunk, encoding) : null;
    queue = queue.then(async () => {
      if (body) await link.send(body, write, isClosed);
      end(done);
    });
    return res;
  }) as typeof res.end;
}

/**
 * Lets the body through up to byte `afterBytes` of the file (a Range request counts from its own
 * start), then swallows the rest and never ends: the connection stays open until the client leaves.
 */
export function stallResponse(req: IncomingMessage, res: ServerResponse, afterBytes: number): void {
  const write = res.write.bind(res) as (chunk: Buffer) => boolean;
  const from = Number(/^bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
  let left = Math.max(0, afterBytes - from);
  const pass = (chunk: unknown, encoding?: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) {
      const slice = toBuffer(chunk, encoding).subarray(0, left);
      left -= slice.length;
      if (slice.length > 0) write(slice);
    }
    // The status and headers go out even when no byte of the body may.
    if (!res.headersSent) res.flushHeaders();
  };
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    pass(chunk, encoding);
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') (done as () => void)();
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown) => {
    pass(chunk, encoding);
    return res;
  }) as typeof res.end;
}

/**
 * `POST /__harness/faults` `{ client, rules }` sets a client's rules (replacing its old ones),
 * `DELETE /__harness/faults?client=` clears them, `GET` lists all. Then, for every request of
 * that client, the first matching rule applies; the request log notes it.
 */
export function faultRoutes(store: FaultStore, onFault: (ctx: RouteContext, description: string) => void): Route {
  return async (ctx) => {
    const { req, res, url } = ctx;
    if (url.pathname === '/__harness/faults') {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader('Vary', 'Origin');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
        res.statusCode = 204;
        res.end();
      } else if (req.method === 'GET') {
        sendJson(res, 200, store.list());
      } else if (req.method === 'DELETE') {
        store.clear(url.searchParams.get('client') ?? undefined);
        sendJson(res, 200, {});
      } else if (req.method === 'POST') {
        try {
          const body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8')) as { client?: unknown };
          if (typeof body?.client !== 'string' || body.client === '') throw new Error('client: a non-empty string');
          store.set(body.client, parseRules(body));
          sendJson(res, 200, store.list());
        } catch (err) {
          sendJson(res, 400, { message: err instanceof Error ? err.message : String(err) });
        }
      } else {
        sendJson(res, 405, { message: 'Method Not Allowed' });
      }
      return true;
    }

    const rule = store.take(clientOf(req, url), url.pathname);
    if (!rule) return false;
    onFault(ctx, describeFault(rule));
    const action = rule.action;
    if (action.type === 'delay') {
      await new Promise((resolve) => setTimeout(resolve, action.ms));
      return false;
    }
    if (action.type === 'throttle') {
      throttleResponse(res, store.link(clientOf(req, url) ?? '', action.kbps));
      return false;
    }
    if (action.type === 'stall') {
      stallResponse(req, res, action.afterBytes);
      return false;
    }
    if (action.type === 'reset') {
      req.socket.destroy();
      return true;
    }
    if (action.type === 'timeout') {
      // Hold the request open until the client gives up.
      return true;
    }
    res.setHeader('Access-Control-Allow-Origin', '*');
    sendJson(res, action.status, { message: `injected fault ${action.status}` });
    return true;
  };
}
