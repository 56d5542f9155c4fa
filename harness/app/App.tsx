import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FaultsPanel, HARNESS_CLIENT } from './FaultsPanel';
import { readOrigins } from './config';
import { AdsPanel, countPings } from './AdsPanel';
import { CustomSourceForm, useCustomSource } from './CustomSourceForm';
import { AnalyticsPanel } from './AnalyticsPanel';
import { ChartsPanel } from './ChartsPanel';
import { EmbedPanel } from './EmbedPanel';
import { EnginePanel } from './EnginePanel';
import { BugReportControls } from './BugReport';
import { isProbeMessage, useProbe } from './probe';
import { useServerFailure } from './server-health';
import { StoragePanel } from './StoragePanel';
import { useTraceRecorder } from './trace-recorder';
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
  describeExpect,
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

type TabId = 'messages' | 'requests' | 'sentry' | 'ads' | 'analytics' | 'charts' | 'engine' | 'storage' | 'faults' | 'embed';

/** What the Write stored progress button stores: film 14 s, S1E1 4 s, S1E2 2 s. */
const SAMPLE_PROGRESS = JSON.stringify({ 10101: 14, 10211: 4, 10212: 2 });

/** `S1E2 · 10212` from an episodeChanged payload's episode. */
function episodeLabel(episode: unknown): string | null {
  if (!isRecord(episode) || typeof episode.id !== 'number') return null;
  const season = isRecord(episode.season) ? episode.season.order : undefined;
  return typeof season === 'number' && typeof episode.order === 'number' ? `S${season}E${episode.order} · ${episode.id}` : String(episode.id);
}

