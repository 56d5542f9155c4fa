import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdListDto, ContentDto, EpisodeDto } from '../api/dto';
import { createScriptedEngine } from '../engine/scripted-engine';
import type { StartupData } from '../features/session';
import type { StartPlan } from '../features/progress';
import { startSnapshot } from '../test-support/start-snapshot';
import '../features/series';
import { createMemoryStorage, $storage } from '../platform/storage';
import { sendStatFx } from '../platform/stats';
import { firePixelFx } from '../platform/pixel';
import { loadVastFx } from '../platform/vast-loader';
import { parseConfig } from '../features/session/config';
import { planEarlyStart, planForViewer, playsAtOnce, earlyPreroll, waitsForViewer, type EarlyPlayInput } from './early-play';
import { linkedFeatures } from '../test-support/linked-features';

const episode = { id: 7, duration: 600 };

function input(search: string, rest: Partial<Omit<EarlyPlayInput, 'config'>> = {}, rootData: Record<string, string> = {}): EarlyPlayInput {
  const config = parseConfig({ search, pageUrl: `http://player.test/${search}`, rootData: { baseUrl: 'http://player.test', ...rootData } });
  return { config, episode, adList: null, storedProgress: null, muted: false, ...rest };
}

describe('the entry plays the start itself only when the model would play it at once', () => {
  it('autoplay on, no ads, nothing saved: plays, from t too', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1')))).toBe(true);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1&t=30')))).toBe(true);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { adList: { prerollList: [] } })))).toBe(true);
  });

  it("the page's shell plays a click itself only with no pre-roll and no prompt; the viewer's play makes the plan play, the prompt stays", () => {
    expect(waitsForViewer(planEarlyStart(input('?movie_id=1')))).toBe(true);
    expect(waitsForViewer(planEarlyStart(input('?movie_id=1&advert=1')))).toBe(false);
    expect(waitsForViewer(planEarlyStart(input('?movie_id=1', { storedProgress: { '7': 120 } })))).toBe(false);
    expect(waitsForViewer(planEarlyStart(input('?movie_id=1&auto_play=1')))).toBe(false);
    const preroll = planEarlyStart(input('?movie_id=1&advert=1'))!;
    expect(planForViewer(preroll, false)).toMatchObject({ play: 'sound', preroll: true });
    expect(planForViewer(preroll, true).play).toBe('muted');
    const prompt = planEarlyStart(input('?movie_id=1', { storedProgress: { '7': 120 } }))!;
    expect(planForViewer(prompt, false)).toBe(prompt);
  });

  it('autoplay off: waits for the viewer', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1')))).toBe(false);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=0')))).toBe(false);
  });

  it('a pre-roll is due (the ad list has one, or demo mode): the ad comes first', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { adList: { prerollList: [{ vastUrl: 'http://ads.test/vast.xml' }] } })))).toBe(false);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1&advert=1')))).toBe(false);
  });

  it("a pre-roll first, as the model plans it, and the document it asks for first: the first item's first link", () => {
    const list = (prerollList: AdListDto['prerollList']) => input('?movie_id=1', { adList: { prerollList } });
    expect(earlyPreroll(list([{ dataUrls: ['javascript:x', 'http://ads.test/1.xml', 'http://ads.test/2.xml'] }, { vastUrl: 'http://ads.test/3.xml' }]))).toEqual({ vastUrl: 'http://ads.test/1.xml' });
    expect(earlyPreroll(list([{ dataXml: '<VAST/>' }, { vastUrl: 'http://ads.test/3.xml' }]))).toEqual({ vastUrl: null });
    expect(earlyPreroll(list([{ vastUrl: 'javascript:alert(1)' }]))).toBeNull();
    expect(earlyPreroll(list([]))).toBeNull();
    expect(earlyPreroll(input('?movie_id=1', { adList: undefined }))).toBeNull();
    expect(earlyPreroll(input('?movie_id=1&advert=1'))?.vastUrl).toMatch(/^http/);
  });

  it('an ad list entry with no usable link plans no pre-roll, as in the model', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { adList: { prerollList: [{ vastUrl: 'javascript:alert(1)' }, { dataXml: '  ' }] } })))).toBe(true);
  });

  it('the ad list answer does not settle it yet: waits for the model', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { adList: undefined })))).toBe(false);
  });

  it('a saved position or episode_time offers the resume prompt: no play', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { storedProgress: { '7': 120 } })))).toBe(false);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1&episode_time=90')))).toBe(false);
  });

  it('a saved position of another episode, a finished one or a corrupt store does not hold it back', () => {
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { storedProgress: { '8': 120 } })))).toBe(true);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { storedProgress: { '7': 598 } })))).toBe(true);
    expect(playsAtOnce(planEarlyStart(input('?movie_id=1&auto_play=1', { storedProgress: 'garbage' })))).toBe(true);
  });

  it('the plan says how it plays: with sound, muted as the viewer left it, or on a click', () => {
    expect(planEarlyStart(input('?movie_id=1&auto_play=1'))?.play).toBe('sound');
    expect(planEarlyStart(input('?movie_id=1&auto_play=1', { muted: true }))?.play).toBe('muted');
    expect(planEarlyStart(input('?movie_id=1'))?.play).toBe('click');
    expect(planEarlyStart(input('?movie_id=1&auto_play=1', { storedProgress: { '7': 120 } }))).toMatchObject({ play: 'click', resumeAt: 120, startTime: 0 });
    expect(planEarlyStart(input('?movie_id=1&auto_play=1&advert=1'))).toMatchObject({ play: 'sound', preroll: true });
    expect(planEarlyStart(input('?movie_id=1&auto_play=1&t=30'))).toMatchObject({ episodeId: 7, startTime: 30, resumeAt: null, preroll: false });
  });

  it("a shared link's t: after the pre-roll when one is due, over a saved position; past the end or malformed, ignored", () => {
    expect(planEarlyStart(input('?movie_id=1&auto_play=1&t=95&advert=1', { storedProgress: { '7': 120 } }))).toMatchObject({ startTime: 95, resumeAt: null, preroll: true, play: 'sound' });
    expect(planEarlyStart(input('?movie_id=1&auto_play=1&t=600', { storedProgress: { '7': 120 } }))).toMatchObject({ startTime: 0, resumeAt: 120, play: 'click' });
    expect(planEarlyStart(input('?movie_id=1&auto_play=1&t=abc'))).toMatchObject({ startTime: 0, resumeAt: null, play: 'sound' });
  });
});

