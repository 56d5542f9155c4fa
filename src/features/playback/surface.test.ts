import { allSettled, fork, type EventCallable, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import { $storage, createMemoryStorage, type MemoryStorage } from '../../platform/storage';
import {
  $chromeSecond,
  $chromeTime,
  $controlsVisible,
  $currentTime,
  $muted,
  $streamTickRunning,
  $volume,
  $sliderVolume,
  controlsPinnedSet,
  engineAttached,
  fullscreenShortcutUsed,
  keyPressed,
  layoutChanged,
  muteToggled,
  nextGesture,
  parseVolume,
  pointerLeft,
  playClicked,
  pointerMoved,
  readVolumeState,
  seekByRequested,
  seekForwardClicked,
  seekRequested,
  shortcutFor,
  subtitlesShortcutUsed,
  surfaceClicked,
  surfaceDoubleClicked,
  userActed,
  volumeSet,
  volumeStepped,
  zoneAt,
} from './index';
import { createWatch } from 'effector';
import { $startPending } from './model';

const READY = { levels: [], audioTracks: [], subtitleTracks: [] };
const commands = (engine: ScriptedEngine, name?: string) => engine.calls.filter((c) => !name || c.command === name);

async function attached(options: { storage?: MemoryStorage; pollable?: boolean } = {}) {
  const storage = options.storage ?? createMemoryStorage();
  const scope = fork({ values: [[$storage, storage]] });
  const engine = createScriptedEngine({ pollable: options.pollable });
  await allSettled(engineAttached, { scope, params: engine });
  return { scope, engine, storage };
}

/**
 * Fires a unit, then lets `ms` of fake time pass. It does not wait for the scope to settle:
 * a pending debounce timer (e.g. the controls' 1 s) would keep allSettled waiting.
 */
async function fire<T>(scope: Scope, unit: EventCallable<T>, params?: T, ms = 0) {
  void allSettled(unit, { scope, params: params as T });
  await vi.advanceTimersByTimeAsync(ms);
}

describe('volume', () => {
  it('restores player-volume and player-muted when the engine arrives', async () => {
    const { engine } = await attached({ storage: createMemoryStorage({ 'player-volume': '0.35', 'player-muted': 'true' }) });
    expect(commands(engine).map((c) => [c.command, ...c.args])).toEqual([
      ['setVolume', 0.35],
      ['setMuted', true],
    ]);
  });

  it.each([
    ['corrupt JSON', { 'player-volume': '{oops', 'player-muted': 'nope' }],
    ['wrong types', { 'player-volume': '{"a":1}', 'player-muted': '3' }],
    ['missing', {}],
  ])('falls back to volume 1, not muted, when the saved values are %s', async (_, saved) => {
    const { engine } = await attached({ storage: createMemoryStorage(saved) });
    expect(commands(engine).map((c) => [c.command, ...c.args])).toEqual([
      ['setVolume', 1],
      ['setMuted', false],
    ]);
  });

  it('a volume out of range is clamped, a numeric string accepted', () => {
    expect(readVolumeState(createMemoryStorage({ 'player-volume': '7' })).volume).toBe(1);
    expect(readVolumeState(createMemoryStorage({ 'player-volume': '"0.4"' })).volume).toBe(0.4);
    expect(readVolumeState(createMemoryStorage({ 'player-volume': '-1', 'player-muted': '"true"' }))).toEqual({ volume: 0, muted: true });
  });

  it('the slider snaps to 0.05 steps and ignores non-numeric values', async () => {
    const { scope, engine } = await attached();
    engine.calls.length = 0;
    for (const value of ['0.42', 0.7, 'abc', '', Number.NaN, '1.5', -2]) await allSettled(volumeSet, { scope, params: value });
    expect(commands(engine, 'setVolume').map((c) => c.args[0])).toEqual([0.4, 0.7, 1, 0]);
    expect(parseVolume('0.333')).toBe(0.35);
    expect(parseVolume(null)).toBeNull();
  });

  it('the volume changes only when the media reports it, and each report is saved', async () => {
    const { scope, engine, storage } = await attached();
    await allSettled(volumeSet, { scope, params: 0.5 });
    expect(scope.getState($volume)).toBe(1);
    engine.emit('volumeChanged', { volume: 0.5, muted: false });
    await allSettled(scope);
    expect(scope.getState($volume)).toBe(0.5);
    expect(storage.raw.get('player-volume')).toBe('0.5');
    expect(storage.raw.get('player-muted')).toBe('false');
  });

  it('keys step by 0.05 from the last volume asked for; turning it up unmutes', async () => {
    const { scope, engine } = await attached();
    engine.emit('volumeChanged', { volume: 0.5, muted: true });
    engine.calls.length = 0;
    await allSettled(volumeStepped, { scope, params: -1 });
    await allSettled(volumeStepped, { scope, params: 1 });
    expect(commands(engine).map((c) => [c.command, ...c.args])).toEqual([
      ['setVolume', 0.45],
      ['setVolume', 0.5],
      ['setMuted', false],
    ]);
  });

  it('quick slider moves are not lost while the media has yet to report them', async () => {
    const { scope, engine } = await attached();
    engine.calls.length = 0;
    // Three key presses on the slider, each answered by the media only after the next one.
    await allSettled(volumeSet, { scope, params: '0.95' });
    expect(scope.getState($sliderVolume)).toBe(0.95);
    await allSettled(volumeStepped, { scope, params: -1 });
    engine.emit('volumeChanged', { volume: 0.95, muted: false });
    await allSettled(scope);
    expect(scope.getState($sliderVolume)).toBe(0.9);
    await allSettled(volumeStepped, { scope, params: -1 });
    expect(commands(engine, 'setVolume').map((c) => c.args[0])).toEqual([0.95, 0.9, 0.85]);
    engine.emit('volumeChanged', { volume: 0.9, muted: false });
    engine.emit('volumeChanged', { volume: 0.85, muted: false });
    await allSettled(scope);
    // Reported: from now on the slider follows the media, whatever else changes it.
    expect(scope.getState($sliderVolume)).toBe(0.85);
    engine.emit('volumeChanged', { volume: 0.3, muted: false });
    await allSettled(scope);
    expect(scope.getState($sliderVolume)).toBe(0.3);
  });

  it('mute toggles from the reported state', async () => {
    const { scope, engine } = await attached();
    engine.calls.length = 0;
    await allSettled(muteToggled, { scope });
    engine.emit('volumeChanged', { volume: 1, muted: true });
    await allSettled(muteToggled, { scope });
    expect(scope.getState($muted)).toBe(true);
    expect(commands(engine, 'setMuted').map((c) => c.args[0])).toEqual([true, false]);
  });
});

describe('seeking', () => {
  it('seeks by 10 s from the pending target, inside the media', async () => {
    const { scope, engine } = await attached();
    engine.emit('durationChanged', { duration: 30 });
    engine.emit('timeUpdated', { currentTime: 5, duration: 30, bufferedAhead: 0 });
    await allSettled(seekForwardClicked, { scope });
    await allSettled(seekForwardClicked, { scope });
    await allSettled(seekForwardClicked, { scope });
    expect(commands(engine, 'seek').map((c) => c.args[0])).toEqual([15, 25, 30]);
    expect(scope.getState($currentTime)).toBe(5);
    engine.emit('seeked', { currentTime: 30 });
    await allSettled(seekByRequested, { scope, params: -45 });
    await allSettled(seekRequested, { scope, params: Number.NaN });
    expect(commands(engine, 'seek').map((c) => c.args[0])).toEqual([15, 25, 30, 0]);
  });

  it("a step starts from the playhead the engine reads now, which the model's time can trail", async () => {
    const { scope, engine } = await attached({ pollable: true });
    engine.emit('durationChanged', { duration: 60 });
    engine.emit('timeUpdated', { currentTime: 5, duration: 60, bufferedAhead: 0 });
    // The model took 5 s; the media has played on within that second.
    engine.time = { currentTime: 5.8, duration: 60, bufferedAhead: 4 };
    await allSettled(seekForwardClicked, { scope });
    expect(commands(engine, 'seek').map((c) => c.args[0])).toEqual([15.8]);
  });
});

describe('stream tick', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('reads the media time every 100 ms while playing, and stops on pause', async () => {
    const { scope, engine } = await attached({ pollable: true });
    const ticks: number[] = [];
    engine.emit('playing');
    expect(scope.getState($streamTickRunning)).toBe(true);
    engine.time = { currentTime: 1.25, duration: 30, bufferedAhead: 4, bufferedRanges: [[0, 5.25]] };
    createWatch({ unit: $currentTime, scope, fn: (time) => ticks.push(time) });
    await vi.advanceTimersByTimeAsync(99);
    expect(scope.getState($currentTime)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(scope.getState($currentTime)).toBe(1.25);
    engine.time = { ...engine.time, currentTime: 1.35 };
    await vi.advanceTimersByTimeAsync(100);
    expect(scope.getState($currentTime)).toBe(1.35);
    engine.emit('paused');
    await vi.advanceTimersByTimeAsync(500);
    expect(scope.getState($streamTickRunning)).toBe(false);
    expect(ticks).toEqual([1.25, 1.35]);
  });

  it('pauses while the controls are hidden and resumes when they show', async () => {
    const { scope, engine } = await attached({ pollable: true });
    engine.emit('playing');
    engine.time = { currentTime: 2, duration: 30, bufferedAhead: 4, bufferedRanges: [[0, 6]] };
    await vi.advanceTimersByTimeAsync(100);
    expect(scope.getState($currentTime)).toBe(2);

    await vi.advanceTimersByTimeAsync(1000);
    expect(scope.getState($controlsVisible)).toBe(false);
    expect(scope.getState($streamTickRunning)).toBe(false);
    engine.time = { ...engine.time, currentTime: 3.1 };
    await vi.advanceTimersByTimeAsync(500);
    expect(scope.getState($currentTime)).toBe(2);

    await fire(scope, userActed);
    expect(scope.getState($streamTickRunning)).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(scope.getState($currentTime)).toBe(3.1);
  });

  it('an engine that only pushes time is not polled', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    expect(scope.getState($streamTickRunning)).toBe(false);
  });
});

