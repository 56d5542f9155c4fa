/**
 * Replays a recorded playback (fixtures/traces/*.json, made by scripts/record-trace.mjs, or written
 * by hand where the recorder cannot see: an ad's <video>, the viewer's click) through the scripted
 * engine: each engine fact is emitted at its recorded time offset; the other facts go to the caller.
 */
import type { EngineFactName } from './types';
import { freshTime, type ScriptedEngine } from './scripted-engine';

/** A fact of the ad's own <video> (engine/ad-video.ts `AdVideoFacts`), as `ad.<fact>`. */
export type AdTraceFact = `ad.${string}`;

export interface TraceFact {
  /** Milliseconds from the first recorded fact. */
  t: number;
  /**
   * An engine fact; 'episodeChanged' when the player switched to another episode; 'playClicked'
   * when the viewer clicked play; `ad.<fact>` a fact of the ad's <video>.
   */
  fact: EngineFactName | 'episodeChanged' | 'playClicked' | AdTraceFact;
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
  /** rstat4 events the live player sent while the trace was recorded (hand-written: those the spec calls for). */
  stats: TraceStat[];
  /** The live player's saved `episodesTimeProgress` when the recording stopped. */
  episodesTimeProgress: Record<string, number> | null;
  /** The ad list the player was given (SPEC.md §3) and its address, when the playback had ads. */
  ads?: { listUrl: string; list: unknown };
}

/** Where the facts that are not the content engine's go; a fact without its handler is skipped. */
export interface TraceHandlers {
  /** The player switched episodes, as the session would announce it. */
  episodeChanged?: (item: TraceItem) => Promise<unknown>;
  playClicked?: () => Promise<unknown>;
  /** A fact of the ad's <video>, by its name without `ad.`. */
  adFact?: (fact: string, payload: unknown) => Promise<unknown>;
}

const isAdFact = (fact: TraceFact['fact']): fact is AdTraceFact => fact.startsWith('ad.');

/**
 * Emits every fact in order, letting `advance` move the (fake) clock between them, and waits for
 * the caller to take each fact that is not the engine's.
 */
export async function replayTrace(trace: EngineTrace, engine: ScriptedEngine, advance: (ms: number) => Promise<void>, handlers: TraceHandlers = {}): Promise<void> {
  const emit = engine.emit as (fact: EngineFactName, payload?: unknown) => void;
  let now = 0;
  for (const { t, fact, payload } of trace.facts) {
    await advance(Math.max(0, t - now));
    now = Math.max(now, t);
    if (fact === 'episodeChanged') {
      // The live player loaded the episode's source here: its element's time starts again.
      engine.time = freshTime();
      await handlers.episodeChanged?.(payload as TraceItem);
    } else if (fact === 'playClicked') await handlers.playClicked?.();
    else if (isAdFact(fact)) await handlers.adFact?.(fact.slice('ad.'.length), payload);
    else emit(fact, payload);
  }
  await advance(0);
}
