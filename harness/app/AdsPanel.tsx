import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { RequestLogEntry } from '../common/types';
import type { VastInspection, VastMediaFile } from '../../src/vast';
import { LogToolbar } from './LogToolbar';
import { downloadJson, formatMs } from './format';
import { useStickToBottom } from './useStickToBottom';
import { inspectVastChoice, trackingPing, type TrackingPing } from './vast-inspect';
import './ads-panel.css';

/** Tags served by the harness (fixtures/vast), for one-click inspection. */
const PRESETS = [
  'inline-skippable.xml?creativeId=skippable',
  'inline-non-skippable.xml',
  'inline-skippable-percent.xml',
  'wrapper-a.xml?creativeId=wrapped',
  'wrapper-loop.xml',
  'unplayable.xml',
  'no-complete-media.xml',
  'multiple-ads.xml',
  'empty.xml',
  'malformed.xml',
  'cdata-whitespace.xml',
  'javascript-clickthrough.xml',
  'demo-1.xml?creativeId=demo-1',
  'inline-non-skippable.xml?delay=8000',
];

interface AdsPanelProps {
  requests: RequestLogEntry[];
  active: boolean;
  /** The custom VAST tag (its harness proxy address) or pasted XML as the player gets it; inspected when it changes. */
  customTag?: string | null;
}

function VastInspector({ customTag }: { customTag: string | null }) {
  const [input, setInput] = useState('/ads/vast/inline-skippable.xml?creativeId=skippable');
  const [creativeId, setCreativeId] = useState('');
  const [result, setResult] = useState<{ input: string; report: VastInspection; chosen: VastMediaFile | null } | null>(null);
  const [busy, setBusy] = useState(false);

  const inspect = async (event?: FormEvent, text = input) => {
    event?.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setResult({ input: text, ...(await inspectVastChoice(text, creativeId.trim() || null)) });
    setBusy(false);
  };

  // A custom tag is inspected as soon as it is set, as the player reads it (only on a new tag).
  useEffect(() => {
    if (!customTag) return;
    setInput(customTag);
    void inspect(undefined, customTag);
  }, [customTag]);

  return (
    <section className="vast-inspector" aria-label="VAST inspector">
      <form className="vast-form" onSubmit={inspect}>
        <textarea
          className="input mono vast-input"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder="VAST link, or paste the XML"
          spellCheck={false}
          rows={3}
          aria-label="VAST link or XML"
          data-testid="vast-input"
        />
        <div className="vast-form-row">
          <select
            className="input"
            value=""
            onChange={(e) => e.target.value && setInput(`/ads/vast/${e.target.value}`)}
            aria-label="Harness VAST tags"
            data-testid="vast-preset"
          >
            <option value="">Harness tags…</option>
            {PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {preset}
              </option>
            ))}
          </select>
          <input
            className="input mono vast-creative"
            value={creativeId}
            onChange={(e) => setCreativeId(e.target.value)}
            placeholder="--creative-id"
            aria-label="Creative id"
          />
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="vast-inspect">
            {busy ? 'Inspecting…' : 'Inspect'}
          </button>
        </div>
      </form>
      {result && <VastReport input={result.input} report={result.report} chosen={result.chosen} />}
    </section>
  );
}

/** One inspection: a status badge and the JSON, exactly as `npm run vast` prints it. */
function VastReport({ input, report: result, chosen }: { input: string; report: VastInspection; chosen: VastMediaFile | null }) {
  return (
    <div className="vast-result" data-testid="vast-result" data-ok={String(result.ok)} data-input={input}>
      <div className="vast-result-head">
        {result.ok ? (
          <span className="badge vast-ok">ok</span>
        ) : (
          <span className="badge vast-error">
            {result.code} {result.message}
          </span>
        )}
        <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(JSON.stringify(result, null, 2))}>
          Copy JSON
        </button>
      </div>
      {chosen && (
        <p className="mono muted" style={{ margin: '0 0 4px', overflowWrap: 'anywhere' }} data-testid="vast-chosen">
          plays: {chosen.url} ({chosen.type}, {chosen.width}×{chosen.height})
        </p>
      )}
      <pre className="mono vast-json" data-testid="vast-json">
        {JSON.stringify(result, null, 2)}
      </pre>
    </div>
  );
}

function PingList({ pings, active, onClear }: { pings: TrackingPing[]; active: boolean; onClear(): void }) {
  const scroller = useStickToBottom<HTMLDivElement>(`${pings.length}:${active}`);
  const first = pings[0]?.t ?? 0;
  return (
    <section className="log ping-list" aria-label="Tracking pings" data-testid="ping-list">
      <LogToolbar name="pings" count={pings.length} onClear={onClear} onExport={() => downloadJson('harness-tracking-pings', pings)} />
      <div className="log-scroll" ref={scroller}>
        {/* A hidden tab renders no rows. */}
        {!active ? null : pings.length === 0 ? (
          <p className="log-empty">No tracking pings yet. Pick an Ads scenario.</p>
        ) : (
          <table className="log-table">
            <thead>
              <tr>
                <th className="col-num">+ms</th>
                <th>Event</th>
                <th>Ad</th>
                <th className="col-status">Code</th>
              </tr>
            </thead>
            <tbody>
              {pings.map((ping) => (
                <tr key={ping.id} data-testid="ping-row" title={`${ping.path}\n${ping.origin} origin, t=${ping.t} ms`}>
                  <td className="col-num mono">{formatMs(ping.t - first)}</td>
                  <td className={`mono ping-event ping-${ping.event}`}>{ping.event}</td>
                  <td className="mono">{ping.ad ?? '—'}</td>
                  <td className="col-status mono">{ping.code ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

/** The Ads tab: a VAST inspector (same JSON as `npm run vast`) and the live tracking pings. */
export function AdsPanel({ requests, active, customTag = null }: AdsPanelProps) {
  // Clearing hides the pings so far without touching the request log.
  const [clearedAfter, setClearedAfter] = useState(0);
  const pings = useMemo(
    () => requests.map(trackingPing).filter((ping): ping is TrackingPing => ping !== null && ping.id > clearedAfter),
    [requests, clearedAfter],
  );
  return (
    <div className="ads-panel" data-testid="ads-panel">
      <VastInspector customTag={customTag} />
      <PingList pings={pings} active={active} onClear={() => setClearedAfter(Math.max(0, ...requests.map((entry) => entry.id)))} />
    </div>
  );
}

/** How many tracking pings the request log holds (the tab's count). */
export function countPings(requests: RequestLogEntry[]): number {
  return requests.reduce((count, entry) => (entry.path.startsWith('/track/') ? count + 1 : count), 0);
}