describe('start-up spinner', () => {
  // Fake time: the start watchdog's timers (and, with analytics loaded, its intervals) end with the test.
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('shows from the play request until the first frame', async () => {
    const { scope, engine } = await attached();
    expect(scope.getState($startPending)).toBe(false);
    await allSettled(playClicked, { scope });
    expect(commands(engine, 'play')).toHaveLength(1);
    expect(scope.getState($startPending)).toBe(true);
    engine.emit('waiting');
    expect(scope.getState($startPending)).toBe(true);
    engine.emit('playing');
    expect(scope.getState($startPending)).toBe(false);
  });
});

describe('controls visibility', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('hide after 1000 ms without activity while playing; activity shows them and restarts the wait', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    await vi.advanceTimersByTimeAsync(999);
    expect(scope.getState($controlsVisible)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(scope.getState($controlsVisible)).toBe(false);
    await fire(scope, pointerMoved, undefined, 600);
    expect(scope.getState($controlsVisible)).toBe(true);
    await fire(scope, keyPressed, { key: 'Shift', code: 'ShiftLeft' }, 600);
    expect(scope.getState($controlsVisible)).toBe(true);
    await vi.advanceTimersByTimeAsync(400);
    expect(scope.getState($controlsVisible)).toBe(false);
  });

  it('the slider and clock hold still while the controls are hidden, and catch up when they show', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    engine.emit('timeUpdated', { currentTime: 0.5, duration: 30, bufferedAhead: 5 });
    expect(scope.getState($chromeTime)).toBe(0.5);
    await vi.advanceTimersByTimeAsync(1000);
    expect(scope.getState($controlsVisible)).toBe(false);
    engine.emit('timeUpdated', { currentTime: 4.2, duration: 30, bufferedAhead: 5 });
    expect(scope.getState($currentTime)).toBe(4.2);
    expect(scope.getState($chromeTime)).toBe(0.5);
    await fire(scope, pointerMoved);
    expect(scope.getState($chromeTime)).toBe(4.2);
    expect(scope.getState($chromeSecond)).toBe(4);
  });

  it('never hide while paused', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    engine.emit('paused');
    await fire(scope, userActed, undefined, 5000);
    expect(scope.getState($controlsVisible)).toBe(true);
  });

  it('never hide while a menu pins them; unpinning restarts the wait', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    await fire(scope, controlsPinnedSet, true, 5000);
    expect(scope.getState($controlsVisible)).toBe(true);
    await fire(scope, controlsPinnedSet, false, 999);
    expect(scope.getState($controlsVisible)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(scope.getState($controlsVisible)).toBe(false);
  });

  it('hide at once when the mouse leaves a playing player, and show again when it pauses', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    await fire(scope, pointerLeft);
    expect(scope.getState($controlsVisible)).toBe(false);
    engine.emit('paused');
    expect(scope.getState($controlsVisible)).toBe(true);
  });

  it('on mobile a mouse move does not show them; a tap does, a tap on shown controls hides them', async () => {
    const { scope, engine } = await attached();
    await fire(scope, layoutChanged, true);
    engine.emit('playing');
    await vi.advanceTimersByTimeAsync(1000);
    await fire(scope, pointerMoved);
    expect(scope.getState($controlsVisible)).toBe(false);
    await fire(scope, surfaceClicked, 0.5, 250);
    expect(scope.getState($controlsVisible)).toBe(true);
    await fire(scope, surfaceClicked, 0.5, 250);
    expect(scope.getState($controlsVisible)).toBe(false);
    expect(commands(engine, 'pause')).toHaveLength(0);
  });
});

