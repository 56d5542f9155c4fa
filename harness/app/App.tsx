import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FaultsPanel, HARNESS_CLIENT } from './FaultsPanel';
import { readOrigins } from './config';
import { AdsPanel, countPings } from './AdsPanel';
import { AnalyticsPanel } from './AnalyticsPanel';
import { installStatsSink, isRelayMessage, useStats } from './stats';
import { MessageLog, type MessageEntry } from './MessageLog';
import { PlayerStage } from './PlayerStage';
import { RequestLog } from './RequestLog';
import { ScenarioPanel } from './ScenarioPanel';
import { SentryLog } from './SentryLog';
import {
  EMBED_MODES,
  VIEWPORTS,
  buildQuery,
  effectiveQuery,
  findScenario,
  frameOrigin,
  playerSrc,
  stateFromSearch,
  stateToSearch,
  type EmbedMode,
  type HarnessState,
  type ViewportId,
} from './scenarios';
import { useHarnessEvents } from './useHarnessEvents';

type TabId = 'messages' | 'requests' | 'sentry' | 'ads' | 'analytics' | 'faults';

const MESSAGE_CAP = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function App() {
  const origins = useMemo(readOrigins, []);
  const [state, setState] = useState<HarnessState>(() => stateFromSearch(window.location.search));
  const [reloadCount, setReloadCount] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const [messages, setMessages] = useState<MessageEntry[]>([]);
  const [tab, setTab] = useState<TabId>('messages');
  const [queryDraft, setQueryDraft] = useState(() => effectiveQuery(stateFromSearch(window.location.search)));
  const frameRef = useRef<HTMLIFrameElement>(null);
  const nextMessageId = useRef(1);
  const events = useHarnessEvents();
  const stats = useStats();
  useEffect(() => installStatsSink(origins.playerOrigin), [origins.playerOrigin]);

  const scenario = findScenario(state.scenarioId);
  const src = playerSrc(state, origins, HARNESS_CLIENT);
  const targetOrigin = frameOrigin(state.embed, origins);
  const frameKey = `${src}#${reloadCount}`;

  // The harness URL mirrors the state so a bug report can link to it.
  useEffect(() => {
    const search = `?${stateToSearch(state)}`;
    if (window.location.search !== search) window.history.replaceState(null, '', `${window.location.pathname}${search}`);
  }, [state]);

  // A new or reloaded frame starts out of parent fullscreen.
  useEffect(() => setFullscreen(false), [frameKey]);

  // Keep the query field in sync with the built query whenever the state changes.
  useEffect(() => setQueryDraft(effectiveQuery(state)), [state]);

  const pushMessage = useCallback((entry: Omit<MessageEntry, 'id'>) => {
    const row = { ...entry, id: nextMessageId.current++ };
    setMessages((list) => (list.length >= MESSAGE_CAP ? [...list.slice(list.length - MESSAGE_CAP + 1), row] : [...list, row]));
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow) return;
      // The harness's own rstat4 relay is not a player message (see stats.ts).
      if (isRelayMessage(event.data)) return;
      pushMessage({ direction: 'in', t: performance.now(), origin: event.origin, data: event.data });
      if (isRecord(event.data)) {
        if (event.data.event === 'enterFullScreen') setFullscreen(true);
        else if (event.data.event === 'exitFullScreen') setFullscreen(false);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [pushMessage]);

  const send = (data: unknown) => {
    const frameWindow = frameRef.current?.contentWindow;
    if (!frameWindow) return;
    frameWindow.postMessage(data, targetOrigin);
    pushMessage({ direction: 'out', t: performance.now(), origin: targetOrigin, data });
  };

  const update = (patch: Partial<HarnessState>) => setState((s) => ({ ...s, ...patch }));

  const selectScenario = (id: string) => {
    if (id === state.scenarioId && state.customQuery === null) setReloadCount((n) => n + 1);
    else update({ scenarioId: id, customQuery: null });
  };

  const applyQuery = () => {
    const draft = queryDraft.trim().replace(/^\?/, '');
    update({ customQuery: draft === buildQuery(state) ? null : draft });
    setReloadCount((n) => n + 1);
  };

  const builtQuery = buildQuery(state);
  const streamDown = events.status === 'error';

  return (
    <div className="app">
      <header className="topbar">
        <h1>Player QA harness</h1>
        <span className="topbar-origins mono">
          player <b>{origins.playerOrigin}</b> · harness <b>{origins.harnessOrigin}</b>
        </span>
        <span className={`stream-status stream-${events.status}`} data-testid="stream-status">
          {events.status === 'open' ? 'live' : events.status === 'connecting' ? 'connecting…' : 'offline'}
        </span>
      </header>

      {streamDown && (
        <div className="banner" role="alert" data-testid="server-error-banner">
          harness server unreachable — the request and Sentry logs are paused until the event stream reconnects.
        </div>
      )}

      <div className="columns">
        <aside className="column column-left">
          <ScenarioPanel selectedId={state.scenarioId} onSelect={selectScenario} />
        </aside>

        <main className="column column-centre">
          <div className="summary" data-testid="summary">
            <strong>{scenario.title}</strong>
            {state.customQuery !== null && <span className="badge badge-custom">custom query</span>}
            <span className="summary-sep">·</span>
            <span>{EMBED_MODES[state.embed]}</span>
            <span className="summary-sep">·</span>
            <a className="mono summary-url" href={src} target="_blank" rel="noopener noreferrer" data-testid="frame-url">
              {src}
            </a>
          </div>

          <div className="toolbar">
            <label className="field">
              <span>Embed</span>
              <select className="input" value={state.embed} onChange={(e) => update({ embed: e.target.value as EmbedMode })} data-testid="embed-mode">
                {(Object.keys(EMBED_MODES) as EmbedMode[]).map((mode) => (
                  <option key={mode} value={mode}>
                    {EMBED_MODES[mode]}
                  </option>
                ))}
              </select>
            </label>
            <label className="check">
              <input type="checkbox" checked={state.autoPlay} onChange={(e) => update({ autoPlay: e.target.checked, customQuery: null })} data-testid="toggle-auto-play" />
              <span className="mono">auto_play=1</span>
            </label>
            <label className="check">
              <input type="checkbox" checked={state.advert} onChange={(e) => update({ advert: e.target.checked, customQuery: null })} data-testid="toggle-advert" />
              <span className="mono">advert=1</span>
            </label>
            <label className="field">
              <span>Viewport</span>
              <select className="input" value={state.viewport} onChange={(e) => update({ viewport: e.target.value as ViewportId })} data-testid="viewport-preset">
                {(Object.keys(VIEWPORTS) as ViewportId[]).map((id) => (
                  <option key={id} value={id}>
                    {VIEWPORTS[id].label}
                  </option>
                ))}
              </select>
            </label>
          </div>

          <form
            className="query-bar"
            onSubmit={(e) => {
              e.preventDefault();
              applyQuery();
            }}
          >
            <span className="query-prefix mono">?</span>
            <input
              className="input mono query-input"
              value={queryDraft}
              onChange={(e) => setQueryDraft(e.target.value)}
              spellCheck={false}
              aria-label="Player query"
              data-testid="query-input"
            />
            <button type="submit" className="btn" data-testid="apply-query">
              Apply
            </button>
            {state.customQuery !== null && (
              <button type="button" className="btn btn-ghost" onClick={() => update({ customQuery: null })} title={`Back to ${builtQuery || '(empty)'}`}>
                Reset
              </button>
            )}
            <span className="toolbar-divider" />
            <button type="button" className="btn" onClick={() => send({ type: 'click' })} data-testid="send-click">
              Send click
            </button>
            <button type="button" className="btn" onClick={() => send({ type: 'pause' })} data-testid="send-pause">
              Send pause
            </button>
            <button
              type="button"
              className="btn"
              disabled={state.embed !== 'same'}
              title="Writes episodesTimeProgress (film 14 s, S1E1 4 s, S1E2 2 s) into the player's localStorage and reloads it; same-origin embed only"
              onClick={() => {
                try {
                  frameRef.current?.contentWindow?.localStorage.setItem('episodesTimeProgress', JSON.stringify({ 10101: 14, 10211: 4, 10212: 2 }));
                  setReloadCount((n) => n + 1);
                } catch {
                  // A cross-origin player's storage is out of reach.
                }
              }}
              data-testid="write-progress"
            >
              Write stored progress
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setReloadCount((n) => n + 1)} data-testid="reload-player">
              Reload player
            </button>
          </form>

          <PlayerStage src={src} frameKey={frameKey} viewport={state.viewport} fullscreen={fullscreen} frameRef={frameRef} />
        </main>

        <section className="column column-right">
          <div className="tabs" role="tablist">
            {(
              [
                ['messages', 'Messages', messages.length],
                ['requests', 'Requests', events.requests.length],
                ['sentry', 'Sentry', events.sentry.length],
                ['ads', 'Ads', countPings(events.requests)],
                ['analytics', 'Analytics', stats.length],
                ['faults', 'Faults', null],
              ] as const
            ).map(([id, label, count]) => (
              <button
                key={id}
                type="button"
                role="tab"
                aria-selected={tab === id}
                className={`tab${tab === id ? ' is-active' : ''}`}
                onClick={() => setTab(id)}
                data-testid={`tab-${id}`}
              >
                {label}
                {count !== null && <span className="tab-count">{count}</span>}
              </button>
            ))}
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'messages'}>
            <MessageLog messages={messages} active={tab === 'messages'} onClear={() => setMessages([])} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'requests'}>
            <RequestLog requests={events.requests} active={tab === 'requests'} onClear={events.clearRequests} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'ads'}>
            <AdsPanel requests={events.requests} active={tab === 'ads'} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'analytics'}>
            <AnalyticsPanel active={tab === 'analytics'} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'faults'}>
            <FaultsPanel active={tab === 'faults'} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'sentry'}>
            <SentryLog events={events.sentry} active={tab === 'sentry'} onClear={events.clearSentry} />
          </div>
        </section>
      </div>
    </div>
  );
}
