/**
 * Time to first frame on a phone on a mobile network (`ttff.mobile`, section `ttff_mobile`):
 * Lighthouse's mobile profile (4× CPU, DevTools' "Slow 4G") set through CDP on each fresh page
 * before it navigates. One load per contender and iteration gives every figure: the first frame,
 * the bytes that had arrived by then, the buffer ahead 5 s later, and the stalls and heights played
 * in the 30 s after it.
 */
import type { CDPSession, Page } from '@playwright/test';
import { cdp, navigate, openSession, waitStart, type Bench, type FrameStart, type Session } from '../browser';
import {
  bufferAhead,
  bytesBeforeFrame,
  heightsPlayed,
  linkReport,
  linkReportScript,
  missingFrom,
  MOBILE_PROFILE,
  networkConditions,
  pageClock,
  rebuffering,
  unthrottled,
  type FinishedResponse,
} from './mobile-figures';
import { markControls, type Contender } from './ttff';

/** When the buffer ahead is read, after the first frame. */
export const BUFFER_PROBE_MS = 5_000;
/** How long after the first frame stalls and heights are watched. */
export const REBUFFER_WINDOW_MS = 30_000;
/** Time-out for the first frame (the slowest contender needs about 6 s on this profile). */
const FRAME_TIMEOUT_MS = 60_000;

export interface MobileSample {
  ms: number | null;
  height: number | null;
  controlsMs: number | null;
  /** Encoded bytes (headers included) of the responses finished by the first frame. */
  jsBytes: number | null;
  totalBytes: number | null;
  jsFiles: number | null;
  jsEncodings: Record<string, number>;
  /** Buffered ahead of the playhead BUFFER_PROBE_MS after the first frame, in ms. */
  bufferAheadMs: number | null;
  /** Null when the window was not watched (--quick). */
  rebuffers: number | null;
  stalledMs: number | null;
  /** Media time played in the window, in ms. */
  playedMs: number | null;
  /** Heights shown from the first frame to the window's end, each change once. */
  heights: number[];
  /** http(s) requests whose first byte came sooner than the emulated latency allows (outside the throttle). */
  unthrottled: string[];
  /**
   * http(s) requests Playwright saw in the context that the page's CDP session did not (a worker's or
   * an out-of-process frame's): not in the byte counts.
   */
  otherTargets: string[];
  workers: string[];
  /** Cross-origin or other frames the page had at the end (about:blank included), by URL. */
  frames: string[];
  /** The document request's start on the page's clock: ≈ 0 when the CDP → page clock mapping holds. */
  clockCheckMs: number | null;
  errors: string[];
}

const emptySample = (errors: string[]): MobileSample => ({
  ms: null,
  height: null,
  controlsMs: null,
  jsBytes: null,
  totalBytes: null,
  jsFiles: null,
  jsEncodings: {},
  bufferAheadMs: null,
  rebuffers: null,
  stalledMs: null,
  playedMs: null,
  heights: [],
  unthrottled: [],
  otherTargets: [],
  workers: [],
  frames: [],
  clockCheckMs: null,
  errors,
});

/** The CDP Network events of one page, kept to compute the bytes before the first frame. */
function watchNetwork(client: CDPSession) {
  let anchor: { timestamp: number; wallTime: number } | null = null;
  const urls = new Map<string, { url: string; type: string; timestamp: number }>();
  const responses = new Map<string, { type: string; mimeType: string; encoding: string | null }>();
  const finished: Array<{ id: string; timestamp: number; bytes: number }> = [];
  const seen: string[] = [];
  const cachedIds = new Set<string>();
  const cachedUrls = new Set<string>();
  const cachedHit = (id: string) => {
    cachedIds.add(id);
    const url = urls.get(id)?.url;
    if (url) cachedUrls.add(url);
  };
  client.on('Network.requestWillBeSent', (e) => {
    anchor ??= { timestamp: e.timestamp, wallTime: e.wallTime };
    urls.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', timestamp: e.timestamp });
    if (/^https?:/.test(e.request.url)) seen.push(e.request.url);
  });
  client.on('Network.responseReceived', (e) => {
    const encoding = Object.entries(e.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? null;
    responses.set(e.requestId, { type: e.type, mimeType: e.response.mimeType, encoding });
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker) cachedHit(e.requestId);
  });
  client.on('Network.requestServedFromCache', (e) => cachedHit(e.requestId));
  client.on('Network.loadingFinished', (e) => finished.push({ id: e.requestId, timestamp: e.timestamp, bytes: e.encodedDataLength }));
  return {
    seen,
    /** URLs some response of which came from the HTTP cache. */
    cachedUrls,
    /** The first request's start on the page's clock, and every finished response with its end on it. */
    onPageClock(timeOrigin: number): { firstRequestMs: number | null; responses: FinishedResponse[] } {
      if (!anchor) return { firstRequestMs: null, responses: [] };
      const toPage = pageClock(anchor, timeOrigin);
      const first = [...urls.values()][0];
      return {
        firstRequestMs: first ? toPage(first.timestamp) : null,
        responses: finished.map((f) => {
          const request = urls.get(f.id);
          const response = responses.get(f.id);
          return { url: request?.url ?? '', type: response?.type ?? request?.type ?? 'Other', mimeType: response?.mimeType ?? '', encoding: response?.encoding ?? null, bytes: f.bytes, endMs: toPage(f.timestamp), cached: cachedIds.has(f.id) };
        }),
      };
    },
  };
}

