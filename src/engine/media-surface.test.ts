import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTarget } from '../test-support/hls-fakes';
import { createMediaSurface } from './media-surface';

/** The element as the surface's adapters read it. */
class SurfaceVideo extends FakeTarget {
  webkitDisplayingFullscreen = false;
  disablePictureInPicture = false;
  disableRemotePlayback = false;
  videoWidth = 1920;
  videoHeight = 1080;
  quality: { droppedVideoFrames: number; totalVideoFrames: number } | null = null;
  remote = Object.assign(new FakeTarget(), {
    state: 'disconnected' as RemotePlaybackState,
    prompt: vi.fn(async () => {}),
    watchAvailability: vi.fn(async () => 1),
    cancelWatchAvailability: vi.fn(async () => {}),
  });
  remove = vi.fn();
  requestPictureInPicture = vi.fn(async () => ({}));
  getVideoPlaybackQuality() {
    if (!this.quality) throw new Error('no quality');
    return this.quality;
  }
}

/** The page's document as the adapters read it. */
class SurfaceDocument extends FakeTarget {
  fullscreenElement: unknown = null;
  fullscreenEnabled = true;
  pictureInPictureEnabled = true;
  pictureInPictureElement: unknown = null;
  exitPictureInPicture = vi.fn(async () => {});
}

function setup() {
  const video = new SurfaceVideo();
  const document = new SurfaceDocument();
  vi.stubGlobal('document', document);
  const surface = createMediaSurface(video as unknown as HTMLVideoElement);
  return { video, document, surface };
}

afterEach(() => void vi.unstubAllGlobals());

describe("the engine's media surface (the element handed to the platform adapters)", () => {
  it('watches nothing until a fact is listened to', () => {
    const { video, document } = setup();
    expect(video.listenerCount).toBe(0);
    expect(document.listenerCount).toBe(0);
    expect(video.remote.watchAvailability).not.toHaveBeenCalled();
  });

  it('reports native fullscreen, and whether the video alone is fullscreen, now and on each change', () => {
    const { video, document, surface } = setup();
    const seen: unknown[] = [];
    const stop = surface.on('fullscreenChanged', (state) => seen.push(state));
    expect(surface.fullscreen()).toEqual({ native: false, videoOnly: false });
    document.fullscreenElement = {};
    document.dispatch('fullscreenchange');
    document.fullscreenElement = video;
    document.dispatch('fullscreenchange');
    document.fullscreenElement = null;
    video.webkitDisplayingFullscreen = true;
    video.dispatch('webkitbeginfullscreen');
    expect(seen).toEqual([
      { native: true, videoOnly: false },
      { native: true, videoOnly: true },
      { native: true, videoOnly: true },
    ]);
    stop();
    expect(document.listenerCount + video.listenerCount).toBe(0);
  });

  it('reports picture-in-picture, enters and leaves it', async () => {
    const { video, document, surface } = setup();
    const seen: boolean[] = [];
    surface.on('pipChanged', (on) => seen.push(on));
    expect(surface.pipSupported()).toBe(true);
    await surface.enterPip();
    expect(video.requestPictureInPicture).toHaveBeenCalledTimes(1);
    document.pictureInPictureElement = video;
    video.dispatch('enterpictureinpicture');
    expect(surface.pip()).toBe(true);
    await surface.exitPip();
    expect(document.exitPictureInPicture).toHaveBeenCalledTimes(1);
    document.pictureInPictureElement = null;
    video.dispatch('leavepictureinpicture');
    expect(seen).toEqual([true, false]);
  });

  it('reports casting and a reachable Cast device, and prompts for one', async () => {
    const { video, surface } = setup();
    const seen: unknown[] = [];
    surface.on('castingChanged', (casting) => seen.push(casting));
    surface.on('remoteAvailabilityChanged', (availability) => seen.push(availability));
    const onAvailability = (video.remote.watchAvailability.mock.calls as unknown as Array<[(available: boolean) => void]>)[0]![0];
    onAvailability(true);
    video.remote.state = 'connected';
    video.remote.dispatch('connect');
    expect(seen).toEqual([{ cast: true, airplay: false }, true]);
    await surface.promptRemote('cast');
    expect(video.remote.prompt).toHaveBeenCalledTimes(1);
  });

  it('reads the frame counters, null where the browser has none', () => {
    const { video, surface } = setup();
    expect(surface.frameCounts()).toBeNull();
    video.quality = { droppedVideoFrames: 3, totalVideoFrames: 300 };
    expect(surface.frameCounts()).toEqual({ droppedFrames: 3, totalFrames: 300 });
  });

  it('takes the element off the page', () => {
    const { video, surface } = setup();
    surface.remove();
    expect(video.remove).toHaveBeenCalledTimes(1);
  });
});
