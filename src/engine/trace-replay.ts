/**
 * Replays a recorded playback (fixtures/traces/*.json, made by scripts/record-trace.mjs)
 * through the scripted engine: each engine fact is emitted at its recorded time offset.
 */
import type { EngineFactName } from './types';
import type { ScriptedEngine } from './scripted-engine';

export interface TraceFact {
  /** Milliseconds from the first recorded fact. */
  t: number;
  /** An engine fact, or 'episodeChanged' when the player switched to another episode. */
  fact: EngineFactName | 'episodeChanged';
  payload?: unknown;
}

export interface TraceItem {
  contentId: number | null;
  episodeId: number | null;
}

export interface TraceStat {
  t: number;
  event: string;
  payload: Record<string, unknown>;
}

export interface EngineTrace {
  name: string;
  query: string;
  item: TraceItem;
  facts: TraceFact[];
  /** rstat4 events the live player sent while the trace was recorded. */
  stats: TraceStat[];
  /** The live player's saved `episodesTimeProgress` when the recording stopped. */
  episodesTimeProgress: Record<string, number> | null;
}

/**
 * Emits every fact in order, letting `advance` move the (fake) clock between them; episode
 * switches go to `episodeChanged`, as the session would announce them.
 */
export async function replayTrace(
  trace: EngineTrace,
  engine: ScriptedEngine,
  advance: (ms: number) => Promise<void>,
  episodeChanged: (item: TraceItem) => Promise<unknown> = async () => undefined,
): Promise<void> {
  const emit = engine.emit as (fact: EngineFactName, payload?: unknown) => void;
  let now = 0;
  for (const { t, fact, payload } of trace.facts) {
    await advance(Math.max(0, t - now));
    now = Math.max(now, t);
    if (fact === 'episodeChanged') await episodeChanged(payload as TraceItem);
    else emit(fact, payload);
  }
  await advance(0);
}
