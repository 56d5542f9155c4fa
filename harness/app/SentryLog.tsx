import { useState } from 'react';
import type { SentrySummary, StoredEnvelope } from '../common/types';
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What QA looks at in an event: the exception, the response context, the page and the breadcrumbs' tail. */
function eventDetails(envelope: StoredEnvelope): unknown {
  const item = envelope.items.find((entry) => ['event', 'transaction', 'replay_event'].includes(entry.type));
  const payload = item && isRecord(item.payload) ? item.payload : {};
  const exception = isRecord(payload.exception) && Array.isArray(payload.exception.values) ? payload.exception.values[0] : undefined;
  const breadcrumbs = isRecord(payload.breadcrumbs) && Array.isArray(payload.breadcrumbs.values) ? payload.breadcrumbs.values : payload.breadcrumbs;
  return {
    exception: isRecord(exception) ? { type: exception.type, value: exception.value } : undefined,
    contexts: isRecord(payload.contexts) ? { response: payload.contexts.response } : undefined,
    tags: payload.tags,
    fingerprint: payload.fingerprint,
    request: isRecord(payload.request) ? { url: payload.request.url } : undefined,
    breadcrumbs: Array.isArray(breadcrumbs) ? breadcrumbs.slice(-5) : undefined,
    items: envelope.items.map((entry) => entry.type),
  };
}

async function loadDetails(summary: SentrySummary): Promise<string> {
  // The store holds every tab's envelopes (replays among them, megabytes): ask for the ones naming this event.
  const res = await fetch(summary.eventId === null ? '/__harness/sentry' : `/__harness/sentry?mark=${encodeURIComponent(summary.eventId)}`);
  if (!res.ok) return `could not load envelopes: HTTP ${res.status}`;
  const envelopes = (await res.json()) as StoredEnvelope[];
  const match = envelopes.find((envelope) => envelope.receivedAt === summary.receivedAt && (summary.eventId === null || envelope.header.event_id === summary.eventId || JSON.stringify(envelope.items).includes(summary.eventId)));
  return match ? JSON.stringify(eventDetails(match), null, 2) : 'envelope no longer stored (log cleared?)';
}

/** Sentry envelopes received by the harness ingest endpoint; click one for its exception and response context. */
export function SentryLog({ events, active, onClear }: SentryLogProps) {
  const scroller = useStickToBottom<HTMLDivElement>(`${events.length}:${active}`);
  const [open, setOpen] = useState<{ key: string; text: string } | null>(null);

  const toggle = (key: string, summary: SentrySummary) => {
    if (open?.key === key) return setOpen(null);
    setOpen({ key, text: 'loading…' });
    loadDetails(summary)
      .then((text) => setOpen((current) => (current?.key === key ? { key, text } : current)))
      .catch((error: unknown) => setOpen((current) => (current?.key === key ? { key, text: String(error) } : current)));
  };

  return (
    <div className="log" data-testid="sentry-log">
      <LogToolbar name="sentry" count={events.length} onClear={onClear} onExport={() => void exportSentry(events)} />
      <div className="log-scroll" ref={scroller}>
        {/* A hidden tab renders no rows (the server's backlog holds the whole session's envelopes). */}
        {!active ? null : events.length === 0 ? (
          <p className="log-empty">No Sentry envelopes received.</p>
        ) : (
          <ul className="sentry-list">
            {events.map((e, index) => {
              const key = `${e.receivedAt}-${e.eventId ?? index}-${index}`;
              return (
                <li key={key} className="sentry-row" data-testid="sentry-row" data-type={e.type}>
                  <button
                    type="button"
                    className="sentry-head"
                    aria-expanded={open?.key === key}
                    onClick={() => toggle(key, e)}
                    style={{ all: 'unset', display: 'flex', gap: '0.5rem', alignItems: 'baseline', cursor: 'pointer', width: '100%' }}
                  >
                    <span className={`badge badge-type badge-${e.type}`}>{e.type}</span>
                    <span className="mono muted" data-testid="sentry-event-id">
                      {e.eventId ?? 'no event id'}
                    </span>
                    <span className="muted">{e.project}</span>
                    <span className="mono muted sentry-time">{formatClock(e.receivedAt)}</span>
                  </button>
                  {e.message && <div className="sentry-message">{e.message}</div>}
                  {Object.keys(e.tags).length > 0 && (
                    <div className="tags">
                      {Object.entries(e.tags).map(([tag, value]) => (
                        <span key={tag} className="tag mono">
                          {tag}={value}
                        </span>
                      ))}
                    </div>
                  )}
                  {open?.key === key && (
                    <pre className="mono wrap" data-testid="sentry-details" style={{ margin: '0.5rem 0 0', fontSize: '0.75rem' }}>
                      {open.text}
                    </pre>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
