/** Autoplay under the browsers' real policies: autoplay.ts over the rule in src/lib/autoplay.ts (issue 38). */
import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/constants';
import { autoplayPlayerOf, commands } from '../../test-support/autoplay-player';
import { createSession } from '../session';
import { linkPageStart } from '../../app/links/playback';
import { linked } from '../../test-support/linked';
import { createPlayback } from '.';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { playClicked, $status, $bigPlayShown, $spinnerShown, $muted, $autoplayResult, $unmuteOffered, unmuteClicked } = playback;
const player = autoplayPlayerOf(playback);

// Playback adopts the page's start (session's, built by its factory) through its link, as the player makes it.
const session = linked(createSession);
linked(() => linkPageStart({ playback, session }));

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

