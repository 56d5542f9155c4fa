/**
 * hls.js's transmuxer in a Web Worker (issue 49). The build emits hls.js's worker as an asset of
 * its own (esbuild.config.mjs `buildHlsWorker`) and names it here (`__HLS_WORKER__`); hls.js built
 * from its sources makes a worker only from `workerPath`.
 *
 * hls.js creates its transmuxer at the first segment of every stream, fMP4 included, and a worker
 * with it when `workerPath` is set. So the engine sets it only once a playlist shows a stream that
 * needs transmuxing: one without `#EXT-X-MAP`, which HLS requires for fMP4 segments (MPEG-TS,
 * AAC/MP3/AC-3 elementary streams). An fMP4 stream never fetches the worker.
 *
 * Where the worker cannot start, hls.js transmuxes on the main thread: a worker that fails to load
 * (a CSP without `worker-src` in Chromium and Firefox, a failed fetch) is an ERROR it recovers from
 * (`event: 'demuxerWorker'`); a worker the constructor refuses (WebKit's CSP check throws) it only
 * logs. The engine learns the first from hls.js and the second from the page's CSP violation, and
 * reports the fallback once, as a non-fatal error fact; later sources load with no worker.
 */
import { Events, type ErrorData, type LevelLoadedData, type AudioTrackLoadedData } from 'hls.js';
import type Hls from 'hls.js';
import type { EmitFact } from './hls-events';
import { WORKER_FALLBACK_DETAIL } from './types';

declare const __HLS_WORKER__: string | undefined;

/** The worker's address as the build names it, relative to the page like index.html's assets; null without one (tests, the harness page). */
export const BUILT_WORKER_URL: string | null = typeof __HLS_WORKER__ === 'string' ? __HLS_WORKER__ : null;

/** A media playlist whose segments hls.js must transmux: no init segment (`#EXT-X-MAP`), so not fMP4. */
export function needsTransmuxing(details: LevelLoadedData['details']): boolean {
  const first = details.fragments[0];
  return first !== undefined && !first.initSegment;
}

/** hls.js's own report of a worker that failed (it goes on inline): the fallback is reported in its place. */
export const isWorkerFailure = (data: ErrorData): boolean => data.event === 'demuxerWorker';

export interface TransmuxWorker {
  /** Listens to one Hls instance: sets its worker when a playlist needs transmuxing, and hears its fallback. */
  watch(instance: Hls): void;
  stop(): void;
}

/**
 * One engine's worker: `url` as hls.js resolves it (against the page), null for none. `doc` is
 * where the browser reports a CSP violation (the video's document).
 */
export function createTransmuxWorker(url: string | null, doc: Document | null, emit: EmitFact): TransmuxWorker {
  let failed = url === null;
  let stopCsp: (() => void) | null = null;
  let current: Hls | null = null;

  function fallBack(reason: string): void {
    if (failed) return;
    failed = true;
    stopCsp?.();
    // The instance's later transmuxers (an audio rendition's) go inline at once.
    if (current) current.config.enableWorker = false;
    emit('error', {
      kind: 'other',
      detail: WORKER_FALLBACK_DETAIL,
      fatal: false,
      message: `The transmuxer worker did not start (${reason}); segments are transmuxed on the main thread`,
    });
  }

  /** A CSP that forbids the worker: WebKit's constructor throws and hls.js says nothing but a log line. */
  function watchCsp(): void {
    if (stopCsp || !doc || !url) return;
    const address = new URL(url, doc.URL).href;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI === address) fallBack(`Content-Security-Policy ${event.effectiveDirective}`);
    };
    doc.addEventListener('securitypolicyviolation', onViolation);
    stopCsp = () => doc.removeEventListener('securitypolicyviolation', onViolation);
  }

  return {
    watch(instance) {
      current = instance;
      if (failed) return;
      const decide = (_: unknown, data: LevelLoadedData | AudioTrackLoadedData) => {
        if (failed || !needsTransmuxing(data.details)) return;
        // Read by hls.js when it makes its transmuxer, at the first segment's bytes: after this.
        instance.config.workerPath = url;
        instance.config.enableWorker = true;
        watchCsp();
        instance.off(Events.LEVEL_LOADED, decide);
        instance.off(Events.AUDIO_TRACK_LOADED, decide);
      };
      instance.on(Events.LEVEL_LOADED, decide);
      instance.on(Events.AUDIO_TRACK_LOADED, decide);
      instance.on(Events.ERROR, (_, data: ErrorData) => {
        if (isWorkerFailure(data)) fallBack(data.error?.message || 'worker error');
      });
    },
    stop() {
      stopCsp?.();
      stopCsp = null;
      current = null;
    },
  };
}
