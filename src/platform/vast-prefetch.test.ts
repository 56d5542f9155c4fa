import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchVastText } from './vast-loader';
import { prefetchVast } from './vast-prefetch';

const VAST = '<VAST version="4.0"/>';

afterEach(() => void vi.unstubAllGlobals());

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

  it('another address is asked for as usual', async () => {
    const calls = stubFetch(async () => new Response(VAST, { status: 200 }));
    prefetchVast('http://ads.test/c.xml');
    await fetchVastText('http://ads.test/d.xml', new AbortController().signal);
    expect(calls.map(({ url }) => url)).toEqual(['http://ads.test/c.xml', 'http://ads.test/d.xml']);
  });
});
