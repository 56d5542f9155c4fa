/** Autoplay under the browsers' real policies: autoplay.ts over the rule in src/lib/autoplay.ts (issue 38). */
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import { createMemoryStorage, $storage } from '../../platform/storage';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { STORAGE_KEYS } from '../../lib/constants';
import { autoplaySet, engineAttached, playClicked, playHeld, playReleased, sourceRequested } from './events';
import { $status } from './status';
import { $bigPlayShown, $spinnerShown } from './start-state';
import { $muted } from './volume';
import { $autoplayResult, $unmuteOffered, adMediaPlayed, unmuteClicked } from './autoplay';
import { startAdopted } from '../session';
import { startSnapshot } from '../../test-support/start-snapshot';
import { linkPageStart } from '../../app/links/playback';
import { linked } from '../../test-support/linked';

// Playback adopts the page's start through its link, as the player makes it.
linked(linkPageStart);

const READY = { levels: [], audioTracks: [], subtitleTracks: [] };
const SOURCE = { url: 'http://x/master.m3u8', startTime: 0 };
const commands = (engine: ScriptedEngine) => engine.calls.map(({ command, args }) => (command === 'setMuted' ? `setMuted(${String(args[0])})` : command));

/** A scripted engine whose mute writes come back as the media's volumechange, as a browser's do. */
function mediaEngine() {
  const engine = createScriptedEngine();
  const setMuted = engine.setMuted.bind(engine);
  engine.setMuted = (muted) => {
    setMuted(muted);
    queueMicrotask(() => engine.emit('volumeChanged', { volume: 1, muted }));
  };
  return engine;
}

async function player({ autoplay = true, policy = { sound: true, muted: true }, stored = {} as Record<string, string> } = {}) {
  const stats: StatEvent[] = [];
  const storage = createMemoryStorage(stored);
  const scope = fork({ values: [[$storage, storage]], handlers: [[sendStatFx, (stat: StatEvent) => void stats.push(stat)]] });
  const engine = mediaEngine();
  engine.policy = policy;
  await allSettled(autoplaySet, { scope, params: autoplay });
  return {
    scope,
    engine,
    storage,
    autoplayStats: () => stats.filter(({ event }) => event === 'autoplay').map(({ payload }) => payload),
    attach: () => allSettled(engineAttached, { scope, params: engine }),
    load: () => allSettled(sourceRequested, { scope, params: SOURCE }),
    ready: async () => {
      engine.emit('sourceReady', READY);
      await allSettled(scope);
    },
  };
}

