/**
 * The source the page's start loaded, as the models take it: they connect to the engine (read
 * where the source stands into their stores, then listen) instead of loading it again. The engine
 * is scripted; the features are linked as the player links them.
 */
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine, type ScriptedEngine } from '../engine/scripted-engine';
import type { EngineLevel } from '../engine/types';
import { reportStreamErrorFx } from '../features/analytics';
import { linked } from '../test-support/linked';
import { $storage, createMemoryStorage } from '../platform/storage';
import { sendStatFx } from '../platform/stats';
import { fire, playbackScope } from '../test-support/playback-scope';
import { sourceFailure } from './early-media';
import { startSnapshot } from '../test-support/start-snapshot';
import { linkedFeatures } from '../test-support/linked-features';

const features = linkedFeatures();
const { $currentTime, $duration, $muted, $status, $streamError, $volume, autoplaySet, engineAttached, pageSourceKept, retryClicked, sourceRequested } = features.playback;
const {  } = playbackScope(features.playback);
const { startAdopted } = features.session;
const { $audioTrack, $levels, $playingLevel, $subtitleTrack } = features.tracks;
const { $chaptersTrackUrl } = features.chapters;
const { $thumbnailTrackUrl } = features.previews;

const URL = 'https://cdn.test/film/master.m3u8';
const EARLY = { episodeId: 7, url: URL, startTime: 0 };
const level = (index: number, height: number): EngineLevel => ({
  index, bitrate: height * 2000, codecs: 'avc1', width: height * 2, height, details: null, pathwayId: '.', hdcpLevel: null,
});
const TRACKS = [
  { id: 0, name: 'Русский', lang: 'ru', isDefault: true },
  { id: 1, name: 'English', lang: 'en', isDefault: false },
];
const READY = { levels: [level(0, 360), level(1, 720)], audioTracks: TRACKS, subtitleTracks: TRACKS };

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** The engine as the page's start leaves it: the source loaded early, playing 12 s in. */
function earlyEngine(): ScriptedEngine {
  const engine = createScriptedEngine();
  engine.preload(URL, { startTime: 0 });
  engine.emit('thumbnailTrackFound', { url: 'https://cdn.test/film/thumbnails.vtt' });
  engine.emit('chaptersTrackFound', { url: 'https://cdn.test/film/chapters.vtt' });
  engine.emit('sourceReady', READY);
  engine.emit('levelSwitched', { level: 1, auto: true });
  engine.emit('audioTrackSwitched', { id: 1 });
  engine.emit('subtitleTrackSwitched', { id: 1 });
  engine.emit('volumeChanged', { volume: 0.5, muted: true });
  engine.emit('durationChanged', { duration: 600 });
  engine.emit('playing');
  engine.emit('timeUpdated', { currentTime: 12, duration: 600, bufferedAhead: 8 });
  engine.calls.length = 0;
  return engine;
}

/** A player that adopts the early source, with the engine attached; `reported` collects the stream errors sent to error reporting. */
async function player(engine: ScriptedEngine) {
  const reported: string[] = [];
  const sent: string[] = [];
  const scope = fork({
    values: [[$storage, createMemoryStorage()]],
    handlers: [
      [sendStatFx, (stat: unknown) => (sent.push(JSON.stringify(stat)), true)],
      [reportStreamErrorFx, ({ tags }: { tags: { details: string } }) => void reported.push(tags.details)],
    ],
  });
  await allSettled(startAdopted, { scope, params: startSnapshot({ source: EARLY, episodeId: EARLY.episodeId }) });
  await fire(scope, engineAttached, engine, 10);
  return { scope, reported, sent };
}

const commands = (engine: ScriptedEngine) => engine.calls.map(({ command }) => command);

