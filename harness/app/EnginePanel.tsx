import { useEffect, useState, type RefObject } from 'react';
import type { EngineDebugLevels } from '../../src/engine/types';
import { isProbeMessage } from './probe';
import { bufferBar, bufferedText, configView, levelLabel, levelStateText, readEngineView, shownLevel, type EngineView } from './engine-view';
import './engine-panel.css';

type Send = (op: string, extra?: Record<string, unknown>) => Promise<string | null>;
/** Sends one engine op; its answer becomes the status line under the Loading buttons. */
type Run = (label: string, op: string, extra?: Record<string, unknown>) => Promise<void>;

interface EnginePanelProps {
  active: boolean;
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** Changes with every new player frame: the view starts over. */
  frameKey: string;
  /** The probe channel (probe.ts): resolves with the probe's refusal, null when done. */
  send: Send;
}

/** The engine's snapshots and config from the player page while the tab shows, and its ops' answers. */
function useEngineWatch({ active, frameRef, frameKey, send }: EnginePanelProps) {
  const [view, setView] = useState<EngineView | null>(null);
  const [config, setConfig] = useState<unknown>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const hasStream = view?.levels != null;

  useEffect(() => {
    setView(null);
    setConfig(null);
    setStatus(null);
  }, [frameKey]);

  // Watch while shown; a page that loads meanwhile says hello and is asked again.
  useEffect(() => {
    if (!active) return;
    void send('engine-watch', { on: true });
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frameRef.current?.contentWindow || !isProbeMessage(event.data)) return;
      if (event.data.kind === 'hello') void send('engine-watch', { on: true });
      else if (event.data.kind === 'engine') setView(readEngineView(event.data));
      else if (event.data.kind === 'engine-config') setConfig(event.data.config);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      void send('engine-watch', { on: false });
    };
  }, [active, frameKey, frameRef, send]);

  // The config once a stream is there (it is hls.js's, made with the stream).
  useEffect(() => {
    if (active && hasStream && config === null) void send('engine-config');
  }, [active, hasStream, config, send]);

  const run: Run = async (label, op, extra) => {
    const error = await send(op, extra);
    setStatus(error === null ? { ok: true, text: `${label}: done` } : { ok: false, text: `${label}: ${error}` });
  };
  return { view, config, status, hasStream, run };
}

/**
 * The Engine tab: hls.js level choice and cap, the buffered ranges, recover / stop / start
 * loading and the effective config, all through the probe (both embeds). The player page sends
 * its engine snapshots only while this tab is shown.
 */
export function EnginePanel(props: EnginePanelProps) {
  const { view, config, status, hasStream, run } = useEngineWatch(props);
  return (
    <div className="panel engine-panel" data-testid="engine-panel">
      <p className="muted">
        hls.js in the player page, through the harness probe (both embeds). Level choice and the cap act on the live stream; the buffer bar is the
        content element's buffered ranges, refreshed four times a second while this tab shows.
      </p>
      {!view && <p className="muted" data-testid="engine-waiting">Waiting for the player page…</p>}
      {view && !hasStream && (
        <p className="muted" data-testid="engine-no-stream">
          {view.controls ? 'No hls.js stream loaded (not started yet, or the browser plays HLS natively).' : 'The player has not created its engine yet.'}
        </p>
      )}
      <LevelSection levels={view?.levels ?? null} run={run} />
      <BufferSection view={view} />
      <LoadingSection hasStream={hasStream} status={status} run={run} />
      <ConfigSection config={config} hasStream={hasStream} run={run} />
    </div>
  );
}

