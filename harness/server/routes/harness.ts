/** Inspection endpoints under `/__harness/` (not themselves logged). */
import { answerPreflight, corsReflect, methodNotAllowed, notFound, sendJson, type Route } from '../http';
import type { RequestLogEntry } from '../../common/types';
import type { EventHub, RequestLog } from '../log';
import { summarize, type SentryStore } from './sentry';
import type { StatsStore } from './stats';

export interface HarnessRouteDeps {
  log: RequestLog;
  sentry: SentryStore;
  /** The relay's beaconed rstat4 events (stats.ts), cleared with the log. */
  stats: StatsStore;
  hub: EventHub;
  info: () => Record<string, unknown>;
}

export function harnessRoutes({ log, sentry, stats, hub, info }: HarnessRouteDeps): Route {
  return (ctx) => {
    const { pathname } = ctx.url;
    if (!pathname.startsWith('/__harness/')) return false;
    const { req, res } = ctx;
    corsReflect(ctx, { methods: 'GET, DELETE, OPTIONS' });
    if (req.method === 'OPTIONS') {
      answerPreflight(res);
      return true;
    }
    const only = (method: string): boolean => {
      if (req.method === method || (method === 'GET' && req.method === 'HEAD')) return true;
      methodNotAllowed(res, `${method}, OPTIONS`);
      return false;
    };
    switch (pathname) {
      case '/__harness/requests':
        if (only('GET')) sendJson(res, 200, selectRequests(log.list(), ctx.url.searchParams));
        return true;
      case '/__harness/sentry': {
        if (!only('GET')) return true;
        // event_id= one event's envelopes; mark= those whose text contains it (a page's URL marker).
        const eventId = ctx.url.searchParams.get('event_id');
        const mark = ctx.url.searchParams.get('mark');
        const envelopes = sentry
          .list()
          .filter((envelope) => (eventId === null || envelope.header.event_id === eventId) && (!mark || envelope.raw.includes(mark)));
        sendJson(res, 200, ctx.url.searchParams.has('summary') ? envelopes.map(summarize) : envelopes);
        return true;
      }
      case '/__harness/log':
        if (only('DELETE')) {
          log.clear();
          sentry.clear();
          stats.clear();
          hub.send('clear', { t: log.now() });
          sendJson(res, 200, {});
        }
        return true;
      case '/__harness/events':
        if (only('GET')) hub.attach(req, res, { t: log.now(), ...info() });
        return true;
      case '/__harness/info':
        if (only('GET')) sendJson(res, 200, info());
        return true;
      default:
        notFound(res);
        return true;
    }
  };
}

/**
 * `/__harness/requests` narrowed by its query, for pages and scripts that need a part of a log
 * shared by every tab: `mark=` keeps the requests whose path or Referer contains it (a player
 * page's `harness-client=qa-1`, say), then `last=N` keeps the newest N.
 */
export function selectRequests(entries: readonly RequestLogEntry[], query: URLSearchParams): RequestLogEntry[] {
  const mark = query.get('mark');
  const marked = mark ? entries.filter((entry) => entry.path.includes(mark) || Boolean(entry.requestHeaders.referer?.includes(mark))) : entries;
  const last = Number(query.get('last'));
  return Number.isInteger(last) && last > 0 ? marked.slice(-last) : [...marked];
}
