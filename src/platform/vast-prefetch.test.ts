import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveVast, VastErrorCode, type VastResolveOptions } from '../vast';
import { VAST_LOAD_TIMEOUT_MS } from '../lib/constants';
import { fetchVastText } from './vast-loader';
import { prefetchVast } from './vast-prefetch';

const VAST = '<VAST version="4.0"/>';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubFetch(answer: () => Promise<Response>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => (calls.push({ url, init }), answer()));
  return calls;
}

describe("the pre-roll's VAST asked for by the page's start", () => {
  it('is taken by the loader once, without asking again; a later load asks the server', async () => {
    const calls = stubFetch(async () => new Response(VAST, { status: 200 }));
    prefetchVast('http://ads.test/a.xml');
    prefetchVast('http://ads.test/a.xml');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init).toMatchObject({ credentials: 'omit' });
    await expect(fetchVastText('http://ads.test/a.xml', new AbortController().signal)).resolves.toBe(VAST);
    expect(calls).toHaveLength(1);
    await expect(fetchVastText('http://ads.test/a.xml', new AbortController().signal)).resolves.toBe(VAST);
    expect(calls).toHaveLength(2);
  });

  it("reports the server's refusal when the loader takes it, as its own request would", async () => {
    stubFetch(async () => new Response('', { status: 503 }));
    prefetchVast('http://ads.test/b.xml');
    await expect(fetchVastText('http://ads.test/b.xml', new AbortController().signal)).rejects.toThrow('HTTP 503');
  });

  it("the loader's time-out stops the prefetched request, as it stops its own", async () => {
    let stopped: AbortSignal | undefined;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => ((stopped = init.signal ?? undefined), new Promise<Response>(() => undefined)));
    prefetchVast('http://ads.test/held.xml');
    const loader = new AbortController();
    const text = fetchVastText('http://ads.test/held.xml', loader.signal);
    expect(text).not.toBeNull();
    expect(stopped?.aborted).toBe(false);
    loader.abort();
    expect(stopped?.aborted).toBe(true);
  });

  it('another address is asked for as usual', async () => {
    const calls = stubFetch(async () => new Response(VAST, { status: 200 }));
    prefetchVast('http://ads.test/c.xml');
    await fetchVastText('http://ads.test/d.xml', new AbortController().signal);
    expect(calls.map(({ url }) => url)).toEqual(['http://ads.test/c.xml', 'http://ads.test/d.xml']);
  });
});

describe("the loader's request, as resolve.ts sees it", () => {
  // Failures come before any parsing.
  const options: VastResolveOptions = {
    parseXml: () => expect.fail('not parsed'),
    canPlayType: () => 'probably',
    fetchText: fetchVastText,
    timeoutMs: VAST_LOAD_TIMEOUT_MS,
  };

  it('asks for XML, without cookies; a refusal is 900 with its status', async () => {
    const calls = stubFetch(async () => new Response('', { status: 404 }));
    await expect(resolveVast({ url: 'http://ads.test/e.xml' }, options)).rejects.toMatchObject({
      code: VastErrorCode.Undefined,
      detail: 'http://ads.test/e.xml: HTTP 404',
    });
    expect(calls[0]!.init).toMatchObject({ credentials: 'omit', headers: { Accept: 'application/xml, text/xml, */*' } });
  });

  it("a server that holds the request is 350 at VAST_LOAD_TIMEOUT_MS (resolve.ts's time-out, none shorter), and the request is aborted", async () => {
    vi.useFakeTimers();
    const calls = stubFetch(() => new Promise<Response>(() => {}));
    const outcome = expect(resolveVast({ url: 'http://ads.test/f.xml' }, options)).rejects.toMatchObject({ code: VastErrorCode.LoadTimeout });
    await vi.advanceTimersByTimeAsync(VAST_LOAD_TIMEOUT_MS);
    await outcome;
    expect(calls[0]!.init.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("the ad's own abort is an AbortError, not a VAST error", async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const outcome = expect(resolveVast({ url: 'http://ads.test/g.xml' }, { ...options, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    controller.abort();
    await outcome;
  });
});
