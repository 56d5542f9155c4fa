import { useEffect, useState, type RefObject } from 'react';
import { episodeChange, useFrameMessages } from './frame-messages';
import type { Probe } from './probe';
import { readStats } from './stats';
import { useTraceRecorder } from './trace-recorder';

interface TraceControlsProps {
  frameRef: RefObject<HTMLIFrameElement | null>;
  probe: Probe;
  scenarioId: string;
  /** The player's query as the harness builds it. */
  query: string;
  reload(): void;
}

/** The trace name, Record trace / Stop and save, and what the last save said. */
export function TraceControls({ frameRef, probe, scenarioId, query, reload }: TraceControlsProps) {
  const recorder = useTraceRecorder();
  const [traceName, setTraceName] = useState('');
  useEffect(() => probe.onFact(recorder.onFact), [probe, recorder.onFact]);
  useFrameMessages(frameRef, (data) => {
    const id = episodeChange(data)?.id;
    if (id != null) recorder.onEpisode(id);
  });

  const traceStem = traceName.trim() || `${scenarioId}-${new Date().toISOString().slice(0, 10)}`;
  const playerQuery = new URLSearchParams(query.replace(/^\?/, ''));
  playerQuery.delete('harness-client');

  return (
    <>
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
          onClick={() => void recorder.stop(traceStem, playerQuery.toString(), readStats(), probe.get().storage?.items?.episodesTimeProgress)}
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
    </>
  );
}