const MESSAGE_CAP = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function App() {
  const origins = useMemo(readOrigins, []);
  const [state, setState] = useState<HarnessState>(() => stateFromSearch(window.location.search));
  const [reloadCount, setReloadCount] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  // A parent that ignores enterFullScreen (the player must cope): the message is logged, nothing stretches.
  const [stretchOnFullscreen, setStretchOnFullscreen] = useState(true);
  const stretchRef = useRef(stretchOnFullscreen);
  stretchRef.current = stretchOnFullscreen;
  const [messages, setMessages] = useState<MessageEntry[]>([]);
  const [tab, setTab] = useState<TabId>('messages');
  const [queryDraft, setQueryDraft] = useState(() => effectiveQuery(stateFromSearch(window.location.search)));
  const frameRef = useRef<HTMLIFrameElement>(null);
  const nextMessageId = useRef(1);
  const events = useHarnessEvents();
  const stats = useStats();
  const serverFailure = useServerFailure();
  const recorder = useTraceRecorder();
  const [episode, setEpisode] = useState<string | null>(null);
  const [traceName, setTraceName] = useState('');
  const [showScenarios, setShowScenarios] = useState(true);
  const [showInspectors, setShowInspectors] = useState(true);
  useEffect(() => installStatsSink(origins.playerOrigin), [origins.playerOrigin]);

  const scenario = findScenario(state.scenarioId);
  const targetOrigin = frameOrigin(state.embed, origins);
  const custom = useCustomSource(state, targetOrigin, origins.harnessOrigin);
  const src = custom.ready ? playerSrc(state, origins, HARNESS_CLIENT) : 'about:blank';
  const frameKey = `${src}#${reloadCount}`;
  const probe = useProbe(frameRef, targetOrigin, frameKey, recorder.onFact);
  const latest = probe.latest;

  // The harness URL mirrors the state so a bug report can link to it.
  useEffect(() => {
    const search = `?${stateToSearch(state)}`;
    if (window.location.search !== search) window.history.replaceState(null, '', `${window.location.pathname}${search}`);
  }, [state]);

  // A new or reloaded frame starts out of parent fullscreen.
  useEffect(() => {
    setFullscreen(false);
    setEpisode(null);
  }, [frameKey]);

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
      if (isRelayMessage(event.data) || isProbeMessage(event.data)) return;
      pushMessage({ direction: 'in', t: performance.now(), origin: event.origin, data: event.data });
      if (isRecord(event.data)) {
        if (event.data.event === 'enterFullScreen') setFullscreen(stretchRef.current);
        else if (event.data.event === 'exitFullScreen') setFullscreen(false);
        else if (event.data.event === 'episodeChanged' && isRecord(event.data.payload)) {
          const changed = event.data.payload.episode;
          setEpisode(episodeLabel(changed));
          if (isRecord(changed) && typeof changed.id === 'number') recorder.onEpisode(changed.id);
        }
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [pushMessage, recorder.onEpisode]);

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
  const reload = () => setReloadCount((n) => n + 1);
  const writeSampleProgress = async () => {
    if ((await probe.send('storage-set', { key: 'episodesTimeProgress', value: SAMPLE_PROGRESS })) === null) reload();
  };
  const toggleHidden = () => void probe.send('visibility', { hidden: !(latest?.hidden ?? false) });
  const traceStem = traceName.trim() || `${state.scenarioId}-${new Date().toISOString().slice(0, 10)}`;
  const playerQuery = new URLSearchParams(effectiveQuery(state).replace(/^\?/, ''));
  playerQuery.delete('harness-client');

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
        <span className="panel-toggles">
          <button type="button" className="btn btn-small" aria-pressed={showScenarios} onClick={() => setShowScenarios((v) => !v)} data-testid="toggle-scenarios">
            {showScenarios ? 'Hide' : 'Show'} scenarios
          </button>
          <button type="button" className="btn btn-small" aria-pressed={showInspectors} onClick={() => setShowInspectors((v) => !v)} data-testid="toggle-inspectors">
            {showInspectors ? 'Hide' : 'Show'} inspectors
          </button>
        </span>
      </header>

      {(streamDown || serverFailure) && (
        <div className="banner" role="alert" data-testid="server-error-banner">
          harness server unreachable —{' '}
          {streamDown ? 'the request and Sentry logs are paused until the event stream reconnects.' : `a harness call failed (${serverFailure}).`}
        </div>
      )}

      <div className={`columns${showScenarios ? '' : ' hide-left'}${showInspectors ? '' : ' hide-right'}`}>
        <aside className="column column-left" hidden={!showScenarios}>
          {/* Keyed by the link's custom parts: the fields start again from the link whenever it changes. */}
          <CustomSourceForm key={JSON.stringify(state.custom)} state={state} custom={custom} onChange={update} />
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
          <div className="summary summary-status" data-testid="summary-status">
            <span className={`state-pill state-${(latest?.state ?? 'loading').replace(' ', '-')}`} data-testid="summary-state">
              {probe.connected ? (latest?.state ?? 'loading') : 'loading page'}
            </span>
            {latest?.currentTime != null && <span className="mono">{latest.currentTime.toFixed(1)} s</span>}
            <span className="summary-sep">·</span>
            <span data-testid="summary-episode">episode {episode ?? '—'}</span>
            <span className="summary-sep">·</span>
            <span data-testid="summary-ad">ad {latest?.ad ? 'showing' : 'none'}</span>
            {latest?.hidden && <span className="badge badge-custom">page hidden</span>}
            <span className="summary-sep">·</span>
            <span className="muted summary-expect-wrap">
              expect: <span data-testid="summary-expect">{describeExpect(scenario.expect)}</span>
            </span>
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
            <label className="check" title="Stretch the frame over the page when the player posts enterFullScreen (unchecked: a parent that ignores it)">
              <input
                type="checkbox"
                checked={stretchOnFullscreen}
                onChange={(e) => {
                  setStretchOnFullscreen(e.target.checked);
                  if (!e.target.checked) setFullscreen(false);
                }}
                data-testid="toggle-parent-fullscreen"
              />
              <span>stretch on enterFullScreen</span>
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
              onClick={() => void writeSampleProgress()}
              data-testid="write-progress"
            >
              Write stored progress
            </button>
            <button type="button" className="btn btn-primary" onClick={reload} data-testid="reload-player">
              Reload player
            </button>
          </form>

          <div className="toolbar actions-bar">
            <button
              type="button"
              className="btn"
              onClick={toggleHidden}
              title="Simulates document.visibilityState and a visibilitychange event in the player page"
              data-testid="toggle-visibility"
            >
              {latest?.hidden ? 'Show page' : 'Hide page'}
            </button>
            <span className="toolbar-divider" />
            <input
              className="input mono trace-name"
              value={traceName}
              placeholder={traceStem}
              onChange={(e) => setTraceName(e.target.value.toLowerCase().replace(/[^a-z0-9-]/g, '-'))}
              aria-label="Trace name"
              disabled={recorder.recording}
              data-testid="trace-name"
            />
            {recorder.recording ? (
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => void recorder.stop(traceStem, playerQuery.toString(), stats, probe.storage?.items?.episodesTimeProgress)}
                data-testid="trace-stop"
              >
                ■ Stop and save ({recorder.factCount} facts)
              </button>
            ) : (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  recorder.start();
                  reload();
                }}
                title="Reloads the player and records its engine facts, episode switches and rstat4 events into fixtures/traces/<name>.json"
                data-testid="trace-record"
              >
                ● Record trace
              </button>
            )}
            {recorder.status && (
              <span className={recorder.status.ok ? 'muted mono' : 'error-text'} role="status" data-testid="trace-status">
                {recorder.status.text}
              </span>
            )}
            <span className="toolbar-divider" />
            <BugReportControls
              frameRef={frameRef}
              scenario={{ id: state.scenarioId, title: scenario.title, embed: state.embed, query: effectiveQuery(state), playerUrl: src, custom: state.customQuery !== null }}
              messages={messages}
              requests={events.requests}
              sentry={events.sentry}
              stats={stats}
              samples={probe.samples}
            />
          </div>

          <PlayerStage src={src} frameKey={frameKey} viewport={state.viewport} fullscreen={fullscreen} frameRef={frameRef} serverDown={streamDown} />
        </main>

        <section className="column column-right" hidden={!showInspectors}>
          <div className="tabs" role="tablist">
            {(
              [
                ['messages', 'Messages', messages.length],
                ['requests', 'Requests', events.requests.length],
                ['sentry', 'Sentry', events.sentry.length],
                ['ads', 'Ads', countPings(events.requests)],
                ['analytics', 'Analytics', stats.length],
                ['charts', 'Charts', null],
                ['engine', 'Engine', null],
                ['storage', 'Storage', probe.storage?.items ? Object.keys(probe.storage.items).length : null],
                ['faults', 'Faults', null],
                ['embed', 'Embed', null],
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
            <AdsPanel requests={events.requests} active={tab === 'ads'} customTag={custom.inspectorInput} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'analytics'}>
            <AnalyticsPanel active={tab === 'analytics'} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'charts'}>
            <ChartsPanel samples={probe.samples} connected={probe.connected} active={tab === 'charts'} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'engine'}>
            <EnginePanel active={tab === 'engine'} frameRef={frameRef} frameKey={frameKey} send={probe.send} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'storage'}>
            <StoragePanel storage={probe.storage} sameOrigin={state.embed === 'same'} send={probe.send} onUseSameOrigin={() => update({ embed: 'same' })} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'faults'}>
            <FaultsPanel active={tab === 'faults'} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'embed'}>
            <EmbedPanel active={tab === 'embed'} playerOrigin={origins.playerOrigin} playerQuery={effectiveQuery(state)} frameRef={frameRef} frameKey={frameKey} />
          </div>
          <div className="tab-panel" role="tabpanel" hidden={tab !== 'sentry'}>
            <SentryLog events={events.sentry} active={tab === 'sentry'} onClear={events.clearSentry} />
          </div>
        </section>
      </div>
    </div>
  );
}