describe('clicks and taps on the picture', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('zones are the left and right fifths', () => {
    expect([0, 0.19, 0.2, 0.5, 0.8, 0.81, 1].map(zoneAt)).toEqual(['left', 'left', 'centre', 'centre', 'centre', 'right', 'right']);
    expect(nextGesture(null, { mobile: true, controlsVisible: false, zone: 'left' })).toEqual({
      gesture: { taps: 1, handled: false, controlsWereVisible: false },
      double: null,
    });
  });

  it('desktop: a single click toggles pause only after the double-click window', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    await fire(scope, surfaceClicked, 0.5, 249);
    expect(commands(engine, 'pause')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(commands(engine, 'pause')).toHaveLength(1);
  });

  it('desktop: a double-click in the middle toggles fullscreen and never pauses', async () => {
    const { scope, engine } = await attached();
    engine.emit('playing');
    const fullscreen: number[] = [];
    createWatch({ unit: fullscreenShortcutUsed, scope, fn: () => fullscreen.push(1) });
    await fire(scope, surfaceClicked, 0.5, 80);
    await fire(scope, surfaceClicked, 0.5);
    await fire(scope, surfaceDoubleClicked, 0.5, 1000);
    expect(fullscreen).toHaveLength(1);
    expect(commands(engine, 'pause')).toHaveLength(0);
  });

  it('desktop: a double-click on the right fifth seeks +10 s, on the left fifth −10 s', async () => {
    const { scope, engine } = await attached();
    engine.emit('timeUpdated', { currentTime: 12, duration: 30, bufferedAhead: 0 });
    const fullscreen: number[] = [];
    createWatch({ unit: fullscreenShortcutUsed, scope, fn: () => fullscreen.push(1) });
    for (const x of [0.9, 0.1]) {
      await fire(scope, surfaceClicked, x, 50);
      await fire(scope, surfaceClicked, x);
      await fire(scope, surfaceDoubleClicked, x, 1000);
      engine.emit('seeked', { currentTime: 12 });
    }
    expect(commands(engine, 'seek').map((c) => c.args[0])).toEqual([22, 2]);
    expect(fullscreen).toHaveLength(0);
    expect(commands(engine, 'play')).toHaveLength(0);
  });

  it('mobile: a double tap on a side seeks, each further quick tap seeks again, the controls stay as they were', async () => {
    const { scope, engine } = await attached();
    await fire(scope, layoutChanged, true);
    engine.emit('timeUpdated', { currentTime: 12, duration: 60, bufferedAhead: 0 });
    await fire(scope, surfaceClicked, 0.95, 100);
    await fire(scope, surfaceClicked, 0.95, 100);
    await fire(scope, surfaceClicked, 0.95, 1000);
    expect(commands(engine, 'seek').map((c) => c.args[0])).toEqual([22, 32]);
    expect(scope.getState($controlsVisible)).toBe(true);
  });
});

