// @vitest-environment happy-dom
/** early-ad.ts: the pre-roll resolved and its media loading before the app, and what the ads model takes of it. */
import { DOMParser as XmlDomParser } from '@xmldom/xmldom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineVast } from '../vast/test-support';
import { loadVast } from '../platform/vast-load';
import { takeAdElement } from '../platform/vast-prefetch';
import { prepareEarlyPreroll } from './early-ad';

const MEDIA = 'http://127.0.0.1:4101/media/ads/ad-5s.mp4';

// happy-dom's DOMParser reads no CDATA; the browser's does, as xmldom does.
beforeEach(() => vi.stubGlobal('DOMParser', XmlDomParser));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The VAST server: answers each GET with an inline ad, when `release` is called for a held one. */
function vastServer({ held = false } = {}) {
  const asked: string[] = [];
  const waiting: Array<() => void> = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    const answer = () => new Response(inlineVast(), { status: 200 });
    return held ? new Promise<Response>((resolve) => waiting.push(() => resolve(answer()))) : Promise.resolve(answer());
  });
  return { asked, release: () => waiting.splice(0).forEach((go) => go()) };
}

/** The start's ad element, as document.createElement made it; every element here plays MP4. */
function watchAdElement(): () => HTMLVideoElement {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'video/mp4' ? 'probably' : ''));
  const create = vi.spyOn(document, 'createElement');
  return () => create.mock.results.find(({ value }) => value instanceof HTMLVideoElement)!.value as HTMLVideoElement;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the pre-roll made ready by the page's start", () => {
  it("loads the ad's media once resolved, is ready when it can play through, and the ads loader takes the resolved ad without asking again", async () => {
    const server = vastServer();
    const element = watchAdElement();
    const preroll = prepareEarlyPreroll('http://ads.test/one.xml', () => undefined);
    let ready = false;
    void preroll.ready.then(() => (ready = true));
    await settle();
    expect(element().getAttribute('src')).toBe(MEDIA);
    expect(element().preload).toBe('auto');
    expect(ready).toBe(false);
    element().dispatchEvent(new Event('canplaythrough'));
    await settle();
    expect(ready).toBe(true);
    const ad = await loadVast({ source: { url: 'http://ads.test/one.xml' }, canPlayType: () => 'probably' });
    expect(ad.mediaFile.url).toBe(MEDIA);
    expect(server.asked).toEqual(['http://ads.test/one.xml']);
    expect(takeAdElement()).toBe(element());
  });

  it('leaves the element to the ads model once the model has taken it, and has nothing more to wait for', async () => {
    const server = vastServer({ held: true });
    const element = watchAdElement();
    const preroll = prepareEarlyPreroll('http://ads.test/two.xml', () => undefined);
    let ready = false;
    void preroll.ready.then(() => (ready = true));
    await settle();
    expect(takeAdElement()).toBe(element());
    server.release();
    await settle();
    expect(element().hasAttribute('src')).toBe(false);
    expect(ready).toBe(true);
    await expect(preroll.play({ volume: 1, muted: false })).resolves.toBe(false);
  });

  it('a loader that takes the document before it came resolves the ad itself, and nothing asks twice', async () => {
    const server = vastServer({ held: true });
    watchAdElement();
    prepareEarlyPreroll('http://ads.test/three.xml', () => undefined);
    const ad = loadVast({ source: { url: 'http://ads.test/three.xml' }, canPlayType: () => 'probably' });
    server.release();
    await expect(ad).resolves.toMatchObject({ mediaFile: { url: MEDIA } });
    await settle();
    expect(server.asked).toEqual(['http://ads.test/three.xml']);
    takeAdElement();
  });

  it("a document the server refused is the loader's failure to report, as its own request's would be", async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 503 })));
    watchAdElement();
    prepareEarlyPreroll('http://ads.test/four.xml', () => undefined);
    await settle();
    await expect(loadVast({ source: { url: 'http://ads.test/four.xml' }, canPlayType: () => 'probably' })).rejects.toMatchObject({ detail: expect.stringContaining('HTTP 503') });
    takeAdElement();
  });

  it("a play asked before the app plays the ad on the page, at the viewer's volume; the ad video adopts it playing", async () => {
    vastServer();
    const element = watchAdElement();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      return Promise.resolve();
    });
    const playing = vi.fn();
    const preroll = prepareEarlyPreroll('http://ads.test/five.xml', playing);
    const played = preroll.play({ volume: 0.4, muted: true });
    await expect(played).resolves.toBe(true);
    const ad = element();
    expect(ad.getAttribute('src')).toBe(MEDIA);
    expect(play).toHaveBeenCalledTimes(1);
    expect(ad.parentNode).toBe(document.body);
    expect({ volume: ad.volume, muted: ad.muted, className: ad.className }).toEqual({ volume: 0.4, muted: true, className: 'ad-overlay__media' });
    ad.dispatchEvent(new Event('playing'));
    expect(playing).toHaveBeenCalledTimes(1);
    // A second tap asks nothing more.
    void preroll.play({ volume: 1, muted: false });
    expect(play).toHaveBeenCalledTimes(1);
    expect(takeAdElement()).toBe(ad);
    ad.remove();
  });

  it('a play asked before the ad resolved plays it once resolved; none after the ads model took the element', async () => {
    const server = vastServer({ held: true });
    const element = watchAdElement();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    const first = prepareEarlyPreroll('http://ads.test/six.xml', () => undefined);
    const played = first.play({ volume: 1, muted: false });
    await settle();
    expect(play).not.toHaveBeenCalled();
    server.release();
    await expect(played).resolves.toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
    expect(element().getAttribute('src')).toBe(MEDIA);
    takeAdElement()!.remove();

    play.mockClear();
    const second = prepareEarlyPreroll('http://ads.test/seven.xml', () => undefined);
    await settle();
    takeAdElement();
    await expect(second.play({ volume: 1, muted: false })).resolves.toBe(false);
    await settle();
    expect(play).not.toHaveBeenCalled();
  });

  it("a play the browser refuses leaves the ad off the page, for the ads model to play", async () => {
    vastServer();
    const element = watchAdElement();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.reject(new DOMException('no gesture', 'NotAllowedError')));
    await expect(prepareEarlyPreroll('http://ads.test/eight.xml', () => undefined).play({ volume: 1, muted: false })).resolves.toBe(false);
    expect(element().isConnected).toBe(false);
    expect(element().getAttribute('src')).toBe(MEDIA);
    expect(takeAdElement()).toBe(element());
  });
});
