import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../common/types';
import { buildBugReport, parseBugReport, recentFacts, REPORT_FORMAT, REPORT_REQUESTS, type ReportSources } from './bug-report';
import type { MetricsSample } from './probe';

const NOW = Date.UTC(2026, 10, 26, 13, 0, 0);
const PERF_NOW = 200_000;

const request = (id: number, path: string): RequestLogEntry => ({ id, t: id * 10, origin: 'harness', method: 'GET', path, status: 200, bytes: 10, ms: 1, requestHeaders: {} });
const sample = (t: number): MetricsSample => ({ t, state: 'playing', ad: false, hidden: false, currentTime: 1, bufferAhead: 5, width: 640, height: 360, droppedFrames: 0, totalFrames: 10, bandwidth: 1e6 });

function sources(overrides: Partial<ReportSources> = {}): ReportSources {
  return {
    now: NOW,
    perfNow: PERF_NOW,
    timeOrigin: NOW - PERF_NOW,
    link: 'http://127.0.0.1:4101/?scenario=film&auto_play=1&embed=cross',
    scenario: { id: 'film', title: 'Film (fMP4)', embed: 'cross', query: 'movie_id=101&auto_play=1', playerUrl: 'http://localhost:4100/?movie_id=101', custom: false },
    messages: [{ id: 1, direction: 'in', t: 150_000, origin: 'http://localhost:4100', data: { event: 'episodeChanged' } }],
    requests: [request(1, '/media/hls/film/master.m3u8'), request(2, '/track/start?ad=skippable'), request(3, '/track/error?ad=x&code=403')],
    stats: [{ id: 1, t: NOW - 1000, event: 'videoplayer_start', payload: { contentId: 101 }, via: 'relay' }],
    sentry: [{ receivedAt: NOW - 500, project: '1', eventId: 'abc', type: 'event', message: 'boom', tags: { release: 'x' } }],
    samples: [sample(PERF_NOW - 90_000), sample(PERF_NOW - 59_000), sample(PERF_NOW - 1)],
    facts: [
      { at: NOW - 70_000, fact: 'playing', payload: null },
      { at: NOW - 30_000, fact: 'levelSwitched', payload: { level: 2, auto: true } },
      { at: NOW - 10, fact: 'paused', payload: null },
    ],
    ...overrides,
  };
}

