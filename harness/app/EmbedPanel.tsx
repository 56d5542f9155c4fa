import { memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  ACTIONS,
  CHATTY_EVENTS,
  GETTERS,
  describeAnswer,
  embedCodeFor,
  setterArgument,
  type EventRow,
  type SetterInputs,
  type SetterName,
} from './embed-console';
import { LogToolbar } from './LogToolbar';
import { downloadJson, formatClock } from './format';
import { useEmbedConsole, type DriverState } from './useEmbedConsole';
import { useStickToBottom } from './useStickToBottom';
import { copyText } from '../../src/platform/share';
import './embed-panel.css';

interface EmbedPanelProps {
  active: boolean;
  /** The player's origin (the embed code's, whichever embed mode the harness uses). */
  playerOrigin: string;
  /** The player query the harness loads now. */
  playerQuery: string;
  frameRef: RefObject<HTMLIFrameElement | null>;
  frameKey: string;
}

function stateText(state: DriverState, off: string): string {
  switch (state.status) {
    case 'off':
      return off;
    case 'waiting-frame':
      return 'waiting for the player frame to load…';
    case 'attaching':
      return 'attaching…';
    case 'attached':
      return 'attached';
    case 'failed':
      return state.error;
  }
}

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

const SETTER_FIELDS: ReadonlyArray<{ method: SetterName; label: string }> = [
  { method: 'setVolume', label: '0–100' },
  { method: 'setCurrentTime', label: 'seconds' },
  { method: 'setLoop', label: 'loop' },
  { method: 'setEpisode', label: 'episode id' },
];

/**
 * The Embed tab: the embed code a site would paste for this scenario, and a console that drives
 * the harness's own player frame through the host SDK or the plain player.js library.
 */
