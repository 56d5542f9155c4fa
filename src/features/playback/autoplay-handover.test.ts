/**
 * Autoplay across the hand-overs: the page's start's outcome adopted by the app, a pre-roll that
 * plays first and tells the outcome, and playback's index with every module loaded.
 */
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { createMemoryStorage, $storage } from '../../platform/storage';
import { STORAGE_KEYS } from '../../lib/constants';
import { createSession } from '../session';
import { startSnapshot } from '../../test-support/start-snapshot';
import { autoplayPlayerOf, commands, READY } from '../../test-support/autoplay-player';
import { linkPageStart } from '../../app/links/playback';
import { linked } from '../../test-support/linked';
import { createPlayback } from '.';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { engineAttached, playHeld, playReleased, $unmuteOffered, adMediaPlayed, unmuteClicked } = playback;
const player = autoplayPlayerOf(playback);

// Playback adopts the page's start (session's, built by its factory) through its link, as the player makes it.
const session = linked(createSession);
linked(() => linkPageStart({ playback, session }));
const { startAdopted } = session;

describe("autoplay decided before the app or by the ad", () => {
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

});

describe('autoplay with every module loaded', () => {
  // Fake time: autoplay's play arms the start watchdog, whose timers end with the test.
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('a source ready event still autoplays with every module loaded', async () => {
    const scope = fork({ values: [[$storage, createMemoryStorage()]] });
    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    const { autoplaySet } = playback;
    await allSettled(autoplaySet, { scope, params: true });
    engine.emit('sourceReady', READY);
    await allSettled(scope);
    expect(commands(engine).filter((command) => command === 'play')).toHaveLength(1);
  });
});