/**
 * Agreement with the models. The start is decided in one place (planStart, progress/start.ts). Over a table of inputs, the
 * plan the page's start makes before the app (early-play.ts) and what the models then do agree:
 * the models alone (a page whose start did not get that far) and the models adopting the page's
 * plan load the same second, offer the same resume prompt, hold for the same pre-roll and play at
 * once exactly when the plan says so.
 */

// The features' links, as the player makes them.
// No ad video is made here (test-support/ads-scope.ts): a pre-roll's break is prepared and holds
// the content, and no VAST is asked for.
const features = linkedFeatures();
const { engineAttached, $autoplay } = features.playback;
const { $resumePrompt } = features.progress;
const { $break } = features.ads;
const { appStarted, loadStartupFx, startAdopted } = features.session;

const READY = { levels: [], audioTracks: [], subtitleTracks: [] };
const film: EpisodeDto = {
  id: 7, title: 'Film', description: '', order: 1, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: '/hls/7/master.m3u8', season: { id: 1, order: 1 },
};
const content = { id: 101, title: 'Film', hasMultipleEpisodes: false } as ContentDto;
const PREROLL: AdListDto = { prerollList: [{ vastUrl: 'http://ads.test/vast.xml' }] };

interface Row {
  name: string;
  query: string;
  adList?: AdListDto | null;
  progress?: Record<string, number>;
  muted?: boolean;
}

