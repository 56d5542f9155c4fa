/**
 * The centre column: what is loaded, the frame's controls and the player frame. The parts that
 * follow the player (the status line, the Hide page button, the trace recorder) subscribe to the
 * probe themselves, so a probe sample does not re-render the frame or the forms around it.
 */
import { memo, useCallback, useEffect, useState, type RefObject } from 'react';
import { BugReportControls } from './BugReport';
import { episodeChange, fullscreenRequest, useFrameMessages, type MessageLogStore } from './frame-messages';
import { PlayerStage } from './PlayerStage';
import { describeChapters, latestSample, type Probe } from './probe';
import { EMBED_MODES, VIEWPORTS, buildQuery, describeExpect, effectiveQuery, findScenario, type EmbedMode, type HarnessState, type ViewportId } from './scenarios';
import { useAutoplayOutcome } from './stats';
import { useStoreValue } from './store';
import { TraceControls } from './TraceControls';
import type { HarnessEvents } from './useHarnessEvents';

/** What the Write stored progress button stores: film 14 s, S1E1 4 s, S1E2 2 s. */
const SAMPLE_PROGRESS = JSON.stringify({ 10101: 14, 10211: 4, 10212: 2 });

interface PlayerColumnProps {
  state: HarnessState;
  update(patch: Partial<HarnessState>): void;
  src: string;
  frameKey: string;
  frameRef: RefObject<HTMLIFrameElement | null>;
  targetOrigin: string;
  reload(): void;
  events: HarnessEvents;
  messages: MessageLogStore;
  probe: Probe;
}

export const PlayerColumn = memo(function PlayerColumn(props: PlayerColumnProps) {
  const { state, update, src, frameKey, frameRef, targetOrigin, reload, events, messages, probe } = props;
  const scenario = findScenario(state.scenarioId);
  const { fullscreen, stretch, setStretch } = useParentFullscreen(frameRef, frameKey);
  const streamDown = useStoreValue(events, (snapshot) => snapshot.status === 'error');
  const query = effectiveQuery(state);

  return (
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
      <SummaryStatus probe={probe} frameRef={frameRef} frameKey={frameKey} expect={describeExpect(scenario.expect)} />

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
          <input type="checkbox" checked={stretch} onChange={(e) => setStretch(e.target.checked)} data-testid="toggle-parent-fullscreen" />
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

      <QueryBar state={state} update={update} reload={reload} frameRef={frameRef} targetOrigin={targetOrigin} messages={messages} probe={probe} />

      <div className="toolbar actions-bar">
        <VisibilityToggle probe={probe} />
        <span className="toolbar-divider" />
        <TraceControls frameRef={frameRef} probe={probe} scenarioId={state.scenarioId} query={query} reload={reload} />
        <span className="toolbar-divider" />
        <BugReportControls
          scenario={{ id: state.scenarioId, title: scenario.title, embed: state.embed, query, playerUrl: src, custom: state.customQuery !== null }}
          messages={messages}
          events={events}
          probe={probe}
        />
      </div>

      <PlayerStage src={src} frameKey={frameKey} viewport={state.viewport} fullscreen={fullscreen} frameRef={frameRef} serverDown={streamDown} />
    </main>
  );
});

/**
 * Parent fullscreen: the frame stretches over the page when the player posts enterFullScreen,
 * unless `stretch` is off (a parent that ignores it, which the player must cope with). A new or
 * reloaded frame starts out of it.
 */
function useParentFullscreen(frameRef: RefObject<HTMLIFrameElement | null>, frameKey: string) {
  const [fullscreen, setFullscreen] = useState(false);
  const [stretch, setStretchOn] = useState(true);
  useEffect(() => setFullscreen(false), [frameKey]);
  useFrameMessages(frameRef, (data) => {
    const request = fullscreenRequest(data);
    if (request !== null) setFullscreen(request && stretch);
  });
  const setStretch = useCallback((on: boolean) => {
    setStretchOn(on);
    if (!on) setFullscreen(false);
  }, []);
  return { fullscreen, stretch, setStretch };
}

interface SummaryStatusProps {
  probe: Probe;
  frameRef: RefObject<HTMLIFrameElement | null>;
  frameKey: string;
  expect: string;
}

