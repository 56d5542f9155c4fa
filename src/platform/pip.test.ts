import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTarget } from '../test-support/hls-fakes';
import { enterPip, exitPip, isPip, pipApi, pipSupported, watchPip } from './pip';

/**
 * A <video> and its document as each engine shows them to the page. Only the APIs an engine has
 * are present: `pipApi` must decide from them alone.
 */
type Engine = 'chromium' | 'firefox' | 'webkitgtk' | 'safari' | 'old-safari';

class PipVideo extends FakeTarget {
  disablePictureInPicture = false;
}

function page(engine: Engine, { webkitAnswer = true } = {}) {
  const video = new PipVideo() as PipVideo & Record<string, unknown>;
  const document: Record<string, unknown> = {};
  const standard = () => {
    document.pictureInPictureEnabled = true;
    document.pictureInPictureElement = null;
    document.exitPictureInPicture = vi.fn(async () => void (document.pictureInPictureElement = null));
    video.requestPictureInPicture = vi.fn(async () => void (document.pictureInPictureElement = video));
  };
  const presentationMode = (answer: boolean) => {
    video.webkitPresentationMode = 'inline';
    video.webkitSupportsPresentationMode = vi.fn((mode: string) => mode === 'picture-in-picture' && answer);
    video.webkitSetPresentationMode = vi.fn((mode: string) => void (video.webkitPresentationMode = mode));
  };
  if (engine === 'chromium') standard();
  if (engine === 'safari') {
    standard();
    presentationMode(true);
  }
  if (engine === 'old-safari') presentationMode(webkitAnswer);
  if (engine === 'webkitgtk') {
    // Both APIs are there, and both say no: WebKitGTK has no picture-in-picture window.
    standard();
    document.pictureInPictureEnabled = false;
    presentationMode(false);
  }
  vi.stubGlobal('document', document);
  return { video, document, element: video as unknown as HTMLVideoElement };
}

afterEach(() => void vi.unstubAllGlobals());

describe('picture-in-picture by feature detection', () => {
  it.each([
    ['chromium', 'standard'],
    ['safari', 'standard'],
    ['old-safari', 'webkit'],
    ['firefox', null],
    ['webkitgtk', null],
  ] as const)('%s: %s', (engine, api) => {
    const { element } = page(engine);
    expect(pipApi(element)).toBe(api);
    expect(pipSupported(element)).toBe(api !== null);
  });

  it("the presentation-mode API counts only when the element says yes, not because its methods exist", () => {
    // WebKit answers no until the element has media; fullscreen/devices.ts asks again then.
    const { video, element } = page('old-safari', { webkitAnswer: false });
    expect(pipSupported(element)).toBe(false);
    video.webkitSupportsPresentationMode = vi.fn(() => true);
    expect(pipSupported(element)).toBe(true);
    video.webkitSupportsPresentationMode = vi.fn(() => {
      throw new TypeError('bad mode');
    });
    expect(pipSupported(element)).toBe(false);
  });

  it('a standard API that says no (a frame without allow="picture-in-picture") falls to WebKit’s, where that says yes', () => {
    const { document, element } = page('safari');
    document.pictureInPictureEnabled = false;
    expect(pipApi(element)).toBe('webkit');
  });

  it('no PiP for an element that disables it, whatever the engine', () => {
    for (const engine of ['chromium', 'safari', 'old-safari'] as const) {
      const { video, element } = page(engine);
      video.disablePictureInPicture = true;
      expect(pipSupported(element)).toBe(false);
    }
  });

  it('no document at all (a worker, a test under Node): only the element can answer', () => {
    const { element } = page('chromium');
    vi.stubGlobal('document', undefined);
    expect(pipApi(element)).toBeNull();
    expect(isPip(element)).toBe(false);
  });

  it('the standard API enters and leaves it, and reports it', async () => {
    const { video, document, element } = page('safari');
    await enterPip(element);
    expect(video.requestPictureInPicture).toHaveBeenCalledTimes(1);
    expect(video.webkitSetPresentationMode).not.toHaveBeenCalled();
    expect(isPip(element)).toBe(true);
    await exitPip(element);
    expect(document.exitPictureInPicture).toHaveBeenCalledTimes(1);
    expect(video.webkitSetPresentationMode).not.toHaveBeenCalled();
    expect(isPip(element)).toBe(false);
  });

  it('the presentation-mode API enters and leaves it where it is the only one, and reports it', async () => {
    const { video, element } = page('old-safari');
    await enterPip(element);
    expect(video.webkitSetPresentationMode).toHaveBeenLastCalledWith('picture-in-picture');
    expect(isPip(element)).toBe(true);
    await exitPip(element);
    expect(video.webkitSetPresentationMode).toHaveBeenLastCalledWith('inline');
    expect(isPip(element)).toBe(false);
  });

  it('entering rejects where there is no PiP, instead of doing nothing', async () => {
    for (const engine of ['firefox', 'webkitgtk'] as const) {
      const { video, element } = page(engine);
      await expect(enterPip(element)).rejects.toThrow('not supported');
      if (engine === 'webkitgtk') {
        expect(video.requestPictureInPicture).not.toHaveBeenCalled();
        expect(video.webkitSetPresentationMode).not.toHaveBeenCalled();
      }
    }
  });

  it('leaving when not in PiP touches nothing', async () => {
    const { video, document, element } = page('safari');
    await exitPip(element);
    expect(document.exitPictureInPicture).not.toHaveBeenCalled();
    expect(video.webkitSetPresentationMode).not.toHaveBeenCalled();
  });

  it('watches both APIs’ events, and stops', () => {
    const { video, element } = page('old-safari');
    const seen: boolean[] = [];
    const stop = watchPip(element, (on) => seen.push(on));
    video.webkitPresentationMode = 'picture-in-picture';
    video.dispatch('webkitpresentationmodechanged');
    video.webkitPresentationMode = 'inline';
    video.dispatch('leavepictureinpicture');
    expect(seen).toEqual([true, false]);
    stop();
    expect(video.listenerCount).toBe(0);
  });
});
