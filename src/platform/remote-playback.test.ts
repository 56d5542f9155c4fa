import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTarget } from '../test-support/hls-fakes';
import { airPlaySupported, castApi, promptRemotePlayback, watchCasting, watchRemoteAvailability, type RemoteAvailability } from './remote-playback';

/**
 * The <video> (and window) as each engine shows them to the page: the Remote Playback API
 * (`video.remote`) in Chromium and Safari (where AirPlay backs it), AirPlay's picker and its
 * availability event in Safari only, neither in Firefox or WebKitGTK.
 */
type Engine = 'chromium' | 'firefox' | 'webkitgtk' | 'safari';

function remotePlayback({ watch = 'ok' as 'ok' | 'rejects' | 'throws' } = {}) {
  let onAvailability: ((available: boolean) => void) | null = null;
  const remote = Object.assign(new FakeTarget(), {
    state: 'disconnected' as RemotePlaybackState,
    prompt: vi.fn(async () => {}),
    watchAvailability: vi.fn((callback: (available: boolean) => void) => {
      if (watch === 'throws') throw new Error('no');
      if (watch === 'rejects') return Promise.reject(Object.assign(new Error('no discovery'), { name: 'NotSupportedError' }));
      onAvailability = callback;
      return Promise.resolve(7);
    }),
    cancelWatchAvailability: vi.fn(async () => {}),
  });
  return { remote, available: (on: boolean) => onAvailability?.(on) };
}

function page(engine: Engine, options: Parameters<typeof remotePlayback>[0] = {}) {
  const video = Object.assign(new FakeTarget(), { disableRemotePlayback: false }) as FakeTarget & Record<string, unknown> & { disableRemotePlayback: boolean };
  const window: Record<string, unknown> = {};
  const cast = remotePlayback(options);
  if (engine === 'chromium' || engine === 'safari') video.remote = cast.remote;
  if (engine === 'safari') {
    video.webkitShowPlaybackTargetPicker = vi.fn();
    video.webkitCurrentPlaybackTargetIsWireless = false;
    window.WebKitPlaybackTargetAvailabilityEvent = class {};
  }
  vi.stubGlobal('window', window);
  return { video, cast, element: video as unknown as HTMLVideoElement };
}

/** Fires AirPlay's availability event (it carries `availability`) at the listeners watchRemoteAvailability added. */
function airPlayEvents(video: FakeTarget) {
  const add = vi.spyOn(video, 'addEventListener');
  return (availability: 'available' | 'not-available') => {
    for (const [type, listener] of add.mock.calls)
      if (type === 'webkitplaybacktargetavailabilitychanged') (listener as (event: unknown) => void)({ type, availability });
  };
}

afterEach(() => void vi.unstubAllGlobals());

