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

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The start's ad element, as document.createElement made it; every element here plays MP4. */
function watchAdElement(): () => HTMLVideoElement {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'video/mp4' ? 'probably' : ''));
  const create = vi.spyOn(document, 'createElement');
  return () => create.mock.results.find(({ value }) => value instanceof HTMLVideoElement)!.value as HTMLVideoElement;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the pre-roll made ready by the page's start", () => {
  it("loads the ad's media once the app's chunks have come, and the ads loader takes the resolved ad without asking again", async () => {
    const server = vastServer();
    const element = watchAdElement();
    const chunks = deferred();
    prepareEarlyPreroll('http://ads.test/one.xml', chunks.promise);
    await settle();
    expect(element().hasAttribute('src')).toBe(false);
    chunks.resolve();
    await settle();
    expect(element().getAttribute('src')).toBe(MEDIA);
    expect(element().preload).toBe('auto');
    const ad = await loadVast({ source: { url: 'http://ads.test/one.xml' }, canPlayType: () => 'probably' });
    expect(ad.mediaFile.url).toBe(MEDIA);
    expect(server.asked).toEqual(['http://ads.test/one.xml']);
    expect(takeAdElement()).toBe(element());
  });

  it('leaves the element to the ads model once the model has taken it', async () => {
    vastServer();
    const element = watchAdElement();
    const chunks = deferred();
    prepareEarlyPreroll('http://ads.test/two.xml', chunks.promise);
    await settle();
    expect(takeAdElement()).toBe(element());
    chunks.resolve();
    await settle();
    expect(element().hasAttribute('src')).toBe(false);
  });

  it('a loader that takes the document before it came resolves the ad itself, and nothing asks twice', async () => {
    const server = vastServer({ held: true });
    watchAdElement();
    prepareEarlyPreroll('http://ads.test/three.xml', Promise.resolve());
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
    prepareEarlyPreroll('http://ads.test/four.xml', Promise.resolve());
    await settle();
    await expect(loadVast({ source: { url: 'http://ads.test/four.xml' }, canPlayType: () => 'probably' })).rejects.toMatchObject({ detail: expect.stringContaining('HTTP 503') });
    takeAdElement();
  });
});
