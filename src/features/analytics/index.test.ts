import { allSettled, fork, scopeBind, type EventCallable } from 'effector';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { replayTrace, type EngineTrace, type TraceStat } from '../../engine/trace-replay';
import { parseAdList, type ContentDto, type EpisodeDto } from '../../api/dto';
import '../progress';
import { STORAGE_KEYS, VAST_LOAD_TIMEOUT_MS, VAST_WRAPPER_LIMIT } from '../../lib/constants';
import { resolveVast } from '../../vast';
import { canPlayType, fixtureFetcher, parseXml } from '../../vast/test-support';
import type { AdVideo } from '../../engine/ad-video';
import { firePixelFx } from '../../platform/pixel';
import { loadVastFx, type VastLoadRequest } from '../../platform/vast-loader';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { $storage, createMemoryStorage } from '../../platform/storage';
import { linkFeatures } from '../../app/link-features';
import { linkedEach } from '../../test-support/linked';

/** The ad <video> of the replay under way, which the ads model makes at its first break. */
let replayAdVideo: AdVideo | null = null;
// The features, built and linked as the player makes them, for each replay: the ads model keeps the
// ad video it made, and hears its facts in the scope that made it.
const features = linkedEach(() =>
  linkFeatures({
    createAdVideo: () => {
      if (!replayAdVideo) throw new Error('no ad video for this replay');
      return replayAdVideo;
    },
  }),
);

const TRACE_DIR = path.resolve(__dirname, '../../../fixtures/traces');
const traces = readdirSync(TRACE_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(TRACE_DIR, file), 'utf8')) as EngineTrace);

/**
 * The payload fields measured off the media: the live player reads the element every 100 ms, the
 * replay has one time fact per second of play (playback/pace-time.ts), so they agree within 1 s.
 */
const MEASURED = ['position', 'duration', 'currentTime', 'bufferedLength'];
const MEASURED_TOLERANCE_S = 1;

/**
 * A sent event as the comparison sees it: its name and its whole payload but the measured fields
 * (compared apart) and `networkType` (the scripted engine has no bandwidth estimate, so the replay
 * says 'unknown'). A null `imdbId` counts as absent: the recordings predate the field, and their
 * contents have no film-database id. No payload carries a clock reading or a random id (an ad's
 * `adId` is its link's creativeId), so nothing else needs normalising.
 */
function key(event: string, payload: Record<string, unknown> = {}): string {
  const kept = Object.entries(payload).filter(([field, value]) => !MEASURED.includes(field) && field !== 'networkType' && !(field === 'imdbId' && value === null));
  return `${event.replace(/^videoplayer_/, '')} ${JSON.stringify(Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b))))}`;
}

/** Each measured field of the recorded stat that the replayed one misses by more than the tolerance. */
function measuredMisses(sent: StatEvent, live: TraceStat): string[] {
  return MEASURED.filter((field) => field in live.payload).flatMap((field) => {
    const [got, want] = [sent.payload?.[field], live.payload[field]];
    const close = typeof got === 'number' && typeof want === 'number' ? Math.abs(got - want) <= MEASURED_TOLERANCE_S : got === want;
    return close ? [] : [`${live.event}.${field}: ${String(got)}, recorded ${String(want)}`];
  });
}

/** The ad's <video> of a replay: its commands do nothing, and the trace's `ad.*` facts reach its listeners. */
function scriptedAdVideo() {
  const listeners = new Map<string, Array<(value: unknown) => void>>();
  const video: AdVideo = {
    mount: () => () => undefined,
    load: () => undefined,
    play: async () => 'sound',
    pause: () => undefined,
    setVolume: () => undefined,
    setMuted: () => undefined,
    unload: () => undefined,
    canPlayType,
    on: (fact, listener) => {
      listeners.set(fact, [...(listeners.get(fact) ?? []), listener as (value: unknown) => void]);
      return () => undefined;
    },
  };
  const emit = async (fact: string, payload: unknown) => listeners.get(fact)?.forEach((listener) => listener(payload));
  return { video, emit };
}

