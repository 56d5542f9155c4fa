/**
 * The Sentry SDK (@sentry/react with tracing and session replay), loaded only by `import()` from
 * sentry.ts. It is one lazy chunk because esbuild cannot split replay off a statically imported
 * SDK: @sentry/browser's index re-exports it, so any static SDK import puts replay in the initial
 * bundle's shared chunk.
 */
import * as Sentry from '@sentry/react';
import { COOKIE_KEYS } from '../lib/constants';
import type { CookieStore } from './cookies';
import type { ErrorReport, ReportScope, SentryConfig } from './sentry';
import { scrub } from './sentry-scrub';

/** SPEC.md §9 "Error-reporting sampling". */
const SENTRY_SAMPLING = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

/** Stream files: playlists, segments, keys and subtitles (hls.js loads them by XHR). */
const MEDIA_PATH = /\.(m3u8|m4s|ts|mp4|m4a|m4v|aac|mp3|vtt|webvtt|key)$/i;

/**
 * Whether a request gets an http.client span. Stream files do not: a film is thousands of
 * segment requests, which would fill every transaction (and the page's memory) with spans and keep
 * the page-load transaction open while playback lasts. The player's own calls keep theirs.
 */
export function tracesRequest(url: string): boolean {
  try {
    return !MEDIA_PATH.test(new URL(url, globalThis.location?.href ?? 'http://localhost/').pathname);
  } catch {
    return true;
  }
}

const SECRET_COOKIES = [COOKIE_KEYS.authToken, COOKIE_KEYS.refreshToken, COOKIE_KEYS.deviceFingerprint];

/**
 * The credential values to scrub, read afresh for every item cleaned, in one reading of the jar: a
 * sampled session replay cleans each of its events, and three readings per item took 27 ms per
 * 10 s of playback at 4× CPU in one profiled load.
 */
function secretValues(cookies: CookieStore): string[] {
  return cookies.getAll(SECRET_COOKIES).filter((value): value is string => Boolean(value));
}

/** Sampling, no PII, and scrubbing at every exit: events, transactions, breadcrumbs, replay frames. */
export function sentryOptions({ dsn, project, cookies }: SentryConfig & { cookies: CookieStore }): Sentry.BrowserOptions {
  const clean = <T,>(value: T): T => scrub(value, secretValues(cookies));
  return {
    dsn: dsn ?? undefined,
    ...SENTRY_SAMPLING,
    sendDefaultPii: false,
    integrations: [
      // Errors in callbacks still reach the global handlers; wrapping every timer, frame callback,
      // event listener and XHR callback in the SDK's try/catch cost steady playback main-thread
      // time (hls.js alone runs three 100 ms intervals and an XHR per segment).
      Sentry.browserApiErrorsIntegration({ setTimeout: false, setInterval: false, requestAnimationFrame: false, eventTarget: false, XMLHttpRequest: false }),
      // Only hls.js uses XHR here (the player's calls and VAST go by fetch, which keeps its
      // breadcrumbs and spans): a film's segment requests would fill the 100 breadcrumbs, pushing
      // out the viewer's clicks and the calls before an error, and pay the SDK's wrapper on each.
      Sentry.breadcrumbsIntegration({ xhr: false }),
      Sentry.browserTracingIntegration({ traceXHR: false, shouldCreateSpanForRequest: tracesRequest }),
      // Text masked and media blocked (the defaults); network headers and bodies are not recorded.
      // The player's SVG icons are recorded: a blocked element is measured (getBoundingClientRect, a
      // forced layout) each time it is added, and the controls swap icons on every play, pause and
      // episode change (about 9 ms of the recorder's 26 ms in an episode switch).
      Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true, unblock: ['svg'], beforeAddRecordingEvent: clean }),
    ],
    initialScope: project ? { tags: { project } } : undefined,
    beforeSend: clean,
    beforeSendTransaction: clean,
    beforeBreadcrumb: clean,
  };
}

/**
 * How long the page-load transaction stays open once the SDK has started (after the first frame,
 * ADR 0004): Sentry's own idle time. Left to itself it stays open while any long animation frame
 * comes within a second of the last, and on a phone the film's loading makes them until the buffer
 * is full (10 s at 4× CPU on a TS film): its end, every span converted, scrubbed and sent at once,
 * then fell in steady playback as one long task (200 to 600 ms at 4× CPU).
 */
const PAGE_LOAD_TAIL_MS = 1000;

type SpanApi = Pick<typeof Sentry, 'getActiveSpan' | 'getRootSpan' | 'spanToJSON'>;

/** Ends the page-load span `afterMs` from now, unless it has ended by then. */
export function endPageLoadAfter(api: SpanApi, afterMs: number, later: (run: () => void, ms: number) => unknown = setTimeout): void {
  const active = api.getActiveSpan();
  const root = active && api.getRootSpan(active);
  if (!root || api.spanToJSON(root).op !== 'pageload') return;
  later(() => {
    if (api.spanToJSON(root).timestamp === undefined) root.end();
  }, afterMs);
}

/** Initialises the SDK; false on a DSN it rejects. */
export function start(config: SentryConfig & { cookies: CookieStore }): boolean {
  if (Sentry.getClient()) return true;
  try {
    Sentry.init(sentryOptions(config));
  } catch {
    return false;
  }
  if (Sentry.getClient() === undefined) return false;
  endPageLoadAfter(Sentry, PAGE_LOAD_TAIL_MS);
  return true;
}

/** Puts the player's contexts and tags on the global scope, where every event picks them up. */
export function applyScope({ contexts, tags }: ReportScope): void {
  for (const [name, context] of Object.entries(contexts)) Sentry.setContext(name, context);
  Sentry.setTags(tags);
}

/** Reports an error and returns its Sentry event id. */
export function capture({ error, contexts, tags, fingerprint, level = 'error' }: ErrorReport): string {
  return Sentry.captureException(error, {
    level,
    ...(contexts ? { contexts } : {}),
    ...(tags ? { tags } : {}),
    ...(fingerprint ? { fingerprint } : {}),
  });
}

/** An error thrown before the SDK loaded, reported as Sentry's global handlers would have. */
export function captureEarly(error: unknown): void {
  Sentry.captureException(error, { mechanism: { type: 'onerror', handled: false } });
}