/** The player's state, time, episode, ad, autoplay outcome and chapters as the probe, its messages and its stats tell them. */
function SummaryStatus({ probe, frameRef, frameKey, expect }: SummaryStatusProps) {
  const latest = useStoreValue(probe, latestSample);
  const connected = useStoreValue(probe, (snapshot) => snapshot.connected);
  const [episode, setEpisode] = useState<string | null>(null);
  useEffect(() => setEpisode(null), [frameKey]);
  // The frame's load (a new key): an outcome from before it is another page's.
  const [loadedAt, setLoadedAt] = useState(() => Date.now());
  useEffect(() => setLoadedAt(Date.now()), [frameKey]);
  const autoplay = useAutoplayOutcome(loadedAt);
  useFrameMessages(frameRef, (data) => {
    const change = episodeChange(data);
    if (change) setEpisode(change.label);
  });

  return (
    <div className="summary summary-status" data-testid="summary-status">
      <span className={`state-pill state-${(latest?.state ?? 'loading').replace(' ', '-')}`} data-testid="summary-state">
        {connected ? (latest?.state ?? 'loading') : 'loading page'}
      </span>
      {latest?.currentTime != null && <span className="mono">{latest.currentTime.toFixed(1)} s</span>}
      <span className="summary-sep">·</span>
      <span data-testid="summary-episode">episode {episode ?? '—'}</span>
      <span className="summary-sep">·</span>
      <span data-testid="summary-ad">ad {latest?.ad ? 'showing' : 'none'}</span>
      <span className="summary-sep">·</span>
      <span data-testid="status-autoplay" title="the player's videoplayer_autoplay stat: sound, muted (the browser refused sound) or blocked">
        autoplay: {autoplay ?? '—'}
      </span>
      <span className="summary-sep">·</span>
      <span data-testid="status-chapters" title="the episode's chapters file (#EXT-X-SESSION-DATA com.filmplayer.chapters): how many chapters, and the one at the playhead">
        chapters: {describeChapters(latest?.chapters)}
      </span>
      {latest?.hidden && <span className="badge badge-custom">page hidden</span>}
      <span className="summary-sep">·</span>
      <span className="muted summary-expect-wrap">
        expect: <span data-testid="summary-expect">{expect}</span>
      </span>
    </div>
  );
}

interface QueryBarProps {
  state: HarnessState;
  update(patch: Partial<HarnessState>): void;
  reload(): void;
  frameRef: RefObject<HTMLIFrameElement | null>;
  targetOrigin: string;
  messages: MessageLogStore;
  probe: Probe;
}

/** The player's query (editable), the parent messages and the reloads. */
function QueryBar({ state, update, reload, frameRef, targetOrigin, messages, probe }: QueryBarProps) {
  const [queryDraft, setQueryDraft] = useState(() => effectiveQuery(state));
  // Keep the query field in sync with the built query whenever the state changes.
  useEffect(() => setQueryDraft(effectiveQuery(state)), [state]);
  const builtQuery = buildQuery(state);

  const applyQuery = () => {
    const draft = queryDraft.trim().replace(/^\?/, '');
    update({ customQuery: draft === builtQuery ? null : draft });
    reload();
  };

  const send = (data: unknown) => {
    const frameWindow = frameRef.current?.contentWindow;
    if (!frameWindow) return;
    frameWindow.postMessage(data, targetOrigin);
    messages.push({ direction: 'out', t: performance.now(), origin: targetOrigin, data });
  };

  const writeSampleProgress = async () => {
    if ((await probe.send('storage-set', { key: 'episodesTimeProgress', value: SAMPLE_PROGRESS })) === null) reload();
  };

  return (
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
  );
}

/** Simulates a hidden or shown player page; its label follows what the probe last reported. */
function VisibilityToggle({ probe }: { probe: Probe }) {
  const hidden = useStoreValue(probe, (snapshot) => latestSample(snapshot)?.hidden ?? false);
  return (
    <button
      type="button"
      className="btn"
      onClick={() => void probe.send('visibility', { hidden: !hidden })}
      title="Simulates document.visibilityState and a visibilitychange event in the player page"
      data-testid="toggle-visibility"
    >
      {hidden ? 'Show page' : 'Hide page'}
    </button>
  );
}
