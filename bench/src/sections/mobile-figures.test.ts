import { describe, expect, it } from 'vitest';
import {
  bufferAhead,
  bytesBeforeFrame,
  heightsPlayed,
  isScript,
  linkReport,
  linkReportScript,
  missingFrom,
  MOBILE_PROFILE,
  networkConditions,
  pageClock,
  qualityDrop,
  rebuffering,
  unthrottled,
  type FinishedResponse,
} from './mobile-figures';

describe('mobile section figures', () => {
  it("reports the profile's link as Chromium's estimator does: Slow 4G's 562.5 ms round trip is '3g' at 575 ms", () => {
    expect(linkReport(MOBILE_PROFILE)).toEqual({ effectiveType: '3g', rtt: 575 });
    expect(linkReport({ latencyMs: 150 })).toEqual({ effectiveType: '4g', rtt: 150 });
    expect(linkReport({ latencyMs: 1500 })).toEqual({ effectiveType: '2g', rtt: 1500 });
    expect(linkReport({ latencyMs: 2100 })).toEqual({ effectiveType: 'slow-2g', rtt: 2100 });
    const connection = { effectiveType: '4g', rtt: 100, downlink: 1.5 };
    new Function('navigator', linkReportScript({ effectiveType: '3g', rtt: 550 }))({ connection });
    expect(connection).toMatchObject({ effectiveType: '3g', rtt: 550, downlink: 1.5 });
  });

  it("converts DevTools' Slow 4G to bytes per second as Lighthouse does (kbit/s × 1024 / 8, floored)", () => {
    expect(networkConditions(MOBILE_PROFILE)).toEqual({ offline: false, latency: 562.5, downloadThroughput: 188_743, uploadThroughput: 86_400 });
    expect(MOBILE_PROFILE.cpuRate).toBe(4);
  });

  it('counts script bytes (Script resources and prefetched JavaScript) and all bytes finished by the first frame', () => {
    const r = (url: string, type: string, mimeType: string, bytes: number, endMs: number, encoding: string | null = null): FinishedResponse => ({ url, type, mimeType, bytes, endMs, encoding });
    const responses = [
      r('/', 'Document', 'text/html', 5_000, 600),
      r('/main.js', 'Script', 'text/javascript', 40_000, 1_200, 'br'),
      r('/app.js', 'Prefetch', 'application/javascript; charset=utf-8', 120_000, 2_000, 'gzip'),
      r('/engine.js', 'Script', 'text/javascript', 150_000, 2_500),
      r('/master.m3u8', 'Fetch', 'application/vnd.apple.mpegurl', 1_000, 2_600),
      r('/late.js', 'Script', 'text/javascript', 9_000, 3_001),
      { ...r('/app.js', 'Script', 'text/javascript', 300, 2_100), cached: true },
    ];
    expect(bytesBeforeFrame(responses, 3_000)).toEqual({ jsBytes: 310_000, totalBytes: 316_000, jsFiles: 3, jsEncodings: { br: 1, gzip: 1, identity: 1 } });
    expect(bytesBeforeFrame(responses, 0)).toEqual({ jsBytes: 0, totalBytes: 0, jsFiles: 0, jsEncodings: {} });
    expect(isScript({ type: 'Other', mimeType: 'text/css' })).toBe(false);
  });

  it("puts CDP's monotonic seconds on the page's clock through one (timestamp, wallTime) pair", () => {
    const toPage = pageClock({ timestamp: 100, wallTime: 1_700_000_000 }, 1_700_000_000_000 - 5);
    expect(toPage(100)).toBeCloseTo(5);
    expect(toPage(101.25)).toBeCloseTo(1_255);
  });

  it('measures the buffer ahead in the range holding the playhead', () => {
    expect(bufferAhead([[0, 4], [6, 12]], 1.5)).toBe(2.5);
    expect(bufferAhead([[0, 4], [6, 12]], 7)).toBe(5);
    expect(bufferAhead([[0, 4], [6, 12]], 5)).toBe(0);
    expect(bufferAhead([[0.02, 4]], 0)).toBe(4);
    expect(bufferAhead([], 3)).toBe(0);
  });

  it('counts stalls after the first frame, not during seeks or after the end, and times them', () => {
    const events = {
      waiting: [{ t: 50 }, { t: 1_000 }, { t: 1_100 }, { t: 3_000 }, { t: 5_100 }, { t: 9_000 }],
      playing: [{ t: 120 }, { t: 1_400 }, { t: 6_000 }],
      seeking: [{ t: 2_900 }],
      seeked: [{ t: 3_200 }],
      ended: [{ t: 8_000 }],
    };
    // 50 is before the frame (100); 1000 opens a stall that 1100 continues; 3000 is inside a seek; 9000 after the end.
    expect(rebuffering(events, 100, 30_100)).toEqual({ count: 2, stalledMs: 400 + 900 });
    // A stall still open at the window's end counts up to it.
    expect(rebuffering({ waiting: [{ t: 500 }], playing: [{ t: 10 }] }, 100, 2_000)).toEqual({ count: 1, stalledMs: 1_500 });
    expect(rebuffering({}, 0, 1_000)).toEqual({ count: 0, stalledMs: 0 });
    // After a replay ('play' past the end) a stall counts again.
    expect(rebuffering({ ended: [{ t: 200 }], play: [{ t: 300 }], waiting: [{ t: 400 }], playing: [{ t: 450 }] }, 100, 1_000)).toEqual({ count: 1, stalledMs: 50 });
  });

  it('lists the heights played and finds a drop below the first one', () => {
    expect(heightsPlayed(720, [{ t: 2, h: 720 }, { t: 1, h: 720 }])).toEqual([720]);
    expect(heightsPlayed(360, [{ t: 3, h: 720 }, { t: 5, h: 720 }, { t: 9, h: 0 }])).toEqual([360, 720]);
    expect(qualityDrop([360, 720])).toBe(false);
    expect(qualityDrop([720, 360, 720])).toBe(true);
    expect(qualityDrop([720])).toBe(false);
    expect(heightsPlayed(null, [])).toEqual([]);
  });

  it('finds the requests whose first byte came sooner than the emulated latency allows', () => {
    const requests = [
      { url: '/page', responseStartMs: 590 },
      { url: '/oopif-fetch', responseStartMs: 22 },
      { url: '/unknown', responseStartMs: -1 },
      { url: '/edge', responseStartMs: 507 },
    ];
    expect(unthrottled(requests, 562.5)).toEqual(['/oopif-fetch']);
    expect(unthrottled(requests, 562.5, new Set(['/oopif-fetch']))).toEqual([]);
  });

  it('finds the requests the throttled session did not see', () => {
    expect(missingFrom(['/a', '/b', '/a', '/c'], ['/a', '/b'])).toEqual(['/a', '/c']);
    expect(missingFrom(['/a'], ['/a', '/a'])).toEqual([]);
  });
});
