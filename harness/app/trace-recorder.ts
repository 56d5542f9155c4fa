/**
 * Records an engine trace from the harness (the Record trace button): the player's engine facts
 * from the probe, episode switches from its parent messages, and the rstat4 events, saved by the
 * harness server as fixtures/traces/<name>.json in the shape src/engine/trace-replay.ts replays
 * (the same as scripts/record-trace.mjs writes).
 */
import { useCallback, useRef, useState } from 'react';
import type { EngineTrace, TraceFact } from '../../src/engine/trace-replay';
import type { ProbeFact } from './probe';
import { harnessFetch } from './server-health';
import type { StatEntry } from './stats';

interface Timed {
  at: number;
  fact: TraceFact['fact'];
  payload?: unknown;
}

export interface TraceRecorder {
  recording: boolean;
  factCount: number;
  status: { ok: boolean; text: string } | null;
  start(): void;
  onFact(fact: ProbeFact): void;
  onEpisode(episodeId: number): void;
  stop(name: string, query: string, stats: readonly StatEntry[], storedProgress: string | undefined): Promise<void>;
}

const toRecord = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

function parseProgress(raw: string | undefined): Record<string, number> | null {
  if (raw === undefined) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, number>) : null;
  } catch {
    return null;
  }
}

export function useTraceRecorder(): TraceRecorder {
  const [recording, setRecording] = useState(false);
  const [factCount, setFactCount] = useState(0);
  const [status, setStatus] = useState<TraceRecorder['status']>(null);
  const facts = useRef<Timed[]>([]);
  const startedAt = useRef(0);
  const active = useRef(false);

  const start = useCallback(() => {
    facts.current = [];
    startedAt.current = Date.now();
    active.current = true;
    setRecording(true);
    setFactCount(0);
    setStatus(null);
  }, []);

  const onFact = useCallback((fact: ProbeFact) => {
    if (!active.current) return;
    facts.current.push({ at: fact.at, fact: fact.fact as TraceFact['fact'], ...(fact.payload === null ? {} : { payload: fact.payload }) });
    setFactCount(facts.current.length);
  }, []);

  const onEpisode = useCallback((episodeId: number) => {
    if (active.current) facts.current.push({ at: Date.now(), fact: 'episodeChanged', payload: { episodeId } });
  }, []);

  const stop = useCallback(async (name: string, query: string, stats: readonly StatEntry[], storedProgress: string | undefined) => {
    active.current = false;
    setRecording(false);
    const stamps = stats.filter((s) => s.t >= startedAt.current);
    const first = toRecord(stamps[0]?.payload);
    // Before the first rstat4 event the query's movie_id and the first episode switch say the same.
    const movieId = Number(new URLSearchParams(query).get('movie_id'));
    const firstEpisode = toRecord(facts.current.find((f) => f.fact === 'episodeChanged')?.payload).episodeId;
    const contentId = typeof first.contentId === 'number' ? first.contentId : Number.isSafeInteger(movieId) && movieId > 0 ? movieId : null;
    const episodeId = typeof first.episodeId === 'number' ? first.episodeId : typeof firstEpisode === 'number' ? firstEpisode : null;
    const all = [...facts.current]
      .map((f) => (f.fact === 'episodeChanged' ? { ...f, payload: { contentId, ...toRecord(f.payload) } } : f))
      .sort((a, b) => a.at - b.at);
    const t0 = all[0]?.at ?? startedAt.current;
    const trace: EngineTrace & { recordedWith: string } = {
      name,
      query,
      recordedWith: 'harness Record trace',
      item: { contentId, episodeId },
      facts: all.map(({ at, ...rest }) => ({ t: at - t0, ...rest })),
      stats: stamps.map((s) => ({ t: s.t - t0, event: s.event, payload: toRecord(s.payload) })),
      episodesTimeProgress: parseProgress(storedProgress),
    };
    try {
      const response = await harnessFetch('/__harness/traces', { method: 'POST', body: JSON.stringify({ name, trace }) });
      const body = toRecord(await response.json());
      setStatus(response.ok ? { ok: true, text: `Saved ${String(body.path)} (${trace.facts.length} facts, ${trace.stats.length} rstat4 events)` } : { ok: false, text: String(body.message) });
    } catch (error) {
      setStatus({ ok: false, text: `Not saved: ${error instanceof Error ? error.message : String(error)}` });
    }
  }, []);

  return { recording, factCount, status, start, onFact, onEpisode, stop };
}