describe('buildBugReport', () => {
  it('holds the link, the scenario, every log, the pings read from the requests, and the last 60 s of samples and engine facts', () => {
    const report = buildBugReport(sources());
    expect(report).toMatchObject({ format: REPORT_FORMAT, version: 1, createdAt: '2026-11-26T13:00:00.000Z', link: sources().link, scenario: sources().scenario, windowMs: 60_000, timeOrigin: NOW - PERF_NOW });
    expect(report.messages).toEqual(sources().messages);
    expect(report.requests.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(report.rstat4).toEqual(sources().stats);
    expect(report.sentry).toEqual(sources().sentry);
    expect(report.pings.map((p) => [p.event, p.ad, p.code])).toEqual([
      ['start', 'skippable', null],
      ['error', 'x', '403'],
    ]);
    expect(report.samples.map((s) => s.t)).toEqual([PERF_NOW - 59_000, PERF_NOW - 1]);
    expect(report.engineTrace.map((f) => f.fact)).toEqual(['levelSwitched', 'paused']);
  });

  it('keeps the newest requests, as many as the Requests tab shows', () => {
    const requests = Array.from({ length: REPORT_REQUESTS + 5 }, (_, i) => request(i + 1, '/api/x'));
    const report = buildBugReport(sources({ requests }));
    expect([report.requests.length, report.requests[0]?.id]).toEqual([REPORT_REQUESTS, 6]);
  });

  it('opens again as it was saved (JSON round trip)', () => {
    const report = buildBugReport(sources());
    expect(parseBugReport(JSON.stringify(report, null, 2))).toEqual({ ok: true, report });
  });
});

describe('recentFacts', () => {
  it('keeps the facts from the window start on; none when all are older', () => {
    const facts = [{ at: 1 }, { at: 50 }, { at: 100 }];
    expect(recentFacts(facts, 110, 60)).toEqual([{ at: 50 }, { at: 100 }]);
    expect(recentFacts(facts, 1000, 60)).toEqual([]);
  });
});

describe('parseBugReport', () => {
  const good = () => JSON.parse(JSON.stringify(buildBugReport(sources()))) as Record<string, unknown>;
  const edit = (change: (report: Record<string, any>) => void) => {
    const report = good();
    change(report);
    return JSON.stringify(report);
  };

  it.each([
    ['an empty report', edit((r) => Object.assign(r, { messages: [], requests: [], rstat4: [], sentry: [], pings: [], samples: [], engineTrace: [] }))],
    ['extra fields kept as they are', edit((r) => Object.assign(r, { note: 'x', messages: [{ ...r.messages[0], extra: 1 }] }))],
    ['a message without data', edit((r) => delete r.messages[0].data)],
  ])('opens %s', (_name, text) => {
    expect(parseBugReport(text).ok).toBe(true);
  });

  it.each([
    ['not JSON', '{"format":', /^The file is not JSON: /],
    ['empty', '', /^The file is not JSON: /],
    ['a list (one tab’s Export JSON)', '[{"id":1}]', 'Not a bug report: the file holds a list, not an object.'],
    ['null', 'null', 'Not a bug report: the file holds null, not an object.'],
    ['a number', '42', 'Not a bug report: the file holds a number, not an object.'],
    ['another format', JSON.stringify({ format: 'x' }), `Not a bug report of this harness: "format" is not "${REPORT_FORMAT}" (an Export JSON of one tab is not a report).`],
    ['a later version', edit((r) => (r.version = 2)), 'Report version 2 is not supported (this harness reads version 1).'],
    ['no link', edit((r) => delete r.link), 'Not a valid bug report: "link" is missing.'],
    ['a javascript: link', edit((r) => (r.link = 'javascript:alert(1)')), 'Not a valid bug report: "link" is not an http(s) address.'],
    ['a scenario that is text', edit((r) => (r.scenario = 'film')), 'Not a valid bug report: "scenario" is not an object.'],
    ['a scenario without id', edit((r) => delete r.scenario.id), 'Not a valid bug report: scenario."id" is missing.'],
    ['messages missing', edit((r) => delete r.messages), 'Not a valid bug report: "messages" is missing.'],
    ['requests not a list', edit((r) => (r.requests = {})), 'Not a valid bug report: "requests" is not a list.'],
    ['a message row that is text', edit((r) => (r.messages = ['hi'])), 'Not a valid bug report: messages[0] is not an object.'],
    ['a message of no direction', edit((r) => (r.messages[0].direction = 'up')), 'Not a valid bug report: messages[0]."direction" is not one of "in", "out".'],
    ['a request with a text status', edit((r) => (r.requests[1].status = '200')), 'Not a valid bug report: requests[1]."status" is not a number.'],
    ['a Sentry event id that is a number', edit((r) => (r.sentry[0].eventId = 5)), 'Not a valid bug report: sentry[0]."eventId" is not a string or null.'],
    ['a sample time that is null', edit((r) => (r.samples[0].t = null)), 'Not a valid bug report: samples[0]."t" is not a number.'],
    ['an engine fact without name', edit((r) => delete r.engineTrace[0].fact), 'Not a valid bug report: engineTrace[0]."fact" is missing.'],
  ])('refuses %s with the reason', (_name, text, error) => {
    const parsed = parseBugReport(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error instanceof RegExp ? error : new RegExp(`^${error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  it('refuses a file too large before parsing it', () => {
    const parsed = parseBugReport(' '.repeat(50 * 1024 * 1024 + 1));
    expect(parsed).toEqual({ ok: false, error: 'The file is too large for a bug report (more than 50 MB).' });
  });
});
