import { allSettled, fork, scopeBind, type EventCallable, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdStatus } from '../ads';
import type { ParsedAd } from '../../vast';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import type { EngineFactName, EngineFacts, EngineLevel } from '../../engine/types';
import { VastErrorCode } from '../../vast';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import type { AnalyticsItem } from './index';
import { linked } from '../../test-support/linked';
import { linkedFeatures } from '../../test-support/linked-features';

// The features, built and linked as the player makes them.
const features = linkedFeatures();
const { autoplaySet, engineAttached, playClicked, seekRequested, sourceRequested } = features.playback;
const { itemChanged, qoePageLeft } = features.analytics;
const { $adStatus, $breakPhase, $currentAd, adFailed } = features.ads;

const EPISODE_1: AnalyticsItem = { contentId: 102, episodeId: 1, imdbId: null };
const EPISODE_2: AnalyticsItem = { contentId: 102, episodeId: 2, imdbId: null };

const level = (index: number, bitrate: number): EngineLevel => ({
  index, bitrate, codecs: 'avc1', width: 1280, height: 720, details: null, pathwayId: '.', hdcpLevel: null,
});

/**
 * A player on the scripted engine, under fake timers (the page's clock with them): `at(ms)` moves
 * the clock to that time since the page opened, `fire` and `emit` act without waiting for the
 * scope to settle (a playing content keeps its analytics timers running).
 */
async function setup() {
  const sent: StatEvent[] = [];
  const scope = fork({ handlers: [[sendStatFx, (stat: StatEvent) => (sent.push(stat), true)]] });
  const engine = createScriptedEngine();
  await allSettled(engineAttached, { scope, params: engine });
  const at = (ms: number) => vi.advanceTimersByTimeAsync(ms - performance.now());
  async function fire<T>(unit: EventCallable<T>, ...params: T extends void ? [] : [T]) {
    (scopeBind(unit, { scope }) as (...args: unknown[]) => void)(...params);
    await vi.advanceTimersByTimeAsync(0);
  }
  async function emit<K extends EngineFactName>(name: K, ...payload: EngineFacts[K] extends void ? [] : [EngineFacts[K]]) {
    engine.emit(name, ...payload);
    await vi.advanceTimersByTimeAsync(0);
  }
  const qoe = (event: 'qoe_startup' | 'qoe_summary') => sent.filter((stat) => stat.event === event).map((stat) => stat.payload);
  return { scope, engine, sent, at, fire, emit, qoe };
}

async function startSource(scope: Scope, engine: ScriptedEngine, emit: Awaited<ReturnType<typeof setup>>['emit'], url: string) {
  await allSettled(sourceRequested, { scope, params: { url, startTime: 0 } });
  await emit('sourceReady', { levels: [level(0, 1_000_000), level(1, 3_000_000)], audioTracks: [], subtitleTracks: [] });
  void engine;
}

