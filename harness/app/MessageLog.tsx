import { LogToolbar } from './LogToolbar';
import { compactJson, downloadJson } from './format';
import { useStickToBottom } from './useStickToBottom';

export interface MessageEntry {
  id: number;
  direction: 'in' | 'out';
  /** Milliseconds since the harness page loaded. */
  t: number;
  /** Sender origin (in) or targetOrigin (out). */
  origin: string;
  data: unknown;
}

interface MessageLogProps {
  messages: MessageEntry[];
  active: boolean;
  onClear(): void;
}

/** postMessage traffic between the harness and the player iframe. */
export function MessageLog({ messages, active, onClear }: MessageLogProps) {
  const scroller = useStickToBottom<HTMLDivElement>(`${messages.length}:${active}`);
  return (
    <div className="log" data-testid="message-log">
      <LogToolbar name="messages" count={messages.length} onClear={onClear} onExport={() => downloadJson('harness-messages', messages)} />
      <div className="log-scroll" ref={scroller}>
        {messages.length === 0 ? (
          <p className="log-empty">No messages yet. Messages from the player iframe and those sent by the harness appear here.</p>
        ) : (
          <table className="log-table">
            <thead>
              <tr>
                <th className="col-dir">Dir</th>
                <th className="col-num">t, ms</th>
                <th>Data</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id} data-testid="message-row" data-direction={m.direction} title={`${m.direction === 'in' ? 'from' : 'to'} ${m.origin}`}>
                  <td className="col-dir">
                    <span className={`badge badge-${m.direction}`}>{m.direction === 'in' ? '← in' : '→ out'}</span>
                  </td>
                  <td className="col-num mono">{Math.round(m.t)}</td>
                  <td className="mono wrap">{compactJson(m.data)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