/** The VAST of a link, read from fixtures/vast as the harness serves it. */
const fixtureVast = ({ source, canPlayType: playable }: VastLoadRequest) =>
  resolveVast(source, { parseXml, canPlayType: playable, fetchText: fixtureFetcher(), timeoutMs: VAST_LOAD_TIMEOUT_MS, wrapperLimit: VAST_WRAPPER_LIMIT });

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
  const ad = scriptedAdVideo();
  replayAdVideo = ad.video;
  const { $content, episodeChosen } = features().session;
  const scope = fork({
    values: [
      [$storage, storage],
      [$content, content(trace.item.contentId!)],
    ],
    handlers: [
      [sendStatFx, (stat: StatEvent) => (sent.push({ ...stat, t: now }), true)],
      [loadVastFx, fixtureVast],
      [firePixelFx, () => undefined],
    ],
  });
  const engine = createScriptedEngine();
  // When the content was asked to play, on the trace's clock.
  const playsAt: number[] = [];
  const play = engine.play.bind(engine);
  engine.play = (options) => (playsAt.push(now), play(options));
  await allSettled(features().playback.engineAttached, { scope, params: engine });
  if (trace.ads) {
    const settings = { adList: parseAdList(trace.ads.list), adListUrl: trace.ads.listUrl, advert: false, baseUrl: new URL(trace.ads.listUrl).origin };
    await allSettled(features().ads.adsConfigured, { scope, params: settings });
  }
  // allSettled would wait for the pending save throttle, which only the fake clock ends.
  const bound = <T,>(unit: EventCallable<T>) => scopeBind(unit, { scope });
  await replayTrace(
    trace,
    engine,
    async (ms) => {
      await vi.advanceTimersByTimeAsync(ms);
      now += ms;
    },
    {
      episodeChanged: async (item) => bound(episodeChosen)(episode(item.episodeId!)),
      playClicked: async () => bound(features().playback.playClicked)(),
      adFact: ad.emit,
    },
  );
  return { sent: sent.map(({ t: _, ...stat }) => stat as StatEvent), timed: sent, storage, scope, playsAt };
}

const marksOf = (sent: StatEvent[]) => sent.filter((s) => s.event === 'progress');

describe('trace replay: the models send and save what the live player did', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the recorded traces', () => {
    expect(traces.map((trace) => trace.name).sort()).toEqual(expect.arrayContaining(['film-preroll', 'film-seek', 'segment-404', 'series-advance']));
  });

  for (const trace of traces) {
    it(`${trace.name} (${trace.query})`, async () => {
      const { sent, storage, scope } = await replayed(trace);

      // The traces were recorded before the QoE statistics existed: those are checked apart.
      const recorded = sent.filter((s) => !s.event.startsWith('qoe_'));
      expect(recorded.map((s) => key(s.event, s.payload))).toEqual(trace.stats.map((s) => key(s.event, s.payload)));
      expect(recorded.flatMap((stat, i) => measuredMisses(stat, trace.stats[i]!))).toEqual([]);
      // One summary per episode played to its end, sent at that end, with its own episode.
      const ended = trace.stats.filter((s) => s.event === 'videoplayer_progress' && s.payload.mark === 1).map((s) => s.payload.episodeId);
      const summaries = sent.filter((s) => s.event === 'qoe_summary');
      expect(summaries.map((s) => s.payload?.episodeId)).toEqual(ended);
      for (const { payload } of summaries) expect(payload).toMatchObject({ exitedBeforeStart: false, watchedMs: expect.any(Number) });
      // Ad events carry the ad's fields, not the content's.
      for (const stat of sent.filter((s) => !s.event.startsWith('ad_'))) expect(stat.payload?.contentId).toBe(trace.item.contentId);
      const fatal = trace.facts.some((f) => f.fact === 'error' && (f.payload as { fatal?: boolean }).fatal);
      expect(scope.getState(features().playback.$streamError) !== null).toBe(fatal);
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

describe('trace film-preroll, replayed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the click plays the pre-roll first: the content is asked to play once, when the ad has ended', async () => {
    const trace = traces.find((t) => t.name === 'film-preroll')!;
    const { timed, playsAt } = await replayed(trace);
    const endedAt = timed.find((s) => s.event === 'ad_ended')!.t;
    expect(playsAt).toEqual([endedAt]);
    expect(timed.find((s) => s.event === 'progress')!.t).toBeGreaterThan(endedAt);
  });
});
