/**
 * `/__harness/stats`: the rstat4 events the injected relay (stats-relay.ts) also beacons here, so
 * a script can read what a player sent without touching its page. A browser test of autoplay
 * must not evaluate script in the page before the player's own attempt (a driver's evaluation can
 * count as a user gesture), so it polls this from Node instead. Kept in memory, not in the
 * request log; `DELETE /__harness/log` clears them with it.
 *
 * - `POST` (from the relay, any origin, text/plain JSON `{ page, event, payload }`): stores one.
 * - `GET ?mark=<text>`: those whose page URL contains the text (`harness-client=qa-1`), oldest
 *   first; `&event=<name>` narrows to one event.
 */
import { HttpError, methodNotAllowed, readBody, sendJson, type Route } from '../http';

export interface StatRecord {
  id: number;
  /** Milliseconds since the epoch, when the server got it. */
  t: number;
  /** The player page's URL (its query carries `harness-client=`). */
  page: string;
  event: string;
  payload: unknown;
}

/** Newest kept; a long QA session sends a few events a second. */
const CAP = 5000;
const BODY_LIMIT = 64 * 1024;

export class StatsStore {
  private entries: StatRecord[] = [];
  private nextId = 1;

  add(page: string, event: string, payload: unknown): StatRecord {
    const record = { id: this.nextId++, t: Date.now(), page, event, payload };
    this.entries.push(record);
    if (this.entries.length > CAP) this.entries.splice(0, this.entries.length - CAP);
    return record;
  }

  list(mark: string | null = null, event: string | null = null): StatRecord[] {
    return this.entries.filter((entry) => (!mark || entry.page.includes(mark)) && (!event || entry.event === event));
  }

  clear(): void {
    this.entries = [];
  }
}

/** Parses a relay's beacon body; throws 400 when it is not `{ page: string, event: string, payload? }`. */
export function parseStatBody(text: string): { page: string; event: string; payload: unknown } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Body is not JSON');
  }
  const { page, event, payload } = (body ?? {}) as { page?: unknown; event?: unknown; payload?: unknown };
  if (typeof page !== 'string' || typeof event !== 'string' || event === '') throw new HttpError(400, 'Expected { page, event, payload }');
  return { page, event, payload: payload ?? null };
}

export function statsRoutes(stats: StatsStore): Route {
  return async (ctx) => {
    if (ctx.url.pathname !== '/__harness/stats') return false;
    const { req, res } = ctx;
    // Any page may post (a beacon is a text/plain request: no preflight; its answer is never read).
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'POST') {
      const stat = parseStatBody((await readBody(req, BODY_LIMIT)).toString('utf8'));
      stats.add(stat.page, stat.event, stat.payload);
      res.statusCode = 204;
      res.end();
    } else if (req.method === 'GET' || req.method === 'HEAD') {
      sendJson(res, 200, stats.list(ctx.url.searchParams.get('mark'), ctx.url.searchParams.get('event')));
    } else methodNotAllowed(res, 'GET, POST');
    return true;
  };
}