/** The level to play (now, or from the next segment) and the cap on ABR's choice. */
function LevelSection({ levels, run }: { levels: EngineDebugLevels | null; run: Run }) {
  const [nextSegment, setNextSegment] = useState(false);
  return (
    <section className="engine-section" aria-label="Levels">
      <h3>Level</h3>
      <p className="mono" data-testid="engine-level-state">
        {levelStateText(levels)}
      </p>
      <div className="engine-row">
        <label className="field">
          <span>Level</span>
          <select
            className="input"
            value={shownLevel(levels)}
            disabled={!levels}
            onChange={(e) => void run('Level', 'engine-level', { index: Number(e.target.value), next: nextSegment })}
            data-testid="engine-level"
          >
            <option value={-1}>Auto (ABR)</option>
            {levels?.levels.map((level, index) => (
              <option key={index} value={index}>
                {index}: {levelLabel(level)}
              </option>
            ))}
          </select>
        </label>
        <label className="check" title="nextLevel: switch at the next segment; unticked, currentLevel switches now and flushes the buffer">
          <input type="checkbox" checked={nextSegment} onChange={(e) => setNextSegment(e.target.checked)} data-testid="engine-level-next" />
          <span>from the next segment</span>
        </label>
        <label className="field">
          <span>Auto cap</span>
          <select className="input" value={levels?.cap ?? -1} disabled={!levels} onChange={(e) => void run('Cap', 'engine-cap', { index: Number(e.target.value) })} data-testid="engine-cap">
            <option value={-1}>No cap</option>
            {levels?.levels.map((level, index) => (
              <option key={index} value={index}>
                ≤ {index}: {levelLabel(level)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </section>
  );
}

/** The content element's buffered ranges as a bar with the playhead, and as text. */
function BufferSection({ view }: { view: EngineView | null }) {
  const bar = view ? bufferBar(view) : null;
  return (
    <section className="engine-section" aria-label="Buffer">
      <h3>Buffer</h3>
      <div className="engine-bar" data-testid="engine-buffer-bar" data-ranges={view?.buffered.length ?? 0} data-ahead={bar ? bar.ahead.toFixed(2) : ''} title="Buffered ranges of the content element; the line is the playhead">
        {bar?.ranges.map((range, index) => (
          <span key={index} className="engine-bar-range" style={{ left: `${range.left}%`, width: `${range.width}%` }} />
        ))}
        {bar?.playhead != null && <span className="engine-bar-playhead" style={{ left: `${bar.playhead}%` }} />}
      </div>
      <p className="mono engine-buffer-text" data-testid="engine-buffered">
        {bufferedText(view)}
      </p>
    </section>
  );
}

const LOADING_OPS = [
  { label: 'Recover media error', op: 'engine-recover' },
  { label: 'Stop loading', op: 'engine-stop-load' },
  { label: 'Start loading', op: 'engine-start-load' },
] as const;

/** Recover, stop and start loading, and the answer of the last op. */
function LoadingSection({ hasStream, status, run }: { hasStream: boolean; status: { ok: boolean; text: string } | null; run: Run }) {
  return (
    <section className="engine-section" aria-label="Loading">
      <h3>Loading</h3>
      <div className="engine-row">
        {LOADING_OPS.map(({ label, op }) => (
          <button key={op} type="button" className="btn" disabled={!hasStream} onClick={() => void run(label, op)} data-testid={op}>
            {label}
          </button>
        ))}
      </div>
      {status && (
        <p className={status.ok ? 'muted mono' : 'error-text'} role="status" data-testid="engine-status">
          {status.text}
        </p>
      )}
    </section>
  );
}

/** hls.js's effective config: the keys QA asks about first, or every key. */
function ConfigSection({ config, hasStream, run }: { config: unknown; hasStream: boolean; run: Run }) {
  const [allKeys, setAllKeys] = useState(false);
  return (
    <section className="engine-section" aria-label="Configuration">
      <h3>
        Configuration{' '}
        <label className="check engine-config-all">
          <input type="checkbox" checked={allKeys} onChange={(e) => setAllKeys(e.target.checked)} data-testid="engine-config-all" />
          <span>every key</span>
        </label>
        <button type="button" className="btn btn-small" disabled={!hasStream} onClick={() => void run('Config', 'engine-config')}>
          Refresh
        </button>
      </h3>
      <pre className="mono engine-config" data-testid="engine-config">
        {config === null ? '—' : JSON.stringify(configView(config, allKeys), null, 2)}
      </pre>
    </section>
  );
}
