/** gestures.ts: clicks, double-clicks and taps on the picture, by zone. */
import { createWatch } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextGesture, zoneAt } from './index';
import { commands, fire, playbackScope } from '../../test-support/playback-scope';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $controlsVisible, fullscreenShortcutUsed, layoutChanged, surfaceClicked, surfaceDoubleClicked } = playback;
const { attached } = playbackScope(playback);

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