describe('autoplay, with sound where the browser allows it, else muted', () => {
  it('sound allowed: plays with it, tells rstat4 { result: "sound" }, offers nothing', async () => {
    const { scope, engine, attach, load, ready, autoplayStats } = await player();
    await attach();
    await load();
    await ready();
    expect(commands(engine)).toEqual(['setVolume', 'setMuted(false)', 'load', 'play']);
    expect(autoplayStats()).toEqual([{ result: 'sound' }]);
    expect(scope.getState($unmuteOffered)).toBe(false);
  });

  it('sound refused (NotAllowedError): plays muted at once, offers "Включить звук", never stores the mute', async () => {
    const { scope, engine, storage, attach, load, ready, autoplayStats } = await player({ policy: { sound: false, muted: true }, stored: { [STORAGE_KEYS.muted]: 'false' } });
    await attach();
    await load();
    await ready();
    expect(commands(engine).slice(-3)).toEqual(['play', 'setMuted(true)', 'play']);
    expect(autoplayStats()).toEqual([{ result: 'muted' }]);
    expect(scope.getState($unmuteOffered)).toBe(true);
    expect(scope.getState($muted)).toBe(true);
    expect(storage.read(STORAGE_KEYS.muted)).toBe(false);
    expect(scope.getState($autoplayResult)).toBe('muted');
  });

  it('"Включить звук": one click unlocks the element in the gesture, unmutes, and the choice is stored', async () => {
    const { scope, engine, storage, attach, load, ready } = await player({ policy: { sound: false, muted: true } });
    await attach();
    await load();
    await ready();
    engine.calls.length = 0;
    await allSettled(unmuteClicked, { scope });
    expect(commands(engine)).toEqual(['unlock', 'setMuted(false)']);
    expect(scope.getState($unmuteOffered)).toBe(false);
    expect(storage.read(STORAGE_KEYS.muted)).toBe(false);
  });

  it('muted refused too (iOS Low Power Mode): the big play button and the poster, never a spinner; the mute is taken back', async () => {
    const { scope, engine, attach, load, ready, autoplayStats } = await player({ policy: { sound: false, muted: false } });
    await attach();
    await load();
    await ready();
    expect(commands(engine).slice(-4)).toEqual(['play', 'setMuted(true)', 'play', 'setMuted(false)']);
    expect(autoplayStats()).toEqual([{ result: 'blocked' }]);
    expect(scope.getState($spinnerShown)).toBe(false);
    expect(scope.getState($bigPlayShown)).toBe(true);
    expect(scope.getState($status)).toBe('notStarted');
    expect(scope.getState($unmuteOffered)).toBe(false);
  });

  it('the viewer muted it before: a refusal of muted play is blocked at once, no unmute offered', async () => {
    const { scope, engine, attach, load, ready, autoplayStats } = await player({ policy: { sound: false, muted: false }, stored: { [STORAGE_KEYS.muted]: 'true' } });
    await attach();
    await load();
    await ready();
    expect(commands(engine).slice(-1)).toEqual(['play']);
    expect(autoplayStats()).toEqual([{ result: 'blocked' }]);
    expect(scope.getState($unmuteOffered)).toBe(false);
  });

  it('no autoplay: a click plays, and nothing is told to rstat4', async () => {
    const { scope, attach, load, ready, autoplayStats } = await player({ autoplay: false });
    await attach();
    await load();
    await ready();
    await allSettled(playClicked, { scope });
    expect(autoplayStats()).toEqual([]);
  });

  it("the page's start played it muted before the app: adopted, told once, the stored sound not applied over it", async () => {
    const { scope, engine, storage, attach, load, ready, autoplayStats } = await player({ policy: { sound: false, muted: true }, stored: { [STORAGE_KEYS.muted]: 'false' } });
    await allSettled(startAdopted, { scope, params: startSnapshot({ autoplay: { soundRefused: true, autoplay: 'muted' } }) });
    await attach();
    // The stored volume is applied, the browser's mute kept.
    expect(commands(engine)).toEqual(['setVolume', 'setMuted(true)']);
    await load();
    await ready();
    expect(autoplayStats()).toEqual([{ result: 'muted' }]);
    expect(scope.getState($unmuteOffered)).toBe(true);
    expect(storage.read(STORAGE_KEYS.muted)).toBe(false);
  });

  it("the page's start muted it and its play had not settled at the app's turn: the model's own request tells 'muted'", async () => {
    const { scope, attach, load, ready, autoplayStats } = await player({ policy: { sound: true, muted: true } });
    await allSettled(startAdopted, { scope, params: startSnapshot({ autoplay: { soundRefused: true, autoplay: null } }) });
    await attach();
    await load();
    await ready();
    expect(autoplayStats()).toEqual([{ result: 'muted' }]);
  });

  it('a pre-roll holds the content: the ad tells the outcome, the content follows muted', async () => {
    const { scope, engine, attach, load, ready, autoplayStats } = await player({ policy: { sound: false, muted: true } });
    await attach();
    await allSettled(playHeld, { scope });
    await load();
    await ready();
    expect(commands(engine)).not.toContain('play');
    await allSettled(adMediaPlayed, { scope, params: 'muted' });
    expect(autoplayStats()).toEqual([{ result: 'muted' }]);
    expect(scope.getState($unmuteOffered)).toBe(true);
    expect(engine.muted).toBe(true);
    await allSettled(playReleased, { scope });
    expect(commands(engine).slice(-1)).toEqual(['play']);
    // Told once, by the first element that played.
    expect(autoplayStats()).toHaveLength(1);
  });

  it('an unmute while the ad loads, then the ad refused sound again: offered again, told once', async () => {
    const { scope, attach, load, ready, autoplayStats } = await player({ policy: { sound: false, muted: true } });
    await attach();
    await allSettled(playHeld, { scope });
    await load();
    await ready();
    await allSettled(unmuteClicked, { scope });
    await allSettled(adMediaPlayed, { scope, params: 'muted' });
    expect(scope.getState($unmuteOffered)).toBe(true);
    expect(autoplayStats()).toEqual([{ result: 'muted' }]);
  });

  it('a tab hidden during the fallback (the browser pauses muted autoplay off screen): the offer stays, nothing stored, no spinner', async () => {
    const { scope, engine, storage, attach, load, ready } = await player({ policy: { sound: false, muted: true } });
    await attach();
    await load();
    await ready();
    engine.emit('playing');
    engine.emit('paused');
    await allSettled(scope);
    expect(scope.getState($unmuteOffered)).toBe(true);
    expect(scope.getState($spinnerShown)).toBe(false);
    expect(storage.read(STORAGE_KEYS.muted)).not.toBe(true);
    engine.emit('playing');
    expect(scope.getState($status)).toBe('playing');
  });

  it('a refusal after the first frame (a later play without a gesture): muted, no spinner left behind', async () => {
    const { scope, engine, attach, load, ready } = await player({ autoplay: false });
    await attach();
    await load();
    await ready();
    await allSettled(playClicked, { scope });
    engine.emit('playing');
    engine.emit('paused');
    engine.policy = { sound: false, muted: true };
    await allSettled(playClicked, { scope });
    engine.emit('playing');
    expect(scope.getState($unmuteOffered)).toBe(true);
    expect(scope.getState($spinnerShown)).toBe(false);
  });
});

describe('autoplay with every module loaded', () => {
  // Fake time: autoplay's play arms the start watchdog, whose timers end with the test.
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('a source ready event still autoplays with every module loaded', async () => {
    const scope = fork({ values: [[$storage, createMemoryStorage()]] });
    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    const { autoplaySet } = await import('./index');
    await allSettled(autoplaySet, { scope, params: true });
    engine.emit('sourceReady', READY);
    await allSettled(scope);
    expect(commands(engine).filter((command) => command === 'play')).toHaveLength(1);
  });
});
