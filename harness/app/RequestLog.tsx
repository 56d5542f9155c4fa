import { useMemo, useState } from 'react';
import type { RequestLogEntry } from '../shared/types';
import { LogToolbar } from './LogToolbar';
import { downloadJson, formatBytes, formatMs } from './format';
import { useStickToBottom } from './useStickToBottom';

const MAX_ROWS = 1000;

interface RequestLogProps {
  requests: RequestLogEntry[];
  active: boolean;
  onClear(): void;
}

function statusClass(status: number): string {
  if (status === 0) return 'status-aborted';
  if (status >= 500) return 'status-5xx';
  if (status >= 400) return 'status-4xx';
  if (status >= 300) return 'status-3xx';
  return 'status-2xx';
}

function describe(entry: RequestLogEntry): string {
  const headers = Object.entries(entry.requestHeaders).map(([k, v]) => `${k}: ${v}`);
  return [`${entry.method} ${entry.path}`, `${entry.origin} origin, t=${entry.t} ms${entry.aborted ? ', aborted' : ''}`, ...headers].join('\n');
}

/** Every request the harness server answered, live from its event stream. */
export function RequestLog({ requests, active, onClear }: RequestLogProps) {
  const [filter, setFilter] = useState('');
  const filtered = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return requests;
    return requests.filter((r) => `${r.method} ${r.path} ${r.status} ${r.origin}`.toLowerCase().includes(needle));
  }, [requests, filter]);
  const shown = filtered.length > MAX_ROWS ? filtered.slice(filtered.length - MAX_ROWS) : filtered;
  const scroller = useStickToBottom<HTMLDivElement>(`${shown.length}:${shown[shown.length - 1]?.id}:${active}`);

  return (
    <div className="log" data-testid="request-log">
      <LogToolbar name="requests" count={filtered.length} onClear={onClear} onExport={() => downloadJson('harness-requests', filtered)}>
        <input
          type="search"
          className="input log-filter"
          placeholder="Filter: path, method, status…"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          data-testid="request-filter"
          aria-label="Filter requests"
        />
      </LogToolbar>
      <div className="log-scroll" ref={scroller}>
        {shown.length === 0 ? (
          <p className="log-empty">{requests.length === 0 ? 'No requests yet.' : 'No request matches the filter.'}</p>
        ) : (
          <table className="log-table">
            <thead>
              <tr>
                <th className="col-method">Verb</th>
                <th>Path</th>
                <th className="col-status">Status</th>
                <th className="col-num">Size</th>
                <th className="col-ms">ms</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.id} data-testid="request-row" title={describe(r)}>
                  <td className="col-method mono">
                    <span className={`origin-dot origin-${r.origin}`} aria-label={`${r.origin} origin`} />
                    {r.method}
                  </td>
                  <td className="mono path">
                    <span dir="ltr">{r.path}</span>
                  </td>
                  <td className={`col-status mono ${statusClass(r.status)}`}>{r.status || '—'}</td>
                  <td className="col-num mono">{formatBytes(r.bytes)}</td>
                  <td className="col-ms mono">{formatMs(r.ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
