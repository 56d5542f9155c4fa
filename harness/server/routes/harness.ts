/** Inspection endpoints under `/__harness/` (not themselves logged). */
import { answerPreflight, corsReflect, methodNotAllowed, notFound, sendJson, type Route } from '../http';
import type { EventHub, RequestLog } from '../log';
import { summarize, type SentryStore } from './sentry';

export interface HarnessRouteDeps {
  log: RequestLog;
  sentry: SentryStore;
  hub: EventHub;
  info: () => Record<string, unknown>;
}

export function harnessRoutes({ log, sentry, hub, info }: HarnessRouteDeps): Route {
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
        if (only('GET')) sendJson(res, 200, log.list());
        return true;
      case '/__harness/sentry':
        if (only('GET')) sendJson(res, 200, ctx.url.searchParams.has('summary') ? sentry.list().map(summarize) : sentry.list());
        return true;
      case '/__harness/log':
        if (only('DELETE')) {
          log.clear();
          sentry.clear();
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