export interface MobileLoadOptions {
  /** Watch stalls and heights this long after the first frame (0: only the first frame and the buffer). */
  windowMs: number;
  /** Read the buffer ahead (false for a warm-up load). */
  buffer: boolean;
  withControls: boolean;
}

/** The http(s) requests of the whole context and the page's workers, as Playwright sees them (CDP sees the page's alone). */
function watchContext({ page, context }: Session) {
  const requested: string[] = [];
  const firstBytes: Array<{ url: string; responseStartMs: number }> = [];
  const workers: string[] = [];
  context.on('request', (r) => {
    if (/^https?:/.test(r.url())) requested.push(r.url());
  });
  context.on('requestfinished', (r) => {
    if (/^https?:/.test(r.url())) firstBytes.push({ url: r.url(), responseStartMs: r.timing().responseStart });
  });
  page.on('worker', (w) => workers.push(w.url()));
  return { requested, firstBytes, workers };
}

/** Lighthouse's mobile profile on the page's target: its network (and the browser's report of it) and its CPU. */
export async function throttle(client: CDPSession): Promise<void> {
  await client.send('Network.enable');
  await client.send('Network.emulateNetworkConditions', networkConditions(MOBILE_PROFILE));
  await client.send('Page.enable');
  await client.send('Page.addScriptToEvaluateOnNewDocument', { source: linkReportScript(linkReport(MOBILE_PROFILE)) });
  await client.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuRate });
}

/** Records the content element's heights from now on: the element whose source the first frame came from. */
async function watchHeights(page: Page, src: string): Promise<void> {
  await page.evaluate((src) => {
    const video = [...document.querySelectorAll('video')].find((v) => v.currentSrc === src);
    const heights = [{ t: performance.now(), h: video?.videoHeight ?? 0 }];
    (window as unknown as { __mobileHeights: typeof heights }).__mobileHeights = heights;
    video?.addEventListener('resize', () => heights.push({ t: performance.now(), h: video.videoHeight }));
  }, src);
}

/** The content element's buffer ahead of the playhead BUFFER_PROBE_MS after the first frame, in ms; null when it is gone. */
async function readBufferAhead(page: Page, start: FrameStart): Promise<number | null> {
  const read = await page.evaluate(
    ({ src, at }) =>
      new Promise<{ ranges: Array<[number, number]>; currentTime: number } | null>((resolve) => {
        setTimeout(() => {
          const video = [...document.querySelectorAll('video')].find((v) => v.currentSrc === src);
          if (!video) return resolve(null);
          const ranges: Array<[number, number]> = [];
          for (let i = 0; i < video.buffered.length; i++) ranges.push([video.buffered.start(i), video.buffered.end(i)]);
          resolve({ ranges, currentTime: video.currentTime });
        }, Math.max(0, at - performance.now()));
      }),
    { src: start.src, at: start.t + BUFFER_PROBE_MS },
  );
  return read ? bufferAhead(read.ranges, read.currentTime) * 1000 : null;
}

/** At the window's end (at once when none is watched): the content's playhead, its heights, the instrument's records and the page's other frames. */
async function readWindowEnd(page: Page, start: FrameStart, windowMs: number) {
  if (windowMs > 0) await page.evaluate((at) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now()))), start.t + windowMs);
  const end = await page.evaluate((src) => {
    const video = [...document.querySelectorAll('video')].find((v) => v.currentSrc === src);
    return {
      now: performance.now(),
      currentTime: video?.currentTime ?? null,
      heights: (window as unknown as { __mobileHeights?: Array<{ t: number; h: number }> }).__mobileHeights ?? [],
      snapshot: window.__bench!.snapshot(),
    };
  }, start.src);
  return { ...end, frames: page.frames().filter((f) => f !== page.mainFrame()).map((f) => f.url()) };
}

interface LoadRecords {
  start: FrameStart;
  end: Awaited<ReturnType<typeof readWindowEnd>>;
  bufferAheadMs: number | null;
  timeOrigin: number;
  net: ReturnType<typeof watchNetwork>;
  seen: ReturnType<typeof watchContext>;
  errors: string[];
}