const rows: Row[] = [
  { name: 'autoplay, nothing else', query: 'auto_play=1' },
  { name: 'autoplay from t', query: 'auto_play=1&t=30' },
  { name: 'autoplay, the viewer muted', query: 'auto_play=1', muted: true },
  { name: 'no autoplay', query: '' },
  { name: 'autoplay with a pre-roll from the ad list', query: 'auto_play=1', adList: PREROLL },
  { name: 'autoplay in demo mode', query: 'auto_play=1&advert=1' },
  { name: 'a click with a pre-roll', query: 'advert=1' },
  { name: 'autoplay, a saved position: the resume prompt', query: 'auto_play=1', progress: { 7: 120 } },
  { name: 'episode_time: the resume prompt', query: 'auto_play=1&episode_time=90' },
  { name: 't over a saved position', query: 'auto_play=1&t=15', progress: { 7: 120 } },
  { name: 'a finished position starts over', query: 'auto_play=1', progress: { 7: 598 } },
  // A shared link (issue 48): its t wins over a saved position, after the pre-roll when one is due.
  { name: 'a link with t, a saved position and a pre-roll: the ad, then t, no prompt', query: 'auto_play=1&t=95', progress: { 7: 120 }, adList: PREROLL },
  { name: 'a link whose t is past the end: ignored, the saved position prompts', query: 'auto_play=1&t=601', progress: { 7: 120 } },
  { name: 'a malformed t: ignored', query: 'auto_play=1&t=1m35s' },
];

/** What the models did with the start: where they loaded, what they offered, whether they played. */
async function modelsStart(row: Row, adopt: StartPlan | null) {
  const storage = createMemoryStorage({
    'player-muted': JSON.stringify(row.muted ?? false),
    ...(row.progress ? { episodesTimeProgress: JSON.stringify(row.progress) } : {}),
  });
  const startup: StartupData = { content, seasons: [{ id: 1, order: 1 }], episodes: [film], available: true, adList: row.adList ?? null };
  const scope = fork({
    values: [[$storage, storage]],
    handlers: [
      // Answered after the stored progress is read, as the network answers in the page.
      [loadStartupFx, async () => startup],
      [sendStatFx, () => true],
      [firePixelFx, () => undefined],
      // A pre-roll's VAST, were it asked for, would never answer: the break stays prepared and holds the content.
      [loadVastFx, () => new Promise(() => {})],
    ],
  });
  const engine = createScriptedEngine();
  const search = `?movie_id=101${row.query ? `&${row.query}` : ''}`;
  const config = parseConfig({ search, pageUrl: `http://player.test/${search}`, rootData: { baseUrl: 'http://player.test' } });
  if (adopt) await allSettled(startAdopted, { scope, params: startSnapshot({ config, plan: adopt }) });
  await allSettled(engineAttached, { scope, params: engine });
  await allSettled(appStarted, { scope, params: config });
  engine.emit('sourceReady', READY);
  await allSettled(scope);
  const load = engine.calls.find(({ command }) => command === 'load');
  return {
    startTime: (load?.args[1] as { startTime: number } | undefined)?.startTime,
    resumeAt: scope.getState($resumePrompt),
    preroll: scope.getState($break)?.kind === 'preroll',
    autoplay: scope.getState($autoplay),
    playedAtOnce: engine.calls.some(({ command }) => command === 'play'),
    config,
  };
}

describe("the page's start plan and the models' start agree", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it.each(rows)('$name', async (row) => {
    const alone = await modelsStart(row, null);
    const plan = planEarlyStart({
      config: alone.config,
      episode: film,
      adList: row.adList ?? null,
      storedProgress: row.progress ?? null,
      muted: row.muted ?? false,
    });
    expect(plan).not.toBeNull();
    const adopted = await modelsStart(row, plan);
    for (const models of [alone, adopted]) {
      expect(models.startTime).toBe(plan!.startTime);
      expect(models.resumeAt).toBe(plan!.resumeAt);
      expect(models.preroll).toBe(plan!.preroll);
      expect(models.autoplay).toBe(plan!.play !== 'click');
      expect(models.playedAtOnce).toBe(playsAtOnce(plan));
    }
  });
});
