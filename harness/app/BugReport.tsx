import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { buildBugReport, parseBugReport, recentFacts, reportFileStem, REPORT_MAX_BYTES, type BugReport, type ReportScenario } from './bug-report';
import { ChartsPanel } from './ChartsPanel';
import { errorText } from './embed-console';
import { compactJson, downloadJson, formatClock, formatMs } from './format';
import type { MessageEntry } from './MessageLog';
import type { Probe, ProbeFact } from './probe';
import { readStats } from './stats';
import type { Readable } from './store';
import type { HarnessEventsSnapshot } from './useHarnessEvents';
import './engine-panel.css';

/** The player's engine facts of the last minute, as the probe hears them (any page of the frame). */
function useEngineTrace(probe: Probe): RefObject<ProbeFact[]> {
  const facts = useRef<ProbeFact[]>([]);
  useEffect(
    () =>
      probe.onFact((fact) => {
        // Pruned as it goes: timeUpdated alone comes several times a second.
        facts.current = recentFacts([...facts.current, fact], Date.now());
      }),
    [probe],
  );
  return facts;
}

interface BugReportControlsProps {
  scenario: ReportScenario;
  // Read only when a report is exported: the buttons do not re-render with every message or request.
  messages: Readable<readonly MessageEntry[]>;
  events: Readable<HarnessEventsSnapshot>;
  probe: Probe;
}

/** Export bug report (one JSON of everything the inspectors hold) and Open report (shown read-only over the page). */
export function BugReportControls({ scenario, messages, events, probe }: BugReportControlsProps) {
  const facts = useEngineTrace(probe);
  const [opened, setOpened] = useState<{ name: string; report: BugReport } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const exportReport = () => {
    const report = buildBugReport({
      now: Date.now(),
      perfNow: performance.now(),
      timeOrigin: performance.timeOrigin,
      link: window.location.href,
      scenario,
      messages: messages.get(),
      requests: events.get().requests,
      stats: readStats(),
      sentry: events.get().sentry,
      samples: probe.get().samples,
      facts: facts.current,
    });
    downloadJson(reportFileStem(report), report);
  };

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // the same file can be opened again
    if (!file) return;
    if (file.size > REPORT_MAX_BYTES) return setError(`${file.name}: too large for a bug report (more than ${REPORT_MAX_BYTES / 1024 / 1024} MB).`);
    let text: string;
    try {
      text = await file.text();
    } catch (caught) {
      return setError(`${file.name}: could not be read (${errorText(caught)}).`);
    }
    const parsed = parseBugReport(text);
    if (parsed.ok) {
      setError(null);
      setOpened({ name: file.name, report: parsed.report });
    } else setError(`${file.name}: ${parsed.error}`);
  };

  return (
    <>
      <button type="button" className="btn" onClick={exportReport} title="Saves one JSON: link, scenario, messages, requests, rstat4, Sentry, pings, the last 60 s of charts and engine facts" data-testid="export-report">
        Export bug report
      </button>
      <label className="btn report-file" title="Opens a saved bug report read-only">
        Open report
        <input type="file" accept="application/json,.json" onChange={(e) => void open(e)} hidden data-testid="open-report" />
      </label>
      {error && (
        <span className="error-text" role="alert" data-testid="report-error">
          {error}
        </span>
      )}
      {opened && <ReportViewer name={opened.name} report={opened.report} onClose={() => setOpened(null)} />}
    </>
  );
}

type SectionId = 'messages' | 'requests' | 'rstat4' | 'sentry' | 'pings' | 'charts' | 'engineTrace';

const SECTIONS: ReadonlyArray<readonly [SectionId, string]> = [
  ['messages', 'Messages'],
  ['requests', 'Requests'],
  ['rstat4', 'Analytics'],
  ['sentry', 'Sentry'],
  ['pings', 'Pings'],
  ['charts', 'Charts'],
  ['engineTrace', 'Engine trace'],
];

/** A saved report over the whole page, read-only: nothing here talks to the player or the server. */
function ReportViewer({ name, report, onClose }: { name: string; report: BugReport; onClose(): void }) {
  const [section, setSection] = useState<SectionId>('messages');
  return (
    <div className="report-viewer" role="dialog" aria-label="Saved bug report" data-testid="report-viewer">
      <div className="report-banner" data-testid="report-banner">
        <strong>Saved bug report, read-only</strong>
        <span className="mono">{name}</span>
        <span>saved {report.createdAt}</span>
        <span>
          {report.scenario.title} · {report.scenario.embed}
          {report.scenario.custom ? ' · custom query' : ''}
        </span>
        <a className="mono" href={report.link} data-testid="report-link">
          harness link
        </a>
        <button type="button" className="btn btn-primary" onClick={onClose} data-testid="report-close">
          Close report
        </button>
      </div>
      <div className="tabs" role="tablist">
        {SECTIONS.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={section === id} className={`tab${section === id ? ' is-active' : ''}`} onClick={() => setSection(id)} data-testid={`report-tab-${id}`}>
            {label}
            {id !== 'charts' && <span className="tab-count">{report[id].length}</span>}
          </button>
        ))}
      </div>
      <div className="report-body">
        {section === 'charts' ? <ChartsPanel samples={report.samples} connected active /> : <div className="log-scroll">{sectionTable(report, section)}</div>}
      </div>
    </div>
  );
}

function Table({ head, rows, testId }: { head: string[]; rows: Array<Array<string | number>>; testId: string }) {
  if (rows.length === 0) return <p className="log-empty">Nothing saved here.</p>;
  return (
    <table className="log-table">
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell}>{cell}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} data-testid={testId}>
            {row.map((cell, column) => (
              <td key={column} className="mono wrap">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function sectionTable(report: BugReport, section: Exclude<SectionId, 'charts'>) {
  switch (section) {
    case 'messages':
      return <Table testId="report-message-row" head={['Dir', 't, ms', 'Data']} rows={report.messages.map((m) => [m.direction === 'in' ? '← in' : '→ out', Math.round(m.t), compactJson(m.data)])} />;
    case 'requests':
      return <Table testId="report-request-row" head={['Verb', 'Path', 'Status', 'Bytes', 'ms', 'Fault']} rows={report.requests.map((r) => [r.method, r.path, r.status || '—', r.bytes, formatMs(r.ms), r.fault ?? ''])} />;
    case 'rstat4':
      return <Table testId="report-stat-row" head={['Time', 'Event', 'Payload']} rows={report.rstat4.map((s) => [formatClock(s.t), s.event, compactJson(s.payload)])} />;
    case 'sentry':
      return <Table testId="report-sentry-row" head={['Received', 'Type', 'Event id', 'Message', 'Tags']} rows={report.sentry.map((s) => [formatClock(s.receivedAt), s.type, s.eventId ?? '—', s.message ?? '', compactJson(s.tags)])} />;
    case 'pings':
      return <Table testId="report-ping-row" head={['Event', 'Ad', 'Code', 'Path']} rows={report.pings.map((p) => [p.event, p.ad ?? '—', p.code ?? '', p.path])} />;
    case 'engineTrace':
      return <Table testId="report-fact-row" head={['Time', 'Fact', 'Payload']} rows={report.engineTrace.map((f) => [formatClock(f.at), f.fact, compactJson(f.payload)])} />;
  }
}
