import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTarget } from '../test-support/hls-fakes';
import { enterNativeFullscreen, exitNativeFullscreen, fullscreenApi, isNativeFullscreen, isVideoElementFullscreen, nativeFullscreenSupported } from './fullscreen';

/**
 * The page's document and <video> as each engine shows them. Only the APIs an engine has are
 * present: `fullscreenApi` must decide from them alone. `refused`: a frame without allowfullscreen.
 */
type Engine = 'chromium' | 'firefox' | 'webkitgtk' | 'old-safari' | 'iphone' | 'iphone-with-flag';

function page(engine: Engine, { refused = false, videoHasMedia = true } = {}) {
  const root: Record<string, unknown> = {};
  const document = Object.assign(new FakeTarget(), { documentElement: root }) as unknown as FakeTarget & Record<string, unknown>;
  const video = new FakeTarget() as FakeTarget & Record<string, unknown>;
  const standard = () => {
    document.fullscreenEnabled = !refused;
    document.fullscreenElement = null;
    document.exitFullscreen = vi.fn(async () => void (document.fullscreenElement = null));
    root.requestFullscreen = vi.fn(async () => void (document.fullscreenElement = root));
  };
  const prefixed = () => {
    document.webkitFullscreenEnabled = !refused;
    document.webkitFullscreenElement = null;
    document.webkitExitFullscreen = vi.fn(() => void (document.webkitFullscreenElement = null));
    root.webkitRequestFullscreen = vi.fn(() => void (document.webkitFullscreenElement = root));
  };
  const videoFullscreen = (supports: boolean) => {
    video.webkitDisplayingFullscreen = false;
    video.webkitSupportsFullscreen = supports;
    video.webkitEnterFullscreen = vi.fn(() => void (video.webkitDisplayingFullscreen = true));
    video.webkitExitFullscreen = vi.fn(() => void (video.webkitDisplayingFullscreen = false));
  };
  if (engine === 'chromium') {
    standard();
    prefixed();
    // Chromium's webkitSupportsFullscreen is the document's fullscreenEnabled.
    videoFullscreen(!refused);
  }
  if (engine === 'firefox') standard();
  if (engine === 'webkitgtk') {
    standard();
    prefixed();
    videoFullscreen(videoHasMedia);
  }
  if (engine === 'old-safari') {
    prefixed();
    videoFullscreen(videoHasMedia);
  }
  // iPhone Safari: no element fullscreen; the video's own, once the element has media.
  if (engine === 'iphone') videoFullscreen(videoHasMedia);
  if (engine === 'iphone-with-flag') {
    standard();
    document.fullscreenEnabled = false;
    videoFullscreen(videoHasMedia);
  }
  vi.stubGlobal('document', document);
  return { document, root, video, element: video as unknown as HTMLVideoElement };
}

afterEach(() => void vi.unstubAllGlobals());

describe('native fullscreen by feature detection', () => {
  it.each([
    ['chromium', 'standard'],
    ['firefox', 'standard'],
    ['webkitgtk', 'standard'],
    ['old-safari', 'webkit'],
    ['iphone', 'video'],
    ['iphone-with-flag', 'video'],
  ] as const)('%s: %s', (engine, api) => {
    const { element } = page(engine);
    expect(fullscreenApi(element)).toBe(api);
    expect(nativeFullscreenSupported(element)).toBe(true);
  });

  it('a frame without allowfullscreen: none in Chromium and Firefox (the parent-frame mode takes over)', () => {
    for (const engine of ['chromium', 'firefox'] as const) {
      const { element } = page(engine, { refused: true });
      expect(fullscreenApi(element)).toBeNull();
      expect(nativeFullscreenSupported(element)).toBe(false);
    }
  });

  it("the standard API's no is final: the prefixed one is not tried behind it", async () => {
    const { document, root, element } = page('webkitgtk', { videoHasMedia: false });
    document.fullscreenEnabled = false;
    expect(document.webkitFullscreenEnabled).toBe(true);
    expect(fullscreenApi(element)).toBeNull();
    await expect(enterNativeFullscreen(element)).rejects.toThrow('not supported');
    expect(root.webkitRequestFullscreen).not.toHaveBeenCalled();
  });

  it("Chromium's own video fullscreen is not used when its document refuses (it would fail without a word)", async () => {
    const { root, video, element } = page('chromium', { refused: true });
    await expect(enterNativeFullscreen(element)).rejects.toThrow('not supported');
    expect(video.webkitEnterFullscreen).not.toHaveBeenCalled();
    expect(root.requestFullscreen).not.toHaveBeenCalled();
    expect(root.webkitRequestFullscreen).not.toHaveBeenCalled();
  });

  it('iPhone before the element has media: none yet (the request would throw)', () => {
    const { element } = page('iphone', { videoHasMedia: false });
    expect(fullscreenApi(element)).toBeNull();
  });

  it('no API at all: entering rejects, leaving does nothing', async () => {
    const { element } = page('firefox', { refused: true });
    await expect(enterNativeFullscreen(element)).rejects.toThrow('not supported');
    await expect(exitNativeFullscreen(element)).resolves.toBeUndefined();
  });

  it('the standard API puts the page root in fullscreen and takes it out', async () => {
    const { document, root, video, element } = page('webkitgtk');
    await enterNativeFullscreen(element);
    expect(root.requestFullscreen).toHaveBeenCalledWith({ navigationUI: 'hide' });
    expect(root.webkitRequestFullscreen).not.toHaveBeenCalled();
    expect(video.webkitEnterFullscreen).not.toHaveBeenCalled();
    expect(isNativeFullscreen(element)).toBe(true);
    expect(isVideoElementFullscreen(element)).toBe(false);
    await exitNativeFullscreen(element);
    expect(document.exitFullscreen).toHaveBeenCalledTimes(1);
    expect(document.webkitExitFullscreen).not.toHaveBeenCalled();
    expect(isNativeFullscreen(element)).toBe(false);
  });

  it('the prefixed API where only it exists', async () => {
    const { document, root, video, element } = page('old-safari');
    await enterNativeFullscreen(element);
    expect(root.webkitRequestFullscreen).toHaveBeenCalledTimes(1);
    expect(video.webkitEnterFullscreen).not.toHaveBeenCalled();
    expect(isNativeFullscreen(element)).toBe(true);
    await exitNativeFullscreen(element);
    expect(document.webkitExitFullscreen).toHaveBeenCalledTimes(1);
    expect(isNativeFullscreen(element)).toBe(false);
  });

  it("iPhone: the video's own fullscreen, which only the video shows", async () => {
    const { video, element } = page('iphone');
    await enterNativeFullscreen(element);
    expect(video.webkitEnterFullscreen).toHaveBeenCalledTimes(1);
    expect(isNativeFullscreen(element)).toBe(true);
    expect(isVideoElementFullscreen(element)).toBe(true);
    await exitNativeFullscreen(element);
    expect(video.webkitExitFullscreen).toHaveBeenCalledTimes(1);
    expect(isNativeFullscreen(element)).toBe(false);
  });

  it("iPhone's refusal (outside a gesture) reaches the caller", async () => {
    const { video, element } = page('iphone');
    video.webkitEnterFullscreen = () => {
      throw Object.assign(new Error('not in a gesture'), { name: 'InvalidStateError' });
    };
    await expect(enterNativeFullscreen(element)).rejects.toThrow('not in a gesture');
  });
});
