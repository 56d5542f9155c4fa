/**
 * The pure parts of the mobile section (bench/src/sections/mobile.ts): the network profile, the
 * bytes a page received before its first frame, the buffer ahead of the playhead, rebuffering
 * after the first frame and the heights played. Unit-tested in mobile-figures.test.ts.
 */

/** Lighthouse's mobile profile: 4× CPU and DevTools' "Slow 4G" (Lighthouse `mobileSlow4G`, devtools throttling). */
export const MOBILE_PROFILE = {
  name: "Lighthouse mobile: 4× CPU, DevTools 'Slow 4G'",
  cpuRate: 4,
  /** Request latency: Lighthouse's 150 ms RTT × 3.75. */
  latencyMs: 562.5,
  /** 1.6 Mbit/s × 0.9, in kbit/s (1 kbit = 1024 bits, as Lighthouse counts). */
  downloadKbps: 1474.56,
  /** 750 kbit/s × 0.9. */
  uploadKbps: 675,
} as const;

export interface NetworkConditions {
  offline: false;
  latency: number;
  /** Bytes per second. */
  downloadThroughput: number;
  uploadThroughput: number;
}

/**
 * What the browser's network quality estimator reports of a link with this round trip
 * (`navigator.connection`): Chromium's effective type thresholds on the HTTP RTT (slow-2g from
 * 2010 ms, 2g from 1420 ms, 3g from 272 ms), its RTT rounded to 25 ms. Chromium 150's network
 * emulation throttles the page but leaves that report at '4g' and 100 ms, where a phone on the
 * emulated link (and Chromium 156's emulation) reports '3g': the player starts lower on a slow link
 * (src/engine/start-level.ts), so the bench says it as the link would.
 */
export function linkReport(profile: { latencyMs: number }): { effectiveType: string; rtt: number } {
  const rtt = Math.round(profile.latencyMs / 25) * 25;
  const effectiveType = rtt >= 2010 ? 'slow-2g' : rtt >= 1420 ? '2g' : rtt >= 272 ? '3g' : '4g';
  return { effectiveType, rtt };
}

/** A script for every new document: `navigator.connection` reports `report` (where the API exists). */
export function linkReportScript(report: { effectiveType: string; rtt: number }): string {
  return `(() => {
  const connection = navigator.connection;
  if (!connection) return;
  const report = ${JSON.stringify(report)};
  for (const [name, value] of Object.entries(report)) Object.defineProperty(connection, name, { get: () => value, configurable: true });
})();`;
}

/**
 * CDP `Network.emulateNetworkConditions` parameters, converted as Lighthouse does it
 * (`enableNetworkThrottling`: "DevTools expects throughput in bytes per second rather than kbps",
 * `Math.floor(kbps * 1024 / 8)`): 188,743 B/s down, 86,400 B/s up.
 */
export function networkConditions(profile: { latencyMs: number; downloadKbps: number; uploadKbps: number }): NetworkConditions {
  return {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: Math.floor((profile.downloadKbps * 1024) / 8),
    uploadThroughput: Math.floor((profile.uploadKbps * 1024) / 8),
  };
}

/** One finished response, its end already on the page's clock (performance.now() ms). */
export interface FinishedResponse {
  url: string;
  /** CDP Network.ResourceType (Script, Prefetch, Fetch, XHR, Document…). */
  type: string;
  mimeType: string;
  /** The response's Content-Encoding, null when it had none. */
  encoding: string | null;
  /** CDP loadingFinished.encodedDataLength: bytes on the wire, headers included. */
  bytes: number;
  endMs: number;
  /** Served from the HTTP cache (e.g. a prefetched chunk imported later): no bytes on the wire, not counted. */
  cached?: boolean;
}

/**
 * JavaScript: a Script resource or any response with a JavaScript MIME type (a `<link rel=prefetch>`
 * chunk is a Prefetch resource; its MIME type still says it is script).
 */
export const isScript = (r: Pick<FinishedResponse, 'type' | 'mimeType'>): boolean => r.type === 'Script' || /javascript|ecmascript/i.test(r.mimeType);

export interface BytesBeforeFrame {
  jsBytes: number;
  totalBytes: number;
  jsFiles: number;
  /** JavaScript responses by Content-Encoding ('identity' when none). */
  jsEncodings: Record<string, number>;
}

/** What had finished arriving from the network by `frameMs` (responses still in flight then, and cache hits, are not counted). */
export function bytesBeforeFrame(responses: readonly FinishedResponse[], frameMs: number): BytesBeforeFrame {
  const out: BytesBeforeFrame = { jsBytes: 0, totalBytes: 0, jsFiles: 0, jsEncodings: {} };
  for (const r of responses) {
    if (!(r.endMs <= frameMs) || r.cached) continue;
    out.totalBytes += r.bytes;
    if (!isScript(r)) continue;
    out.jsBytes += r.bytes;
    out.jsFiles += 1;
    const encoding = r.encoding?.trim().toLowerCase() || 'identity';
    out.jsEncodings[encoding] = (out.jsEncodings[encoding] ?? 0) + 1;
  }
  return out;
}

