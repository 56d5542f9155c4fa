/**
 * The bug report (the harness's Export bug report / Open report): one JSON file with the harness
 * link, the scenario and what the inspectors hold, built and checked here with no DOM, so a file
 * from a colleague opens read-only or is refused with the reason, never a crash.
 */
import type { RequestLogEntry, SentrySummary } from '../common/types';
import { httpUrl } from '../../src/lib/url';
import { errorText } from './embed-console';
import type { MessageEntry } from './MessageLog';
import type { MetricsSample, ProbeFact } from './probe';
import type { StatEntry } from './stats';
import { trackingPing, type TrackingPing } from './vast-inspect';

export const REPORT_FORMAT = 'film-player-harness-bug-report';
export const REPORT_VERSION = 1;
/** The charts samples and engine facts kept: the last minute, as the charts show. */
export const REPORT_WINDOW_MS = 60_000;
/** Requests kept: the newest, as many as the Requests tab shows. */
export const REPORT_REQUESTS = 1000;
/** A file larger than this is refused before it is read. */
export const REPORT_MAX_BYTES = 50 * 1024 * 1024;

export interface ReportScenario {
  id: string;
  title: string;
  embed: string;
  /** The player query the harness loaded (custom or built). */
  query: string;
  playerUrl: string;
  /** The query was typed by hand instead of built from the scenario. */
  custom: boolean;
}

export interface BugReport {
  format: typeof REPORT_FORMAT;
  version: typeof REPORT_VERSION;
  /** ISO time of the export. */
  createdAt: string;
  link: string;
  scenario: ReportScenario;
  windowMs: number;
  /** The harness page's performance.timeOrigin: messages' and samples' `t` are milliseconds since it. */
  timeOrigin: number;
  messages: MessageEntry[];
  /** `t`: milliseconds since the harness server started. */
  requests: RequestLogEntry[];
  /** `t`: epoch milliseconds. */
  rstat4: StatEntry[];
  sentry: SentrySummary[];
  pings: TrackingPing[];
  samples: MetricsSample[];
  /** Engine facts from the player page's probe; `at`: epoch milliseconds. */
  engineTrace: ProbeFact[];
}

export interface ReportSources {
  /** Epoch milliseconds now. */
  now: number;
  /** performance.now() of the harness page now. */
  perfNow: number;
  timeOrigin: number;
  link: string;
  scenario: ReportScenario;
  messages: readonly MessageEntry[];
  requests: readonly RequestLogEntry[];
  stats: readonly StatEntry[];
  sentry: readonly SentrySummary[];
  samples: readonly MetricsSample[];
  facts: readonly ProbeFact[];
}

/** The facts of the last `windowMs` before `now` (epoch ms), for the rolling engine trace. */
export function recentFacts<T extends { at: number }>(facts: readonly T[], now: number, windowMs = REPORT_WINDOW_MS): T[] {
  const from = now - windowMs;
  const first = facts.findIndex((fact) => fact.at >= from);
  return first === -1 ? [] : facts.slice(first);
}

export function buildBugReport(sources: ReportSources): BugReport {
  const requests = sources.requests.slice(-REPORT_REQUESTS);
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    createdAt: new Date(sources.now).toISOString(),
    link: sources.link,
    scenario: sources.scenario,
    windowMs: REPORT_WINDOW_MS,
    timeOrigin: sources.timeOrigin,
    messages: [...sources.messages],
    requests,
    rstat4: [...sources.stats],
    sentry: [...sources.sentry],
    pings: sources.requests.map(trackingPing).filter((ping): ping is TrackingPing => ping !== null),
    samples: sources.samples.filter((sample) => sample.t >= sources.perfNow - REPORT_WINDOW_MS),
    engineTrace: recentFacts(sources.facts, sources.now),
  };
}

/** `harness-report-film` (the download adds the time). */
export function reportFileStem(report: Pick<BugReport, 'scenario'>): string {
  return `harness-report-${report.scenario.id.replace(/[^a-z0-9-]/gi, '-')}`;
}

// --- reading a saved report ---------------------------------------------------------------

export type ParsedReport = { ok: true; report: BugReport } | { ok: false; error: string };

type FieldType = 'number' | 'string' | 'boolean' | 'object' | 'string|null' | 'number|null' | readonly string[];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldOk(value: unknown, type: FieldType): boolean {
  if (typeof type !== 'string') return type.includes(value as string);
  switch (type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'number|null':
      return value === null || (typeof value === 'number' && Number.isFinite(value));
    case 'string|null':
      return value === null || typeof value === 'string';
    case 'object':
      return isRecord(value);
    default:
      return typeof value === type;
  }
}