describe('keyboard', () => {
  // One test below runs on fake time; should it fail half-way, the fake clock still goes with it.
  afterEach(() => void vi.useRealTimers());

  it.each([
    [' ', 'Space', 'togglePlay'],
    ['k', 'KeyK', 'togglePlay'],
    ['л', 'KeyK', 'togglePlay'],
    ['ArrowLeft', 'ArrowLeft', 'seekBack'],
    ['j', 'KeyJ', 'seekBack'],
    ['l', 'KeyL', 'seekForward'],
    ['ArrowUp', 'ArrowUp', 'volumeUp'],
    ['ArrowDown', 'ArrowDown', 'volumeDown'],
    ['f', 'KeyF', 'fullscreen'],
    ['M', 'KeyM', 'mute'],
    ['c', 'KeyC', 'subtitles'],
    ['Escape', 'Escape', 'escape'],
  ])('%s (%s) means %s', (key, code, kind) => {
    expect(shortcutFor({ key, code })?.kind).toBe(kind);
  });

  it('digits jump to tenths; other keys mean nothing', () => {
    expect(shortcutFor({ key: '4', code: 'Digit4' })).toEqual({ kind: 'seekToFraction', fraction: 0.4 });
    expect(shortcutFor({ key: 'q', code: 'KeyQ' })).toBeNull();
    expect(shortcutFor({ key: 'Tab', code: 'Tab' })).toBeNull();
  });

  it('keys drive the engine: k toggles, → seeks, ↓ lowers the volume, m mutes, c and f are handed on', async () => {
    vi.useFakeTimers();
    const { scope, engine } = await attached();
    engine.emit('playing');
    engine.emit('timeUpdated', { currentTime: 3, duration: 30, bufferedAhead: 0 });
    engine.calls.length = 0;
    const handed: string[] = [];
    createWatch({ unit: subtitlesShortcutUsed, scope, fn: () => handed.push('c') });
    createWatch({ unit: fullscreenShortcutUsed, scope, fn: () => handed.push('f') });
    for (const [key, code] of [['k', 'KeyK'], ['ArrowRight', 'ArrowRight'], ['ArrowDown', 'ArrowDown'], ['m', 'KeyM'], ['c', 'KeyC'], ['f', 'KeyF'], ['5', 'Digit5']]) {
      await fire(scope, keyPressed, { key: key!, code: code! });
    }
    vi.useRealTimers();
    expect(engine.calls.map((c) => [c.command, ...c.args])).toEqual([
      ['pause'],
      ['seek', 13],
      ['setVolume', 0.95],
      ['setMuted', true],
      ['seek', 15],
    ]);
    expect(handed).toEqual(['c', 'f']);
  });
});

describe('sources', () => {
  // Fake time: autoplay's play arms the start watchdog, whose timers end with the test.
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('a source ready event still autoplays with every module loaded', async () => {
    const { scope, engine } = await attached();
    const { autoplaySet } = await import('./index');
    await allSettled(autoplaySet, { scope, params: true });
    engine.emit('sourceReady', READY);
    await allSettled(scope);
    expect(commands(engine, 'play')).toHaveLength(1);
  });
});
