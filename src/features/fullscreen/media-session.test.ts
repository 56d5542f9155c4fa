import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { createPlaybackTracks } from '../../test-support/tracks';
import { linked } from '../../test-support/linked';
import { createMediaSession } from './index';
import { createPlayback } from '../playback';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $currentTime, $duration, $status, engineAttached, mediaPaused, mediaPlaying, mediaSeeked, pauseClicked, playClicked, seekByRequested, seekRequested } = playback;

const { $playbackRate } = linked(() => createPlaybackTracks(playback));
const { mediaSessionStarted } = linked(() =>
  createMediaSession({
    $currentTime, $duration, $status, mediaPlaying, mediaPaused, mediaSeeked, $playbackRate, playClicked, pauseClicked, seekByRequested, seekRequested,
  }),
);

type Handler = (details: MediaSessionActionDetails) => void;

describe('media session actions', () => {
  const handlers = new Map<string, Handler | null>();

  beforeEach(() => {
    handlers.clear();
    const mediaSession = { setActionHandler: (action: string, handler: Handler | null) => handlers.set(action, handler) };
    vi.stubGlobal('navigator', { mediaSession });
  });
  afterEach(() => void vi.unstubAllGlobals());

  async function started() {
    const scope = fork();
    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    engine.emit('durationChanged', { duration: 600 });
    engine.emit('timeUpdated', { currentTime: 100, duration: 600, bufferedAhead: 0 });
    await allSettled(mediaSessionStarted, { scope });
    /** Runs an OS action as the browser would, then lets the model settle. */
    const act = async (details: MediaSessionActionDetails) => {
      handlers.get(details.action)!(details);
      await allSettled(scope);
    };
    const seeks = () => engine.calls.filter((c) => c.command === 'seek').map((c) => c.args[0]);
    return { engine, act, seeks };
  }

  it('seek forward and back without an OS offset move by the default step of 10 s', async () => {
    const { engine, act, seeks } = await started();
    await act({ action: 'seekforward' });
    expect(seeks()).toEqual([110]);
    engine.emit('seeked', { currentTime: 110 });
    await act({ action: 'seekbackward' });
    expect(seeks()).toEqual([110, 100]);
  });

  it('the OS offset, when it gives one, replaces the step', async () => {
    const { engine, act, seeks } = await started();
    await act({ action: 'seekforward', seekOffset: 30 });
    engine.emit('seeked', { currentTime: 130 });
    await act({ action: 'seekbackward', seekOffset: 5 });
    expect(seeks()).toEqual([130, 125]);
  });
});