describe('QoE statistics sent to rstat4', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a click, a 2 s stall, the end: qoe_startup, then one qoe_summary for the playback (not again at pagehide)', async () => {
    const { scope, engine, at, fire, emit, qoe } = await setup();
    await allSettled(itemChanged, { scope, params: EPISODE_1 });
    await startSource(scope, engine, emit, 'https://cdn/1/master.m3u8');
    await at(5000);
    await fire(playClicked);
    await emit('levelSwitched', { level: 0, auto: true });
    await at(5600);
    await emit('playing');
    expect(qoe('qoe_startup')).toEqual([expect.objectContaining({ contentId: 102, episodeId: 1, startupMs: 600, adMs: 0 })]);

    await at(9600);
    await emit('levelSwitched', { level: 1, auto: true });
    await at(15_600);
    await emit('waiting');
    await at(17_600);
    await emit('playing');
    await at(21_600);
    await emit('ended');
    expect(qoe('qoe_summary')).toEqual([
      expect.objectContaining({
        contentId: 102,
        episodeId: 1,
        watchedMs: 14_000,
        rebufferCount: 1,
        rebufferMs: 2000,
        rebufferRatio: 0.125,
        startupMs: 600,
        exitedBeforeStart: false,
        adStartFailures: 0,
        // 4 s at 1 Mb/s, 10 s at 3 Mb/s.
        averageBitrate: 2_428_571,
        qualitySwitches: 1,
      }),
    ]);
    await fire(qoePageLeft);
    expect(qoe('qoe_summary')).toHaveLength(1);
  });

  it("autoplay on the page's first source counts from the page's opening; a frame the entry showed earlier counts from then", async () => {
    const { scope, engine, at, emit, qoe } = await setup();
    await allSettled(itemChanged, { scope, params: EPISODE_1 });
    await allSettled(autoplaySet, { scope, params: true });
    await at(1800);
    await startSource(scope, engine, emit, 'https://cdn/1/master.m3u8');
    // The entry started it before the model existed: it has played 0.5 s of its buffered range.
    engine.time = { currentTime: 0.5, duration: 30, bufferedAhead: 6, bufferedRanges: [[0, 6.5]] };
    await emit('playing');
    expect(qoe('qoe_startup')).toEqual([expect.objectContaining({ startupMs: 1300, adMs: 0 })]);
  });

  it('a seek that waits is no rebuffer; a pre-roll and a failed ad are counted apart', async () => {
    const { scope, engine, at, fire, emit, qoe } = await setup();
    await allSettled(itemChanged, { scope, params: EPISODE_1 });
    await startSource(scope, engine, emit, 'https://cdn/1/master.m3u8');
    await at(1000);
    await fire(playClicked);
    await allSettled($breakPhase, { scope, params: 'running' });
    await at(1200);
    await fire(adFailed, { code: VastErrorCode.MediaFileTimeout, errorUrls: [], detail: null });
    await at(11_000);
    await allSettled($breakPhase, { scope, params: 'idle' });
    await at(11_500);
    await emit('playing');
    expect(qoe('qoe_startup')).toEqual([expect.objectContaining({ startupMs: 500, adMs: 10_000 })]);

    await at(13_500);
    await fire(seekRequested, 20);
    await emit('seeking', { currentTime: 20 });
    await emit('waiting');
    await at(16_500);
    await emit('seeked', { currentTime: 20 });
    await emit('playing');
    await at(18_500);
    await fire(qoePageLeft);
    expect(qoe('qoe_summary')).toEqual([
      expect.objectContaining({ watchedMs: 4000, rebufferCount: 0, rebufferMs: 0, rebufferRatio: 0, startupMs: 500, adStartFailures: 1 }),
    ]);
  });

  it('an episode change closes the playback with its own episode; the next one counts afresh', async () => {
    const { scope, engine, at, fire, emit, qoe } = await setup();
    await allSettled(itemChanged, { scope, params: EPISODE_1 });
    await startSource(scope, engine, emit, 'https://cdn/1/master.m3u8');
    await at(1000);
    await fire(playClicked);
    await at(1400);
    await emit('playing');
    await at(3400);
    await emit('waiting');
    await at(4400);
    await fire(itemChanged, EPISODE_2);
    expect(qoe('qoe_summary')).toEqual([expect.objectContaining({ episodeId: 1, watchedMs: 2000, rebufferCount: 1, rebufferMs: 1000, startupMs: 400 })]);

    await startSource(scope, engine, emit, 'https://cdn/2/master.m3u8');
    await at(6000);
    await fire(playClicked);
    await at(6900);
    await emit('playing');
    await at(8900);
    await fire(qoePageLeft);
    expect(qoe('qoe_startup').map((payload) => [payload?.episodeId, payload?.startupMs])).toEqual([[1, 400], [2, 900]]);
    expect(qoe('qoe_summary')[1]).toMatchObject({ episodeId: 2, watchedMs: 2000, rebufferCount: 0, startupMs: 900, exitedBeforeStart: false });
  });

  it('leaving before the first frame: exitedBeforeStart, no startupMs, no qoe_startup; nothing asked, nothing sent', async () => {
    const { scope, engine, at, fire, emit, qoe } = await setup();
    await allSettled(itemChanged, { scope, params: EPISODE_1 });
    await startSource(scope, engine, emit, 'https://cdn/1/master.m3u8');
    await at(1000);
    await fire(playClicked);
    await emit('waiting');
    await at(9000);
    await fire(itemChanged, EPISODE_2);
    expect(qoe('qoe_summary')).toEqual([expect.objectContaining({ episodeId: 1, exitedBeforeStart: true, startupMs: null, watchedMs: 0 })]);
    expect(qoe('qoe_startup')).toEqual([]);
    // Episode 2 was never asked to play.
    await fire(qoePageLeft);
    expect(qoe('qoe_summary')).toHaveLength(1);
  });

  it('an ad failing before its first frame is a start failure; one failing while it plays is not', async () => {
    const { scope, at, fire, qoe } = await setup();
    await allSettled(itemChanged, { scope, params: EPISODE_1 });
    await fire(playClicked);
    const ad = { id: 'a', errors: [], mediaFile: { url: 'https://ads/a.mp4' } } as unknown as ParsedAd;
    const failure = { code: VastErrorCode.MediaFileDelivery, errorUrls: [], detail: null };
    for (const status of [AdStatus.Loaded, AdStatus.Playing, AdStatus.Created]) {
      await allSettled($currentAd, { scope, params: ad });
      await allSettled($adStatus, { scope, params: status });
      await fire(adFailed, failure);
      // The failure ends the ad: the status read is the one it failed in.
      expect(scope.getState($adStatus)).toBe(null);
    }
    await at(1000);
    await fire(qoePageLeft);
    expect(qoe('qoe_summary')).toEqual([expect.objectContaining({ adStartFailures: 2, exitedBeforeStart: true })]);
  });
});
