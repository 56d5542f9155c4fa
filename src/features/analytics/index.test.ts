import { allSettled, fork, scopeBind } from 'effector';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { replayTrace, type EngineTrace } from '../../engine/trace-replay';
import type { ContentDto, EpisodeDto } from '../../api/dto';
import { $streamError, engineAttached } from '../playback';
import '../progress';
import { $content, episodeChosen } from '../session';
import { STORAGE_KEYS } from '../../lib/constants';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { $storage, createMemoryStorage } from '../../platform/storage';
import './index';
import { connectFeatures } from '../../app/connect-features';

// The features' links, as the player makes them.
connectFeatures();

const TRACE_DIR = path.resolve(__dirname, '../../../fixtures/traces');
const traces = readdirSync(TRACE_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(TRACE_DIR, file), 'utf8')) as EngineTrace);

/** What identifies an event in a sequence: its name and the field that tells it apart. */
const key = (event: string, payload: Record<string, unknown> = {}) =>
  [event, payload.mark ?? payload.details ?? '', payload.fatal ?? ''].join(' ').trim();

/** The content and episode the session would hold; progress and analytics read only their ids. */
const content = (id: number): ContentDto => ({
  id,
  title: 'Фильм',
  posterUrl: null,
  hasMultipleEpisodes: false,
  contentType: null,
  year: null,
  countries: [],
  languages: [],
  kinopoiskId: null,
  rating: null,
});

const episode = (id: number): EpisodeDto => ({
  id,
  title: '',
  description: '',
  order: 1,
  posterPath: null,
  duration: null,
  watchProgress: null,
  watchedAt: null,
  isCompleted: false,
  m3u8MasterFilePath: `/hls/${id}/master.m3u8`,
  season: null,
});

/**
 * One trace replayed into a fresh scope of the models: what they sent (with the trace's time at
 * the send, the facts' recorded times), what they saved, and the scope. Fake timers must be on.
 */
async function replayed(trace: EngineTrace) {
  const sent: Array<StatEvent & { t: number }> = [];
  let now = 0;
  const storage = createMemoryStorage();
  const scope = fork({
    values: [
      [$storage, storage],
      [$content, content(trace.item.contentId!)],
    ],
    handlers: [[sendStatFx, (stat: StatEvent) => (sent.push({ ...stat, t: now }), true)]],
  });
  const engine = createScriptedEngine();
  await allSettled(engineAttached, { scope, params: engine });
  await replayTrace(
    trace,
    engine,
    async (ms) => {
      await vi.advanceTimersByTimeAsync(ms);
      now += ms;
    },
    // allSettled would wait for the pending save throttle, which only the fake clock ends.
    async (item) => scopeBind(episodeChosen, { scope })(episode(item.episodeId!)),
  );
  return { sent: sent.map(({ t: _, ...stat }) => stat as StatEvent), timed: sent, storage, scope };
}

const marksOf = (sent: StatEvent[]) => sent.filter((s) => s.event === 'progress');

describe('trace replay: the models send and save what the live player did', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the recorded traces', () => {
    expect(traces.map((trace) => trace.name).sort()).toEqual(expect.arrayContaining(['film-seek', 'segment-404', 'series-advance']));
  });

  for (const trace of traces) {
    it(`${trace.name} (${trace.query})`, async () => {
      const { sent, storage, scope } = await replayed(trace);

      // The traces were recorded before the QoE statistics existed: those are checked apart.
      const recorded = sent.filter((s) => !s.event.startsWith('qoe_'));
      const live = trace.stats.map((s) => key(s.event.replace(/^videoplayer_/, ''), s.payload));
      expect(recorded.map((s) => key(s.event, s.payload))).toEqual(live);
      expect(recorded.map((s) => s.payload?.episodeId)).toEqual(trace.stats.map((s) => s.payload.episodeId));
      // One summary per episode played to its end, sent at that end, with its own episode.
      const ended = trace.stats.filter((s) => s.event === 'videoplayer_progress' && s.payload.mark === 1).map((s) => s.payload.episodeId);
      const summaries = sent.filter((s) => s.event === 'qoe_summary');
      expect(summaries.map((s) => s.payload?.episodeId)).toEqual(ended);
      for (const { payload } of summaries) expect(payload).toMatchObject({ exitedBeforeStart: false, watchedMs: expect.any(Number) });
      for (const stat of sent) expect(stat.payload?.contentId).toBe(trace.item.contentId);
      const fatal = trace.facts.some((f) => f.fact === 'error' && (f.payload as { fatal?: boolean }).fatal);
      expect(scope.getState($streamError) !== null).toBe(fatal);
      expect(storage.read(STORAGE_KEYS.episodesTimeProgress)).toEqual(trace.episodesTimeProgress);
    });
  }
});

describe('trace film-seek, replayed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends every mark once, in order, the seek from about 6 s to 20 s sending 0.25 and 0.5 together as it lands', async () => {
    const trace = traces.find((t) => t.name === 'film-seek')!;
    const { timed } = await replayed(trace);
    const marks = timed.filter((s) => s.event === 'progress');
    expect(marks.map((s) => s.payload?.mark)).toEqual([0.1, 0.25, 0.5, 0.75, 0.95, 1]);
    const seekAt = trace.facts.find((f) => f.fact === 'seeking')!.t;
    const at = (mark: number) => marks.find((s) => s.payload?.mark === mark)!.t;
    expect(at(0.1)).toBeLessThan(seekAt);
    expect(at(0.25)).toBe(at(0.5));
    expect(at(0.25)).toBeGreaterThanOrEqual(seekAt);
    expect(at(0.75)).toBeGreaterThan(at(0.5));
  });
});

describe('trace series-advance, replayed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the auto-advanced episodes each get their own marks: the first all six, the next from 0.1 again', async () => {
    const trace = traces.find((t) => t.name === 'series-advance')!;
    const { sent } = await replayed(trace);
    const marks = marksOf(sent);
    const episodes = [...new Set(marks.map((s) => s.payload?.episodeId))];
    expect(episodes.length).toBeGreaterThanOrEqual(2);
    const markList = (id: unknown) => marks.filter((s) => s.payload?.episodeId === id).map((s) => s.payload?.mark);
    expect(markList(episodes[0])).toEqual([0.1, 0.25, 0.5, 0.75, 0.95, 1]);
    expect(markList(episodes[1])[0]).toBe(0.1);
  });
});
