/** seek.ts: the ∓10 s steps and seeks to a time, from where the media is. */
import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { commands, playbackScope } from '../../test-support/playback-scope';
import { createPlayback } from '.';
import { linked } from '../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $currentTime, seekByRequested, seekForwardClicked, seekRequested } = playback;
const { attached } = playbackScope(playback);

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
    const { scope, engine } = await attached();
    engine.emit('durationChanged', { duration: 60 });
    engine.emit('timeUpdated', { currentTime: 5, duration: 60, bufferedAhead: 0 });
    // The model took 5 s; the media has played on within that second.
    engine.time = { currentTime: 5.8, duration: 60, bufferedAhead: 4 };
    await allSettled(seekForwardClicked, { scope });
    expect(commands(engine, 'seek').map((c) => c.args[0])).toEqual([15.8]);
  });
});
