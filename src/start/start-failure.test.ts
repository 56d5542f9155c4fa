/**
 * A start that fails shows the stream error, whenever it fails (issue 47): a stream whose key,
 * master or first segment fails before the app's turn, while the app is evaluated and adopts the
 * page's start, or after the model connected. The page's start is played as it leaves the engine
 * (the scripted one: the source preloaded, the start's facts); the app as createPlayer starts it.
 * A failing stream fails again on every load, as a refused key or a broken master does.
 */
import { allSettled, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDto, EpisodeDto } from '../api/dto';
import { createScriptedEngine, type ScriptedEngine } from '../engine/scripted-engine';
import type { EngineError } from '../engine/types';
import { SOURCE_ERRORS_KEPT } from '../engine/source-state';
import type { StartupData } from '../features/session';
import { startSnapshot } from '../test-support/start-snapshot';
import { parseConfig } from '../features/session/config';
import { reportStreamErrorFx } from '../features/analytics';
import { createMemoryStorage, $storage } from '../platform/storage';
import { sendStatFx } from '../platform/stats';
import { firePixelFx } from '../platform/pixel';
import { loadVastFx } from '../platform/vast-loader';
import { planEarlyStart } from './early-play';
import { decideStart } from '../features/progress/start';
import { linkedFeatures } from '../test-support/linked-features';

const features = linkedFeatures();
const { $phase, appStarted, loadStartupFx, startAdopted } = features.session;
const { $streamError, engineAttached } = features.playback;

const film: EpisodeDto = {
  id: 7, title: 'Film', description: '', order: 1, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: '/hls/7/master.m3u8', season: { id: 1, order: 1 },
};
const content = { id: 101, title: 'Film', hasMultipleEpisodes: false } as ContentDto;
const URL = 'http://player.test/hls/7/master.m3u8';

const FAILURES: Record<string, EngineError> = {
  key: { kind: 'network', detail: 'keyLoadError', fatal: true, message: 'key refused', responseCode: 0 },
  master: { kind: 'network', detail: 'manifestLoadError', fatal: true, message: '500', responseCode: 500 },
  segment: { kind: 'network', detail: 'fragLoadError', fatal: true, message: '404', responseCode: 404 },
};

/** When the stream fails, in the order a start goes. */
type Moment =
  | 'before the app'
  | 'before the app, the other streams erring on'
  | 'once the app took the start'
  | 'once the engine is attached'
  | { afterAnswers: number }
  | 'after the model connected';

interface Start {
  query: string;
  /** How far the page's start got before the app: the source only, or its plan too. */
  planned: boolean;
}

/** A stream that fails at its start: on every load, once `armed`, its error comes `ticks` microtasks later. */
function failingEngine(error: EngineError) {
  const engine = createScriptedEngine();
  let armed = false;
  const fail = () => engine.emit('error', error);
  const load = engine.load.bind(engine);
  engine.load = (url, options) => {
    load(url, options);
    if (armed) queueMicrotask(fail);
  };
  return {
    engine,
    fail() {
      armed = true;
      fail();
    },
  };
}

async function microtasks(count: number) {
  for (let i = 0; i < count; i++) await Promise.resolve();
}

/** The page's start and then the app's, with the stream failing at `moment`; the scope when all settled. */
async function startFailing(start: Start, failure: EngineError, moment: Moment): Promise<{ scope: Scope; engine: ScriptedEngine }> {
  const search = `?movie_id=101&${start.query}`;
  const config = parseConfig({ search, pageUrl: `http://player.test/${search}`, rootData: { baseUrl: 'http://player.test' } });
  const { engine, fail } = failingEngine(failure);
  let answer!: (data: StartupData) => void;
  const answers = new Promise<StartupData>((resolve) => (answer = resolve));
  const scope = fork({
    values: [[$storage, createMemoryStorage()]],
    handlers: [
      [loadStartupFx, () => answers],
      [sendStatFx, () => true],
      [firePixelFx, () => undefined],
      [loadVastFx, () => new Promise(() => {})],
      [reportStreamErrorFx, () => undefined],
    ],
  });

  // The page's start: the source preloaded, the plan made when the answers got that far.
  const { startTime } = decideStart({ choice: 'start', episodeId: film.id, duration: film.duration, startTime: config.startTime, episodeTime: config.episodeTime, saved: {} });
  const source = { episodeId: film.id, url: URL, startTime };
  engine.preload(source.url, { startTime: source.startTime });
  const plan = start.planned ? planEarlyStart({ config, episode: film, adList: null, storedProgress: null, muted: false }) : null;
  if (moment === 'before the app' || moment === 'before the app, the other streams erring on') fail();
  // The audio and subtitle streams go on failing, recovered: more errors than a source keeps.
  if (moment === 'before the app, the other streams erring on') {
    for (let i = 0; i <= SOURCE_ERRORS_KEPT; i++) engine.emit('error', { kind: 'network', detail: 'fragLoadError', fatal: false, message: 'subtitles 404' });
  }

  // The app (create-player.tsx): the start adopted, the engine attached, the start-up answers.
  void allSettled(startAdopted, { scope, params: startSnapshot({ config, plan, source, episodeId: film.id }) });
  void allSettled(appStarted, { scope, params: config });
  if (moment === 'once the app took the start') fail();
  await Promise.resolve();
  void allSettled(engineAttached, { scope, params: engine });
  if (moment === 'once the engine is attached') fail();
  await vi.advanceTimersByTimeAsync(5);
  answer({ content, seasons: [{ id: 1, order: 1 }], episodes: [film], available: true, adList: null });
  if (typeof moment === 'object') {
    await microtasks(moment.afterAnswers);
    fail();
  }
  await vi.advanceTimersByTimeAsync(50);
  if (moment === 'after the model connected') fail();
  await vi.advanceTimersByTimeAsync(50);
  return { scope, engine };
}

const MOMENTS: Moment[] = [
  'before the app',
  'before the app, the other streams erring on',
  'once the app took the start',
  'once the engine is attached',
  ...Array.from({ length: 16 }, (_, ticks) => ({ afterAnswers: ticks })),
  'after the model connected',
];

const STARTS: Array<[string, Start]> = [
  ['autoplay, planned by the page', { query: 'auto_play=1', planned: true }],
  ['no autoplay, planned by the page', { query: '', planned: true }],
  ['autoplay, no plan before the app', { query: 'auto_play=1', planned: false }],
  ["a link's t, planned by the page", { query: 'auto_play=1&t=30', planned: true }],
  ["a link's t past the end: the page and the model start at 0 alike", { query: 'auto_play=1&t=900', planned: true }],
];

describe('a start that fails shows the stream error, whenever it fails', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  for (const [failed, error] of Object.entries(FAILURES)) {
    it.each(STARTS)(`the ${failed} fails: %s`, async (_, start) => {
      const shown: string[] = [];
      for (const moment of MOMENTS) {
        const { scope } = await startFailing(start, error, moment);
        const streamError = scope.getState($streamError);
        shown.push(`${JSON.stringify(moment)}: ${scope.getState($phase)} ${streamError?.detail ?? 'nothing'}`);
      }
      expect(shown).toEqual(MOMENTS.map((moment) => `${JSON.stringify(moment)}: ready ${error.detail}`));
    });
  }
});