/**
 * A CDP MonotonicTime (seconds) on the page's clock (performance.now() ms), through one request's
 * `timestamp` and `wallTime` (both CDP's, taken together) and the page's `performance.timeOrigin`.
 */
export function pageClock(anchor: { timestamp: number; wallTime: number }, timeOrigin: number): (monotonicS: number) => number {
  return (monotonicS) => (anchor.wallTime + (monotonicS - anchor.timestamp)) * 1000 - timeOrigin;
}

/** Seconds buffered ahead of `currentTime`: to the end of the range that holds it, 0 when none does. */
export function bufferAhead(ranges: ReadonlyArray<readonly [number, number]>, currentTime: number): number {
  // hls.js and VHS may leave a gap of a few ms before the first sample; a playhead this close to a range is in it.
  const EPSILON = 0.05;
  const range = ranges.find(([start, end]) => start - EPSILON <= currentTime && currentTime <= end);
  return range ? Math.max(0, range[1] - currentTime) : 0;
}

export interface Rebuffering {
  /** Stalls that began in the window: a `waiting` while playing, not seeking and not ended. */
  count: number;
  /** Their time in the window, each from its `waiting` to the next `playing` (or the window's end). */
  stalledMs: number;
}

/**
 * Rebuffering in `(from, to]` from one element's media events (times on the page's clock). The
 * whole event history is read so a seek or an end before the window is known; further `waiting`
 * events of a stall already open (before its `playing`) are the same stall.
 */
export function rebuffering(events: Readonly<Record<string, ReadonlyArray<{ t: number }>>>, from: number, to: number): Rebuffering {
  const TYPES = ['waiting', 'playing', 'seeking', 'seeked', 'ended', 'play'] as const;
  const timeline = TYPES.flatMap((type) => (events[type] ?? []).map((e) => ({ type, t: e.t }))).sort((a, b) => a.t - b.t);
  let seeking = false;
  let ended = false;
  let stall: number | null = null;
  let count = 0;
  let stalledMs = 0;
  const close = (t: number) => {
    if (stall !== null) stalledMs += Math.max(0, Math.min(t, to) - stall);
    stall = null;
  };
  for (const { type, t } of timeline) {
    if (t > to) break;
    switch (type) {
      case 'seeking':
        close(t);
        seeking = true;
        break;
      case 'seeked':
        seeking = false;
        break;
      case 'ended':
        close(t);
        ended = true;
        break;
      case 'play':
        ended = false;
        break;
      case 'playing':
        ended = false;
        close(t);
        break;
      case 'waiting':
        if (t > from && !seeking && !ended && stall === null) {
          count += 1;
          stall = t;
        }
        break;
    }
  }
  close(to);
  return { count, stalledMs };
}

/** The heights played, in order, each change once: `[720]`, or `[360, 720]` for a switch up. */
export function heightsPlayed(first: number | null, later: ReadonlyArray<{ t: number; h: number }>): number[] {
  const out: number[] = first ? [first] : [];
  for (const { h } of [...later].sort((a, b) => a.t - b.t)) if (h > 0 && h !== out[out.length - 1]) out.push(h);
  return out;
}

/** A visible quality drop after the first frame: some later height lower than the first one. */
export const qualityDrop = (heights: readonly number[]): boolean => heights.length > 1 && heights.slice(1).some((h) => h < heights[0]!);

/**
 * Requests that escaped the network throttle: a first byte sooner than 90% of the emulated latency
 * after the request started (`responseStartMs` as Playwright's `request.timing()` gives it; -1 when
 * unknown). A throttled request waits at least the latency for its first byte; a URL also served
 * from the HTTP cache (`cached`) is left out, as a cache hit needs no network.
 */
export function unthrottled(requests: ReadonlyArray<{ url: string; responseStartMs: number }>, latencyMs: number, cached: ReadonlySet<string> = new Set()): string[] {
  return requests.filter((r) => r.responseStartMs >= 0 && r.responseStartMs < 0.9 * latencyMs && !cached.has(r.url)).map((r) => r.url);
}

/** Requests one list has that the other has not (a multiset difference of URLs). */
export function missingFrom(all: readonly string[], seen: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const url of seen) left.set(url, (left.get(url) ?? 0) + 1);
  const out: string[] = [];
  for (const url of all) {
    const n = left.get(url) ?? 0;
    if (n > 0) left.set(url, n - 1);
    else out.push(url);
  }
  return out;
}
