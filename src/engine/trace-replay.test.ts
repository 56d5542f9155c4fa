import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScriptedEngine } from './scripted-engine';
import { replayTrace, type EngineTrace, type TraceFact } from './trace-replay';
import { ENGINE_FACT_NAMES } from './types';

const TRACE_DIR = path.resolve(__dirname, '../../fixtures/traces');
const traces = readdirSync(TRACE_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(TRACE_DIR, file), 'utf8')) as EngineTrace);

/**
 * Replays `trace` on a scripted engine with a clock of its own, and returns what came out, in
 * order: each engine fact a listener heard and each episode change handed to the caller, with
 * the clock's time at that moment; and every step the clock was asked to move.
 */
async function replay(trace: EngineTrace) {
  const engine = createScriptedEngine();
  let now = 0;
  const out: Array<{ t: number; fact: string; payload?: unknown }> = [];
  for (const fact of ENGINE_FACT_NAMES) engine.on(fact, (payload: unknown) => void out.push({ t: now, fact, payload }));
  const steps: number[] = [];
  await replayTrace(
    trace,
    engine,
    async (ms) => {
      steps.push(ms);
      now += ms;
    },
    {
      episodeChanged: async (item) => void out.push({ t: now, fact: 'episodeChanged', payload: item }),
      playClicked: async () => void out.push({ t: now, fact: 'playClicked', payload: undefined }),
      adFact: async (fact, payload) => void out.push({ t: now, fact: `ad.${fact}`, payload }),
    },
  );
  return { out, steps, now };
}

const trace = (facts: TraceFact[]): EngineTrace => ({ name: 'made', query: '', item: { contentId: 1, episodeId: 1 }, facts, stats: [], episodesTimeProgress: null });

describe('replayTrace', () => {
  it('has recorded traces to replay', () => {
    expect(traces.map((recorded) => recorded.name).sort()).toEqual(expect.arrayContaining(['film-preroll', 'film-seek', 'segment-404', 'series-advance']));
  });

  for (const recorded of traces) {
    it(`${recorded.name}: every recorded fact comes out once, in order, at its recorded time; those not the engine's go to the caller`, async () => {
      const { out, steps, now } = await replay(recorded);
      expect(out).toEqual(recorded.facts.map(({ t, fact, payload }) => ({ t, fact, payload })));
      expect(steps.every((ms) => ms >= 0)).toBe(true);
      expect(now).toBe(recorded.facts.at(-1)!.t);
    });
  }

  it('a fact recorded before the one ahead of it comes out at once: the clock never moves back', async () => {
    const { out, steps } = await replay(
      trace([
        { t: 0, fact: 'playing' },
        { t: 500, fact: 'timeUpdated', payload: { currentTime: 0.5 } },
        { t: 400, fact: 'timeUpdated', payload: { currentTime: 0.4 } },
        { t: 900, fact: 'paused' },
      ]),
    );
    expect(out.map(({ t, fact }) => `${t} ${fact}`)).toEqual(['0 playing', '500 timeUpdated', '500 timeUpdated', '900 paused']);
    expect(steps).toEqual([0, 500, 0, 400, 0]);
  });

  it('waits for the caller to take an episode change before the next fact, and ends with a last move of 0 ms', async () => {
    const engine = createScriptedEngine();
    const log: string[] = [];
    engine.on('sourceReady', () => void log.push('sourceReady'));
    await replayTrace(
      trace([
        { t: 0, fact: 'episodeChanged', payload: { contentId: 1, episodeId: 2 } },
        { t: 10, fact: 'sourceReady', payload: { levels: [], audioTracks: [], subtitleTracks: [] } },
      ]),
      engine,
      async (ms) => void log.push(`advance ${ms}`),
      {
        episodeChanged: async (item) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          log.push(`episode ${item.episodeId}`);
        },
      },
    );
    expect(log).toEqual(['advance 0', 'episode 2', 'advance 10', 'sourceReady', 'advance 0']);
  });

  it('without a handler, a fact that is not the engine’s is skipped and the rest replayed', async () => {
    const engine = createScriptedEngine();
    const heard: string[] = [];
    engine.on('playing', () => void heard.push('playing'));
    const facts: TraceFact[] = [
      { t: 0, fact: 'episodeChanged', payload: { contentId: 1, episodeId: 2 } },
      { t: 1, fact: 'playClicked' },
      { t: 2, fact: 'ad.playing' },
      { t: 3, fact: 'playing' },
    ];
    await replayTrace(trace(facts), engine, async () => {});
    expect(heard).toEqual(['playing']);
  });
});