describe('the model connects to the source the page loaded early', () => {
  it('reads where it stands into every feature instead of loading it, then hears what comes after', async () => {
    const engine = earlyEngine();
    const { scope } = await player(engine);
    await fire(scope, pageSourceKept, EARLY, 10);
    expect(commands(engine)).not.toContain('load');
    expect(scope.getState($status)).toBe('playing');
    expect(scope.getState($currentTime)).toBe(12);
    expect(scope.getState($duration)).toBe(600);
    expect([scope.getState($volume), scope.getState($muted)]).toEqual([0.5, true]);
    expect(scope.getState($levels).map(({ height }) => height)).toEqual([360, 720]);
    expect(scope.getState($playingLevel)).toBe(1);
    expect(scope.getState($audioTrack)).toBe(1);
    expect(scope.getState($subtitleTrack)).toBe(1);
    expect(scope.getState($thumbnailTrackUrl)).toBe('https://cdn.test/film/thumbnails.vtt');
    expect(scope.getState($chaptersTrackUrl)).toBe('https://cdn.test/film/chapters.vtt');

    engine.emit('paused');
    expect(scope.getState($status)).toBe('paused');
  });

  it('hears nothing of it before it takes it: what happened meanwhile is in the state, told once (errors recovered from too)', async () => {
    const engine = earlyEngine();
    const { scope, reported, sent } = await player(engine);
    engine.emit('paused');
    engine.emit('error', { kind: 'network', detail: 'levelLoadError', fatal: false, message: '404' });
    engine.emit('error', { kind: 'network', detail: 'fragLoadError', fatal: true, message: '404' });
    await vi.advanceTimersByTimeAsync(10);
    expect(scope.getState($status)).toBe('notStarted');
    expect(scope.getState($streamError)).toBeNull();

    await fire(scope, pageSourceKept, EARLY, 10);
    expect(scope.getState($status)).toBe('paused');
    expect(scope.getState($streamError)).toMatchObject({ detail: 'fragLoadError', fatal: true });
    expect(reported).toEqual(['fragLoadError']);
    expect(sent.filter((stat) => stat.includes('levelLoadError'))).toHaveLength(1);
  });

  it('autoplay asks to play at the ready source it connects to, as at any ready source', async () => {
    const engine = createScriptedEngine();
    engine.preload(URL, { startTime: 0 });
    engine.emit('sourceReady', READY);
    const { scope } = await player(engine);
    await allSettled(autoplaySet, { scope, params: true });
    await fire(scope, pageSourceKept, EARLY, 10);
    expect(commands(engine).filter((command) => command === 'load' || command === 'play')).toEqual(['play']);
  });

  it("a stall that began before it listened is one rebuffer in the QoE summary, as long as the page's, after the frame the page showed", async () => {
    const engine = createScriptedEngine();
    engine.preload(URL, { startTime: 0 });
    engine.emit('sourceReady', READY);
    await vi.advanceTimersByTimeAsync(1000 - performance.now());
    engine.emit('playing');
    await vi.advanceTimersByTimeAsync(2000);
    engine.emit('waiting');
    const { scope, sent } = await player(engine);
    await fire(scope, pageSourceKept, EARLY, 10);
    await vi.advanceTimersByTimeAsync(4500 - performance.now());
    engine.emit('playing');
    await vi.advanceTimersByTimeAsync(1500);
    engine.emit('ended');
    await vi.advanceTimersByTimeAsync(0);
    const summaries = sent.map((stat) => JSON.parse(stat) as { event: string; payload: Record<string, unknown> }).filter(({ event }) => event === 'qoe_summary');
    // Played 1–3 s and 4.5–6 s; stalled 3–4.5 s, mostly before the model listened.
    expect(summaries.map(({ payload }) => payload)).toEqual([expect.objectContaining({ rebufferCount: 1, rebufferMs: 1500, watchedMs: 3500 })]);
  });

  it.each([
    ['another start', 30],
    ['the same address and start, not kept (another episode chose it)', 0],
  ])('%s is another stream: loaded, and listened to from then on; a retry loads again', async (_, startTime) => {
    const engine = earlyEngine();
    const { scope } = await player(engine);
    await fire(scope, sourceRequested, { url: URL, startTime }, 10);
    expect(engine.calls.filter(({ command }) => command === 'load')).toEqual([{ command: 'load', args: [URL, { startTime }] }]);
    expect(scope.getState($status)).toBe('notStarted');
    engine.emit('playing');
    expect(scope.getState($status)).toBe('playing');

    engine.emit('error', { kind: 'media', detail: 'bufferAppendError', fatal: true, message: 'append' });
    await fire(scope, retryClicked, undefined, 10);
    expect(commands(engine).filter((command) => command === 'load')).toHaveLength(2);
  });
});

describe("the page's start hears its source fail", () => {
  it('at a fatal error, not at one the stream recovers from', async () => {
    const engine = createScriptedEngine();
    engine.preload(URL);
    let failed = false;
    void sourceFailure(engine).then(() => (failed = true));
    engine.emit('error', { kind: 'network', detail: 'levelLoadError', fatal: false, message: 'retry' });
    await Promise.resolve();
    expect(failed).toBe(false);
    engine.emit('error', { kind: 'network', detail: 'manifestLoadError', fatal: true, message: '404' });
    await Promise.resolve();
    expect(failed).toBe(true);
    expect(engine.listenerCount).toBe(0);
  });

  it('at once when the state already has it', async () => {
    const engine = createScriptedEngine();
    engine.preload(URL);
    engine.emit('error', { kind: 'network', detail: 'manifestLoadError', fatal: true, message: '404' });
    await expect(sourceFailure(engine)).resolves.toBeUndefined();
  });
});
