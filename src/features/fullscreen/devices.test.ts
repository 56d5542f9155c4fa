/** PiP and remote playback (devices.ts) reach the content's element only through the engine's surface. */
import { allSettled } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../../test-support/settle';
import { attached as attachedTo, createPlaybackFullscreen } from '../../test-support/fullscreen-scope';
import { linked } from '../../test-support/linked';
import { createPlayback } from '../playback';

const playback = linked(createPlayback);
const fullscreen = linked(() => createPlaybackFullscreen(playback));
const { $castAvailable, $casting, $pip, $pipSupported, castClicked, pipClicked } = fullscreen;
const attached = (options?: Parameters<typeof attachedTo>[2]) => attachedTo(fullscreen, playback, options);

// Fake time: the controls' 1 s idle timer would hold every settle for a real second.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("the engine's surface", () => {
  it('PiP shows when supported, enters and leaves through it, and its state comes from it', async () => {
    const unsupported = await attached();
    expect(unsupported.scope.getState($pipSupported)).toBe(false);

    const { scope, surface, commands } = await attached({ prepare: (engine) => void (engine.surface.state.pipSupported = true) });
    expect(scope.getState($pipSupported)).toBe(true);
    expect(scope.getState($pip)).toBe(false);
    await settle(pipClicked, { scope });
    expect(commands()).toEqual(['enterPip']);
    surface.emit('pipChanged', true);
    expect(scope.getState($pip)).toBe(true);
    await settle(pipClicked, { scope });
    expect(commands()).toEqual(['enterPip', 'exitPip']);
  });

  it("PiP support is asked again when the source is ready (WebKit's presentation-mode API answers only then)", async () => {
    const { scope, engine } = await attached();
    expect(scope.getState($pipSupported)).toBe(false);
    engine.surface.state.pipSupported = true;
    engine.emit('sourceReady', { levels: [], audioTracks: [], subtitleTracks: [] });
    await allSettled(scope);
    expect(scope.getState($pipSupported)).toBe(true);
  });

  it('PiP already on when the engine comes is taken as it is', async () => {
    const { scope } = await attached({ prepare: (engine) => void (engine.surface.state.pip = true) });
    expect(scope.getState($pip)).toBe(true);
  });

  it('the cast button shows with a reachable device and prompts AirPlay where it is, else Cast; casting follows', async () => {
    const { scope, surface, commands } = await attached();
    expect(scope.getState($castAvailable)).toBe(false);
    surface.emit('remoteAvailabilityChanged', { cast: true, airplay: false });
    expect(scope.getState($castAvailable)).toBe(true);
    await settle(castClicked, { scope });
    surface.emit('remoteAvailabilityChanged', { cast: true, airplay: true });
    await settle(castClicked, { scope });
    expect(commands()).toEqual(['promptRemote cast', 'promptRemote airplay']);
    surface.emit('castingChanged', true);
    expect(scope.getState($casting)).toBe(true);
    surface.emit('castingChanged', false);
    expect(scope.getState($casting)).toBe(false);
  });
});