export function EmbedPanel({ active, playerOrigin, playerQuery, frameRef, frameKey }: EmbedPanelProps) {
  // The console touches the player (subscriptions, its ready handshake) only once the tab has
  // been opened, so the harness without it drives nothing the other tabs would see.
  const [armed, setArmed] = useState(active);
  useEffect(() => {
    if (active) setArmed(true);
  }, [active]);
  const [usePlayerjs, setUsePlayerjs] = useState(false);
  const [inputs, setInputs] = useState<SetterInputs>({ volume: '50', time: '10', loop: true, episode: '10212' });
  const [hideChatty, setHideChatty] = useState(false);
  const [copyStatus, setCopyStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const copyTimer = useRef<number | null>(null);
  const embed = useEmbedConsole({ frameRef, frameKey, armed, usePlayerjs });

  const code = useMemo(() => embedCodeFor(playerOrigin, playerQuery), [playerOrigin, playerQuery]);
  const rows = useMemo(() => (hideChatty ? embed.rows.filter((row) => !CHATTY_EVENTS.has(row.event)) : embed.rows), [embed.rows, hideChatty]);
  // The newest row's id, not the count: at the cap the count stops changing.
  const scroller = useStickToBottom<HTMLDivElement>(`${rows[rows.length - 1]?.id ?? 0}:${rows.length}:${active}`);

  useEffect(
    () => () => {
      if (copyTimer.current !== null) window.clearTimeout(copyTimer.current);
    },
    [],
  );

  const copy = async () => {
    const ok = await copyText(code);
    setCopyStatus(ok ? { ok, text: 'Copied.' } : { ok, text: 'Copy failed: select the code and copy it by hand.' });
    if (copyTimer.current !== null) window.clearTimeout(copyTimer.current);
    copyTimer.current = window.setTimeout(() => setCopyStatus(null), 3000);
  };

  const via = usePlayerjs ? 'player.js' : 'SDK';
  const disabled = !embed.driverReady;
  const methodButton = (method: string, onClick: () => void) => (
    <button
      type="button"
      className="btn btn-small mono"
      disabled={disabled}
      title={disabled ? `${via} is not ready` : `Calls ${method} through ${via}`}
      onClick={onClick}
      data-testid={`sdk-method-${method}`}
    >
      {method}
    </button>
  );
  const lastAnswer = embed.lastMethod ? embed.answers[embed.lastMethod] : undefined;
  const sdkFailed = embed.sdkState.status === 'failed';
  const playerjsFailed = embed.playerjsState.status === 'failed';

  return (
    <div className="panel embed-panel" data-testid="embed-panel">
      <section className="embed-section">
        <div className="embed-head">
          <h3>Embed code</h3>
          <button type="button" className="btn btn-small" onClick={() => void copy()} data-testid="embed-copy">
            Copy
          </button>
          {copyStatus && (
            <span className={copyStatus.ok ? 'muted small' : 'error-text small'} role="status" data-testid="embed-copy-status">
              {copyStatus.text}
            </span>
          )}
        </div>
        <p className="muted small">
          What a site pastes for this player query (<code className="mono">embedCode()</code>, docs/embedding.md), on the player origin
          whichever embed the harness uses; the tab's own <code className="mono">harness-client</code> is left out.
        </p>
        <pre className="embed-code mono" data-testid="embed-code" tabIndex={0} aria-label="Embed code">
          {code}
        </pre>
      </section>

      <section className="embed-section">
        <div className="embed-head">
          <h3>SDK console</h3>
          <span className={`embed-state embed-state-${embed.sdkState.status}`} data-testid="sdk-state" data-state={embed.sdkState.status} role={sdkFailed ? 'alert' : undefined}>
            {stateText(embed.sdkState, 'not attached')}
          </span>
        </div>
        <p className="muted small">
          <code className="mono">FilmPlayer.attach(#player-frame)</code> (sdk/film-player.ts) on each load of the player frame, the old one
          destroyed; <code className="mono">reportPageUrl: false</code>, so the harness's address never becomes the share address.
        </p>
        <div className="embed-driver">
          <label className="check" title="The buttons call through playerjs.Player (player.js 0.1.0) on the same frame instead of the SDK">
            <input type="checkbox" checked={usePlayerjs} onChange={(e) => setUsePlayerjs(e.target.checked)} data-testid="embed-driver-toggle" />
            <span>Drive with player.js</span>
          </label>
          {usePlayerjs && (
            <span className={`embed-state embed-state-${embed.playerjsState.status}`} data-testid="playerjs-state" data-state={embed.playerjsState.status} role={playerjsFailed ? 'alert' : undefined}>
              player.js: {stateText(embed.playerjsState, 'off')}
            </span>
          )}
        </div>

        <div className="embed-methods" role="group" aria-label="Methods">
          {ACTIONS.map((method) => (
            <span key={method}>{methodButton(method, () => embed.call(method))}</span>
          ))}
        </div>

        <table className="log-table embed-table">
          <tbody>
            {GETTERS.map((method) => {
              const answer = embed.answers[method];
              return (
                <tr key={method}>
                  <td className="embed-col-method">{methodButton(method, () => embed.call(method))}</td>
                  <td className={`mono wrap${answer?.state === 'failed' ? ' error-text' : ''}`} data-testid={`sdk-getter-${method}`}>
                    {answer ? describeAnswer(answer) : ''}
                  </td>
                </tr>
              );
            })}
            {SETTER_FIELDS.map(({ method, label }) => {
              const answer = embed.answers[method];
              return (
                <tr key={method}>
                  <td className="embed-col-method">{methodButton(method, () => embed.call(method, setterArgument(method, inputs)))}</td>
                  <td>
                    <label className="field embed-setter">
                      {method === 'setLoop' ? (
                        <input type="checkbox" checked={inputs.loop} onChange={(e) => setInputs((s) => ({ ...s, loop: e.target.checked }))} data-testid="sdk-input-setLoop" />
                      ) : (
                        <input
                          className="input mono embed-input"
                          type="number"
                          min={0}
                          max={method === 'setVolume' ? 100 : undefined}
                          step={method === 'setCurrentTime' ? 'any' : 1}
                          value={method === 'setVolume' ? inputs.volume : method === 'setCurrentTime' ? inputs.time : inputs.episode}
                          onChange={(e) => {
                            const value = e.target.value;
                            setInputs((s) => (method === 'setVolume' ? { ...s, volume: value } : method === 'setCurrentTime' ? { ...s, time: value } : { ...s, episode: value }));
                          }}
                          aria-label={`${method} ${label}`}
                          data-testid={`sdk-input-${method}`}
                        />
                      )}
                      <span>{label}</span>
                    </label>
                    {answer && <span className={`mono small embed-setter-answer${answer.state === 'failed' ? ' error-text' : ' muted'}`}>{describeAnswer(answer)}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>

        <div className="embed-answer" role="status">
          <span className="muted">Last call:</span>{' '}
          <span
            className={`mono wrap${lastAnswer?.state === 'failed' ? ' error-text' : ''}`}
            data-testid="sdk-answer"
            data-method={lastAnswer?.method}
            data-via={lastAnswer?.via}
            data-state={lastAnswer?.state}
          >
            {lastAnswer ? describeAnswer(lastAnswer) : '—'}
          </span>
        </div>
      </section>

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
    </div>
  );
}
