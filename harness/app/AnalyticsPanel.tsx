import { useState } from 'react';
import { LogToolbar } from './LogToolbar';
import { compactJson, downloadJson, formatClock } from './format';
import { clearStats, useStats } from './stats';
import { currentQoe, qoeRows } from './qoe-card';
import { useStickToBottom } from './useStickToBottom';
import './analytics-panel.css';

/** rstat4 events from the player: time, event name, payload; filter by name or payload text. */
export function AnalyticsPanel({ active }: { active: boolean }) {
  const stats = useStats();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? stats.filter((s) => `${s.event} ${compactJson(s.payload)}`.toLowerCase().includes(needle)) : stats;
  const scroller = useStickToBottom<HTMLDivElement>(`${shown.length}:${active}`);
  return (
    <section className="log" aria-label="rstat4 events" data-testid="analytics-panel">
      <LogToolbar name="analytics" count={shown.length} onClear={clearStats} onExport={() => downloadJson('harness-rstat4', shown)}>
        <input
          className="input"
          placeholder="filter: event or payload"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label="Filter analytics"
          data-testid="analytics-filter"
        />
      </LogToolbar>
      <QoeCardView stats={stats} />
      <div className="log-scroll" ref={scroller}>
        {shown.length === 0 ? (
          <p className="log-empty">No rstat4 events yet.</p>
        ) : (
          <table className="log-table analytics-table">
            <thead>
              <tr>
                <th className="col-time">Time</th>
                <th className="col-event">Event</th>
                <th>Payload</th>
                <th className="col-via">Via</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <tr key={entry.id} data-testid="analytics-row">
                  <td className="mono">{formatClock(entry.t)}</td>
                  <td className="mono">{entry.event}</td>
                  <td className="mono">{compactJson(entry.payload)}</td>
                  <td className="mono">{entry.via}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

/** The QoE figures of the current playback, as its last startup and summary events carry them. */
function QoeCardView({ stats }: { stats: ReturnType<typeof useStats> }) {
  const card = currentQoe(stats);
  if (card === null) return null;
  return (
    <section className="qoe-card" aria-label="QoE" data-testid="qoe-card">
      <h3 className="qoe-card__title">
        QoE <span className="qoe-card__item">content {String(card.contentId)} · episode {String(card.episodeId)}</span>
        {card.summary === null && <span className="qoe-card__item">summary at the end, pagehide or an episode change</span>}
      </h3>
      <dl className="qoe-card__figures">
        {qoeRows(card).map(([label, value]) => (
          <div key={label} data-testid="qoe-figure">
            <dt>{label}</dt>
            <dd className="mono">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
