import { memo, useMemo, useState } from 'react';
import { CHATTY_EVENTS, type EventRow } from './embed-console';
import { LogToolbar } from './LogToolbar';
import { downloadJson, formatClock } from './format';
import type { EmbedConsole } from './useEmbedConsole';
import { useStickToBottom } from './useStickToBottom';

const EventRowView = memo(function EventRowView({ row }: { row: EventRow }) {
  return (
    <tr data-testid="sdk-event-row" data-event={row.event} data-via={row.via}>
      <td className="mono embed-col-time">{formatClock(row.at)}</td>
      <td className="embed-col-via">
        <span className={`badge ${row.via === 'SDK' ? 'badge-in' : 'badge-out'}`}>{row.via}</span>
      </td>
      <td className="mono embed-col-event">{row.event}</td>
      <td className="mono wrap embed-col-listener">{row.listener ?? '—'}</td>
      <td className="mono wrap">{row.value}</td>
    </tr>
  );
});

/** The Embed tab's log: every event the SDK (and player.js while it drives) hears, the chatty ones hidden on request. */
export function SdkEventLog({ embed, active }: { embed: EmbedConsole; active: boolean }) {
  const [hideChatty, setHideChatty] = useState(false);
  const rows = useMemo(() => (hideChatty ? embed.rows.filter((row) => !CHATTY_EVENTS.has(row.event)) : embed.rows), [embed.rows, hideChatty]);
  // The newest row's id, not the count: at the cap the count stops changing.
  const scroller = useStickToBottom<HTMLDivElement>(`${rows[rows.length - 1]?.id ?? 0}:${rows.length}:${active}`);

  return (
    <section className="embed-section embed-events">
      <div className="log">
        <LogToolbar name="sdk-events" count={rows.length} onClear={embed.clearRows} onExport={() => downloadJson('harness-embed-events', embed.rows)}>
          <label className="check small" title="timeupdate and progress come several times a second while playing">
            <input type="checkbox" checked={hideChatty} onChange={(e) => setHideChatty(e.target.checked)} data-testid="sdk-hide-chatty" />
            <span>hide timeupdate, progress</span>
          </label>
        </LogToolbar>
        <div className="log-scroll embed-log-scroll" ref={scroller}>
          {rows.length === 0 ? (
            <p className="log-empty">No events yet. Every event the SDK (and, while it drives, player.js) hears from the player shows here.</p>
          ) : (
            <table className="log-table">
              <thead>
                <tr>
                  <th className="embed-col-time">Time</th>
                  <th className="embed-col-via">Via</th>
                  <th className="embed-col-event">Event</th>
                  <th className="embed-col-listener">Listener</th>
                  <th>Value</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <EventRowView key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </section>
  );
}