describe('remote playback by feature detection', () => {
  it.each([
    ['chromium', true, false],
    ['safari', true, true],
    ['firefox', false, false],
    ['webkitgtk', false, false],
  ] as const)('%s: Cast (Remote Playback) %s, AirPlay %s', (engine, cast, airplay) => {
    const { element } = page(engine);
    expect(castApi(element) !== null).toBe(cast);
    expect(airPlaySupported(element)).toBe(airplay);
  });

  it('an element that disables remote playback has neither', () => {
    for (const engine of ['chromium', 'safari'] as const) {
      const { video, element } = page(engine);
      video.disableRemotePlayback = true;
      expect(castApi(element)).toBeNull();
      expect(airPlaySupported(element)).toBe(false);
    }
  });

  it("AirPlay's picker without its availability event is not counted: the button could never show", () => {
    const { element } = page('safari');
    vi.stubGlobal('window', {});
    expect(airPlaySupported(element)).toBe(false);
  });

  it('Chromium: reports a Cast device as it comes and goes, and stops watching', async () => {
    const { cast, element } = page('chromium');
    const seen: RemoteAvailability[] = [];
    const stop = watchRemoteAvailability(element, (availability) => seen.push(availability));
    cast.available(true);
    cast.available(false);
    expect(seen).toEqual([
      { cast: true, airplay: false },
      { cast: false, airplay: false },
    ]);
    await Promise.resolve();
    stop();
    expect(cast.remote.cancelWatchAvailability).toHaveBeenCalledWith(7);
  });

  it('a device with no discovery (watchAvailability refused, or throwing) stays hidden, with no error', async () => {
    for (const watch of ['rejects', 'throws'] as const) {
      const { element } = page('chromium', { watch });
      const seen: RemoteAvailability[] = [];
      const stop = watchRemoteAvailability(element, (availability) => seen.push(availability));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(seen).toEqual([]);
      stop();
    }
  });

  it('stopped before the watch is granted: the watch is cancelled when it is', async () => {
    const { cast, element } = page('chromium');
    const seen: RemoteAvailability[] = [];
    watchRemoteAvailability(element, (availability) => seen.push(availability))();
    await Promise.resolve();
    await Promise.resolve();
    expect(cast.remote.cancelWatchAvailability).toHaveBeenCalledWith(7);
    cast.available(true);
    expect(seen).toEqual([]);
  });

  it('Safari: reports AirPlay targets from their availability event', () => {
    const { video, element } = page('safari');
    const airPlayAvailability = airPlayEvents(video);
    const seen: RemoteAvailability[] = [];
    const stop = watchRemoteAvailability(element, (availability) => seen.push(availability));
    airPlayAvailability('available');
    airPlayAvailability('not-available');
    expect(seen).toEqual([
      { cast: false, airplay: true },
      { cast: false, airplay: false },
    ]);
    stop();
    expect(video.listenerCount).toBe(0);
  });

  it('Firefox and WebKitGTK: nothing is watched, nothing reported', () => {
    for (const engine of ['firefox', 'webkitgtk'] as const) {
      const { video, element } = page(engine);
      const seen: RemoteAvailability[] = [];
      watchRemoteAvailability(element, (availability) => seen.push(availability));
      expect(seen).toEqual([]);
      expect(video.listenerCount).toBe(0);
    }
  });

  it("the prompt: AirPlay's picker where preferred and there, else Remote Playback's, else AirPlay's", async () => {
    const safari = page('safari');
    await promptRemotePlayback(safari.element, 'airplay');
    expect(safari.video.webkitShowPlaybackTargetPicker).toHaveBeenCalledTimes(1);
    await promptRemotePlayback(safari.element, 'cast');
    expect(safari.cast.remote.prompt).toHaveBeenCalledTimes(1);

    const chromium = page('chromium');
    await promptRemotePlayback(chromium.element, 'airplay');
    expect(chromium.cast.remote.prompt).toHaveBeenCalledTimes(1);

    const airPlayOnly = page('safari');
    delete airPlayOnly.video.remote;
    await promptRemotePlayback(airPlayOnly.element, 'cast');
    expect(airPlayOnly.video.webkitShowPlaybackTargetPicker).toHaveBeenCalledTimes(1);
  });

  it('the prompt rejects where there is neither', async () => {
    const { element } = page('firefox');
    await expect(promptRemotePlayback(element, 'cast')).rejects.toThrow('not supported');
  });

  it('casting: Remote Playback connecting or connected, or AirPlay playing wirelessly', () => {
    const { video, cast, element } = page('safari');
    const seen: boolean[] = [];
    const stop = watchCasting(element, (casting) => seen.push(casting));
    cast.remote.state = 'connecting';
    cast.remote.dispatch('connecting');
    cast.remote.state = 'disconnected';
    cast.remote.dispatch('disconnect');
    video.webkitCurrentPlaybackTargetIsWireless = true;
    video.dispatch('webkitcurrentplaybacktargetiswirelesschanged');
    expect(seen).toEqual([true, false, true]);
    stop();
    expect(video.listenerCount + cast.remote.listenerCount).toBe(0);
  });
});
