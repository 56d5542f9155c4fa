import { memo, useCallback, useMemo, useState } from 'react';
import type { RequestLogEntry } from '../common/types';
import { LogToolbar } from './LogToolbar';
import { downloadJson, formatBytes, formatMs } from './format';
import { useStickToBottom } from './useStickToBottom';
import { REQUEST_ROWS } from './useHarnessEvents';

const COLUMNS = 5;

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

/** The end of a token, enough to tell tokens apart without printing them whole. */
function tail(value: string): string {
  const token = value.replace(/^Bearer\s+/i, '');
  return token.length > 10 ? `…${token.slice(-8)}` : token;
}

/** Compact badges for the headers QA checks most: the Bearer token and the session context. */
function HeaderBadges({ headers }: { headers: RequestLogEntry['requestHeaders'] }) {
  const auth = headers.authorization;
  const context = headers['x-session-context'];
  return (
    <>
      {auth !== undefined && (
        <span className="tag mono" title={auth} data-testid="request-auth">
          Bearer {tail(auth)}
        </span>
      )}
      {context !== undefined && (
        <span className="tag mono" title={context || '(empty)'} data-testid="request-session-context">
          ctx {context ? tail(context) : '∅'}
        </span>
      )}
    </>
  );
}

/**
 * One request, with its headers when open. Memoised: each batch of new requests then renders its
 * own rows, not the whole table again (up to 1000 rows, while the player under test starts).
 */
const RequestRow = memo(function RequestRow({ r, open, onToggle }: { r: RequestLogEntry; open: boolean; onToggle(id: number): void }) {
  return (
    <>
      <tr
        data-testid="request-row"
        title={describe(r)}
        aria-expanded={open}
        style={{ cursor: 'pointer' }}
        onClick={() => onToggle(r.id)}
      >
        <td className="col-method mono">
          <span className={`origin-dot origin-${r.origin}`} aria-label={`${r.origin} origin`} />
          {r.method}
        </td>
        <td className="mono path">
          <span dir="ltr">{r.path}</span>
          {r.fault && (
            <span className="tag tag-warn" data-testid="request-fault" style={{ marginLeft: '0.4rem' }}>
              fault {r.fault}
            </span>
          )}
          {(r.requestHeaders.authorization !== undefined || r.requestHeaders['x-session-context'] !== undefined) && (
            <div className="tags" dir="ltr" style={{ marginTop: '0.15rem' }}>
              <HeaderBadges headers={r.requestHeaders} />
            </div>
          )}
        </td>
        <td className={`col-status mono ${statusClass(r.status)}`}>{r.status || '—'}</td>
        <td className="col-num mono">{formatBytes(r.bytes)}</td>
        <td className="col-ms mono">{formatMs(r.ms)}</td>
      </tr>
      {open && (
        <tr data-testid="request-details">
          <td colSpan={COLUMNS}>
            <dl className="mono wrap" style={{ margin: 0 }}>
              <dt className="muted">{r.origin} origin · t={r.t} ms{r.aborted ? ' · aborted' : ''}</dt>
              {Object.keys(r.requestHeaders).length === 0 && <dd className="muted">no logged request headers</dd>}
              {r.upstream && (
                <dd style={{ margin: 0 }} data-testid="request-upstream">
                  <b>→ staging:</b> {r.upstream}
                </dd>
              )}
              {Object.entries(r.requestHeaders).map(([name, value]) => (
                <dd key={name} style={{ margin: 0 }}>
                  <b>{name}:</b> {value === '' ? <span className="muted">(empty)</span> : value}
                </dd>
              ))}
              {r.responseHeaders && <dt className="muted">answer headers (secrets masked)</dt>}
              {Object.entries(r.responseHeaders ?? {}).map(([name, value]) => (
                <dd key={`answer-${name}`} style={{ margin: 0 }} data-testid="response-header">
                  <b>{name}:</b> {value}
                </dd>
              ))}
            </dl>
          </td>
        </tr>
      )}
    </>
  );
});

/** Every request the harness server answered, live from its event stream; click a row for its headers. */
export function RequestLog({ requests, active, onClear }: RequestLogProps) {
  const [filter, setFilter] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const toggle = useCallback((id: number) => setOpenId((open) => (open === id ? null : id)), []);
  const filtered = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return requests;
    return requests.filter((r) =>
      `${r.method} ${r.path} ${r.status} ${r.origin} ${Object.keys(r.requestHeaders).join(' ')}`.toLowerCase().includes(needle),
    );
  }, [requests, filter]);
  const shown = filtered.length > REQUEST_ROWS ? filtered.slice(filtered.length - REQUEST_ROWS) : filtered;
  const scroller = useStickToBottom<HTMLDivElement>(`${shown.length}:${shown[shown.length - 1]?.id}:${active}`);

  return (
    <div className="log" data-testid="request-log">
      <LogToolbar name="requests" count={filtered.length} onClear={onClear} onExport={() => downloadJson('harness-requests', filtered)}>
        <input
          type="search"
          className="input log-filter"
          placeholder="Filter: path, method, status, header…"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          data-testid="request-filter"
          aria-label="Filter requests"
        />
      </LogToolbar>
      <div className="log-scroll" ref={scroller}>
        {/* A hidden tab renders no rows: the log grows on every request the player makes. */}
        {!active ? null : shown.length === 0 ? (
          <p className="log-empty">{requests.length === 0 ? 'No requests yet.' : 'No request matches the filter.'}</p>
        ) : (
          <table className="log-table">
            <thead>
              <tr>
                <th className="col-method">Verb</th>
                <th>Path · headers</th>
                <th className="col-status">Status</th>
                <th className="col-num">Size</th>
                <th className="col-ms">ms</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <RequestRow key={r.id} r={r} open={openId === r.id} onToggle={toggle} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