/** The figures of a load that showed a first frame, from what was recorded along it. */
function loadSample(contender: Contender, opts: MobileLoadOptions, { start, end, bufferAheadMs, timeOrigin, net, seen, errors }: LoadRecords): MobileSample {
  const watched = opts.windowMs > 0;
  const events = end.snapshot.videos[start.video]?.events ?? {};
  const stalls = watched ? rebuffering(events, start.t, Math.min(end.now, start.t + opts.windowMs)) : null;
  const { firstRequestMs, responses } = net.onPageClock(timeOrigin);
  const bytes = bytesBeforeFrame(responses, start.t);
  return {
    ms: start.t,
    height: start.height,
    controlsMs: opts.withControls && contender.controls ? (end.snapshot.marks.controls ?? null) : null,
    jsBytes: bytes.jsBytes,
    totalBytes: bytes.totalBytes,
    jsFiles: bytes.jsFiles,
    jsEncodings: bytes.jsEncodings,
    bufferAheadMs,
    rebuffers: stalls?.count ?? null,
    stalledMs: stalls?.stalledMs ?? null,
    playedMs: watched && end.currentTime !== null ? (end.currentTime - start.mediaTime) * 1000 : null,
    heights: watched ? heightsPlayed(start.height, end.heights) : [],
    unthrottled: [...new Set(unthrottled(seen.firstBytes, MOBILE_PROFILE.latencyMs, net.cachedUrls))],
    otherTargets: [...new Set(missingFrom(seen.requested, net.seen))],
    workers: seen.workers,
    frames: end.frames,
    clockCheckMs: firstRequestMs,
    errors,
  };
}

/** One load of `contender` in a fresh context on the mobile profile. */
export async function measureMobileOnce(bench: Bench, contender: Contender, opts: MobileLoadOptions): Promise<MobileSample> {
  const session = await openSession(bench);
  const { page } = session;
  const seen = watchContext(session);
  try {
    const client = await cdp(session);
    const net = watchNetwork(client);
    await throttle(client);
    if (opts.withControls && contender.controls) await markControls(page, contender.controls);
    await navigate(page, contender.url);
    const start = await waitStart(page, { timeoutMs: FRAME_TIMEOUT_MS });
    if (!start) return emptySample([...session.errors, `no advancing frame within ${FRAME_TIMEOUT_MS / 1000} s`]);
    // The instrument's frame callbacks stop once the start is taken (as in the steady section).
    await page.evaluate(() => window.__bench!.quiet());
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    await watchHeights(page, start.src);
    const bufferAheadMs = opts.buffer ? await readBufferAhead(page, start) : null;
    const end = await readWindowEnd(page, start, opts.windowMs);
    return loadSample(contender, opts, { start, end, bufferAheadMs, timeOrigin, net, seen, errors: session.errors });
  } catch (err) {
    return emptySample([...session.errors, String(err)]);
  } finally {
    await session.close();
  }
}

export interface MobileResult {
  samples: Record<string, MobileSample[]>;
  failures: Record<string, number>;
  errors: string[];
}

const kib = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024).toFixed(0)} KiB`);

/**
 * Each iteration loads every contender once, in an order rotated by the iteration (as runTtff);
 * the warm-up round (not counted) only waits for each first frame.
 */
export async function runMobile(
  bench: Bench,
  contenders: readonly Contender[],
  opts: { iterations: number; warmUp: boolean; windowMs: number; log: (line: string) => void; more: () => boolean },
): Promise<MobileResult> {
  const samples: Record<string, MobileSample[]> = Object.fromEntries(contenders.map((c) => [c.key, []]));
  const failures: Record<string, number> = {};
  const errors = new Set<string>();
  if (opts.warmUp) for (const c of contenders) await measureMobileOnce(bench, c, { windowMs: 0, buffer: false, withControls: false });
  for (let i = 0; i < opts.iterations; i++) {
    if (i > 1 && !opts.more()) break;
    const order = contenders.map((_, k) => contenders[(k + i) % contenders.length]!);
    const row: string[] = [];
    for (const c of order) {
      const s = await measureMobileOnce(bench, c, { windowMs: opts.windowMs, buffer: true, withControls: true });
      samples[c.key]!.push(s);
      if (s.ms === null) failures[c.key] = (failures[c.key] ?? 0) + 1;
      s.errors.forEach((e) => errors.add(`${c.key}: ${e}`));
      const stalls = s.rebuffers === null ? '' : `, ${s.rebuffers} stalls`;
      const buffer = s.bufferAheadMs === null ? '—' : `${(s.bufferAheadMs / 1000).toFixed(1)} s`;
      row.push(`${c.key}=${s.ms?.toFixed(0) ?? '—'} (js ${kib(s.jsBytes)}, +5 s ${buffer} ahead${stalls}${s.heights.length ? `, ${s.heights.join('→')}p` : ''})`);
    }
    opts.log(`  ttff mobile ${i + 1}/${opts.iterations}: ${row.join(' ')}`);
  }
  return { samples, failures, errors: [...errors].slice(0, 20) };
}
