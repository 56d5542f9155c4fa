import type { SentrySummary } from '../shared/types';
import { LogToolbar } from './LogToolbar';
import { downloadJson, formatClock } from './format';
import { useStickToBottom } from './useStickToBottom';

interface SentryLogProps {
  events: SentrySummary[];
  active: boolean;
  onClear(): void;
}

/** Exports the full stored envelopes when the server has them, else the summaries shown. */
async function exportSentry(events: SentrySummary[]): Promise<void> {
  try {
    const res = await fetch('/__harness/sentry');
    if (!res.ok) throw new Error(String(res.status));
    downloadJson('harness-sentry', await res.json());
  } catch {
    downloadJson('harness-sentry', events);
  }
}

/** Sentry envelopes received by the harness ingest endpoint. */
export function SentryLog({ events, active, onClear }: SentryLogProps) {
  const scroller = useStickToBottom<HTMLDivElement>(`${events.length}:${active}`);
  return (
    <div className="log" data-testid="sentry-log">
      <LogToolbar name="sentry" count={events.length} onClear={onClear} onExport={() => void exportSentry(events)} />
      <div className="log-scroll" ref={scroller}>
        {events.length === 0 ? (
          <p className="log-empty">No Sentry envelopes received.</p>
        ) : (
          <ul className="sentry-list">
            {events.map((e, index) => (
              <li key={`${e.receivedAt}-${e.eventId ?? index}-${index}`} className="sentry-row" data-testid="sentry-row">
                <div className="sentry-head">
                  <span className={`badge badge-type badge-${e.type}`}>{e.type}</span>
                  <span className="mono muted" title={e.eventId ?? ''}>
                    {e.eventId ? e.eventId.slice(0, 12) : 'no event id'}
                  </span>
                  <span className="muted">{e.project}</span>
                  <span className="mono muted sentry-time">{formatClock(e.receivedAt)}</span>
                </div>
                {e.message && <div className="sentry-message">{e.message}</div>}
                {Object.keys(e.tags).length > 0 && (
                  <div className="tags">
                    {Object.entries(e.tags).map(([key, value]) => (
                      <span key={key} className="tag mono">
                        {key}={value}
                      </span>
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
