/**
 * Error reporting. The Sentry SDK (with tracing and replay) is a lazy chunk, configured from the
 * page: the DSN and the project label come from the frame data attributes. Without a DSN nothing
 * is loaded and reports get a locally generated id.
 */
import { afterStartUp } from './after-start-up';
import { browserCookies, type CookieStore } from './cookies';

export interface SentryConfig {
  dsn: string | null;
  /** The error-reporting project label (data-sentry-project), sent as the `project` tag. */
  project: string | null;
  /** Where the credential values to scrub are read; the page's cookies by default. */
  cookies?: CookieStore;
}

/** One error to report, with what the error-reporting service should show beside it. */
export interface ErrorReport {
  error: Error;
  /** Named context blocks, e.g. `response: { status_code, url, data }`. */
  contexts?: Record<string, Record<string, unknown>>;
  tags?: Record<string, string>;
  /** Grouping key; Sentry's default grouping when absent. */
  fingerprint?: string[];
  /** 'error' when absent; a 'warning' is something that went wrong with no harm to the viewer. */
  level?: 'error' | 'warning';
}

/** What every report carries besides its own: named contexts and tags, kept on the SDK's scope. */
export interface ReportScope {
  contexts: Record<string, Record<string, unknown>>;
  tags: Record<string, string>;
}

type Sdk = typeof import('./sentry-sdk');

let sdk: Promise<Sdk | null> | null = null;
let load: (() => Promise<Sdk | null>) | null = null;
let reportScope: ReportScope | null = null;

/**
 * Prepares Sentry from the page configuration; false (nothing loaded, nothing sent) without a DSN.
 * The SDK itself (about 90 KB gzip, with replay's recorder) is fetched by `startSentry()` once the
 * first frame is on screen, or at once when an error needs reporting, so it never competes with
 * start-up. Errors thrown before it arrives are held and reported when it does.
 */
export function initSentry({ dsn, project, cookies = browserCookies }: SentryConfig): boolean {
  if (load) return true;
  if (!dsn) return false;
  const early: unknown[] = [];
  const onError = (event: ErrorEvent) => early.push(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => early.push(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  load = () =>
    (sdk ??= import('./sentry-sdk')
      .then((loaded) => (loaded.start({ dsn, project, cookies }) ? loaded : null))
      .catch(() => null)
      .then((loaded) => {
        window.removeEventListener('error', onError);
        window.removeEventListener('unhandledrejection', onRejection);
        if (loaded && reportScope) loaded.applyScope(reportScope);
        if (loaded) early.forEach((error) => loaded.captureEarly(error));
        return loaded;
      }));
  return true;
}

/** Loads and starts the SDK prepared by `initSentry` (once; later calls do nothing). */
export function startSentry(): void {
  void load?.();
}

/**
 * Starts the SDK in the first idle moment after `ready` (the first frame), or after `fallbackMs`
 * when that never comes (no autoplay, an error page, a long pre-roll).
 */
export function startSentryAfter(ready: Promise<unknown>, fallbackMs: number): void {
  if (load) afterStartUp(ready, fallbackMs, startSentry);
}

/**
 * Sets what every later report carries, uncaught errors included. Kept until the SDK runs, so
 * the scope is there before the first event whenever the SDK loads.
 */
export function setReportScope(scope: ReportScope): void {
  reportScope = scope;
  void sdk?.then((loaded) => loaded?.applyScope(reportScope!));
}

/** 32 hex digits, the shape of a Sentry event id, for when Sentry is not running. */
function localErrorId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Reports an error; resolves with the Sentry event id, or a local id when Sentry is off. */
export async function reportError(report: ErrorReport): Promise<string> {
  const loaded = load ? await load() : null;
  return loaded ? loaded.capture(report) : localErrorId();
}