const describeType = (type: FieldType) =>
  typeof type !== 'string' ? `one of ${type.map((one) => JSON.stringify(one)).join(', ')}` : type === 'object' ? 'an object' : `a ${type.replace('|', ' or ')}`;

/** The fields each section's rows need to be shown; anything more is kept as it is. */
const SECTIONS: ReadonlyArray<readonly [keyof BugReport, Record<string, FieldType>]> = [
  ['messages', { id: 'number', direction: ['in', 'out'], t: 'number', origin: 'string' }],
  ['requests', { id: 'number', t: 'number', origin: 'string', method: 'string', path: 'string', status: 'number', bytes: 'number', ms: 'number', requestHeaders: 'object' }],
  ['rstat4', { id: 'number', t: 'number', event: 'string', via: 'string' }],
  ['sentry', { receivedAt: 'number', project: 'string', eventId: 'string|null', type: 'string', message: 'string|null', tags: 'object' }],
  ['pings', { id: 'number', t: 'number', event: 'string', ad: 'string|null', code: 'string|null', origin: 'string', path: 'string' }],
  ['samples', { t: 'number', state: 'string', currentTime: 'number|null', bufferAhead: 'number|null', height: 'number|null', bandwidth: 'number|null', droppedFrames: 'number|null' }],
  ['engineTrace', { at: 'number', fact: 'string' }],
];

const HEAD: Record<string, FieldType> = { createdAt: 'string', link: 'string', windowMs: 'number', timeOrigin: 'number', scenario: 'object' };
const SCENARIO: Record<string, FieldType> = { id: 'string', title: 'string', embed: 'string', query: 'string', playerUrl: 'string', custom: 'boolean' };

/** The first field of `value` that is not of its type, as `where."field" is not …`; null when all are. */
function wrongField(value: Record<string, unknown>, fields: Record<string, FieldType>, where: string): string | null {
  for (const [name, type] of Object.entries(fields)) {
    if (!fieldOk(value[name], type)) return `${where}"${name}" is ${value[name] === undefined ? 'missing' : `not ${describeType(type)}`}`;
  }
  return null;
}

/** Reads a saved report; a wrong file gets a message saying what is wrong with it. */
export function parseBugReport(text: string): ParsedReport {
  if (text.length > REPORT_MAX_BYTES) return { ok: false, error: `The file is too large for a bug report (more than ${REPORT_MAX_BYTES / 1024 / 1024} MB).` };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `The file is not JSON: ${errorText(error)}` };
  }
  if (!isRecord(data)) return { ok: false, error: `Not a bug report: the file holds ${Array.isArray(data) ? 'a list' : data === null ? 'null' : `a ${typeof data}`}, not an object.` };
  if (data.format !== REPORT_FORMAT) return { ok: false, error: `Not a bug report of this harness: "format" is not "${REPORT_FORMAT}" (an Export JSON of one tab is not a report).` };
  if (data.version !== REPORT_VERSION) return { ok: false, error: `Report version ${JSON.stringify(data.version)} is not supported (this harness reads version ${REPORT_VERSION}).` };
  const problem = wrongField(data, HEAD, '') ?? wrongField(data.scenario as Record<string, unknown>, SCENARIO, 'scenario.');
  if (problem) return { ok: false, error: `Not a valid bug report: ${problem}.` };
  // The viewer shows the link as a link: never a javascript: or data: one from a stranger's file.
  if (httpUrl(data.link as string) === null) return { ok: false, error: 'Not a valid bug report: "link" is not an http(s) address.' };
  for (const [section, fields] of SECTIONS) {
    const rows = data[section];
    if (!Array.isArray(rows)) return { ok: false, error: `Not a valid bug report: "${section}" is ${rows === undefined ? 'missing' : 'not a list'}.` };
    for (let index = 0; index < rows.length; index++) {
      const row: unknown = rows[index];
      const where = `${section}[${index}]`;
      if (!isRecord(row)) return { ok: false, error: `Not a valid bug report: ${where} is not an object.` };
      const wrong = wrongField(row, fields, `${where}.`);
      if (wrong) return { ok: false, error: `Not a valid bug report: ${wrong}.` };
    }
  }
  return { ok: true, report: data as unknown as BugReport };
}
