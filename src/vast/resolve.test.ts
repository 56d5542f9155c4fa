import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveVast, type VastResolveOptions } from './resolve';
import { VastError, VastErrorCode, isAbortError } from './errors';
import { withoutExtensions } from './parse';
import { URL_TRACK, canPlayType, fixtureFetcher, fixtureUrl, parseXml, readFixture } from './test-support';

const options = (overrides: Partial<VastResolveOptions> = {}): VastResolveOptions => ({
  parseXml,
  canPlayType,
  fetchText: fixtureFetcher(),
  timeoutMs: 1000,
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<VastError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof VastError) return error;
    throw error;
  }
  throw new Error('expected a VastError');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('wrapper chains', () => {
  it('follows two wrappers and merges their links into the inline ad', async () => {
    const requested: string[] = [];
    const ad = await resolveVast({ url: fixtureUrl('wrapper-a.xml', '?creativeId=chain') }, options({ fetchText: fixtureFetcher(requested) }));
    expect(requested).toEqual([fixtureUrl('wrapper-a.xml', '?creativeId=chain'), fixtureUrl('wrapper-b.xml'), fixtureUrl('inline-non-skippable.xml')]);
    expect(ad.id).toBe('chain');
    expect(ad.mediaFile.url).toBe('http://127.0.0.1:4101/media/ads/ad-5s.mp4');
    // Impressions and errors: outermost wrapper first (as vast-client-js merges them).
    expect(ad.impressions).toEqual([
      URL_TRACK('impression', 'wrapper-a'),
      URL_TRACK('impression', 'wrapper-b'),
      URL_TRACK('impression', 'non-skippable', '&n=1'),
      URL_TRACK('impression', 'non-skippable', '&n=2'),
    ]);
    expect(ad.errors).toEqual([
      URL_TRACK('error', 'wrapper-a', '&code=[ERRORCODE]'),
      URL_TRACK('error', 'wrapper-b', '&code=[ERRORCODE]'),
      URL_TRACK('error', 'non-skippable', '&code=[ERRORCODE]'),
    ]);
    // Trackers: the inline ad's first, then the innermost wrapper's.
    expect(ad.tracking.start).toEqual([URL_TRACK('start', 'non-skippable'), URL_TRACK('start', 'wrapper-b'), URL_TRACK('start', 'wrapper-a')]);
    expect(ad.tracking.midpoint).toEqual([URL_TRACK('midpoint', 'non-skippable'), URL_TRACK('midpoint', 'wrapper-a')]);
    expect(ad.clickTracking).toEqual([URL_TRACK('click', 'non-skippable'), URL_TRACK('click', 'wrapper-b'), URL_TRACK('click', 'wrapper-a')]);
    expect(ad.clickThrough).toBe('http://127.0.0.1:4101/advertiser');
  });

  it('gives up after 5 wrappers with 302, pinging every wrapper error link', async () => {
    const requested: string[] = [];
    const error = await failure(resolveVast({ url: fixtureUrl('wrapper-loop.xml') }, options({ fetchText: fixtureFetcher(requested) })));
    expect(error.code).toBe(VastErrorCode.WrapperLimit);
    expect(requested).toHaveLength(6);
    expect(error.errorUrls).toEqual(Array(6).fill(URL_TRACK('error', 'wrapper-loop', '&code=[ERRORCODE]')));
  });

  it('honours a lower wrapper limit', async () => {
    const error = await failure(resolveVast({ url: fixtureUrl('wrapper-a.xml') }, options({ wrapperLimit: 1 })));
    expect(error.code).toBe(VastErrorCode.WrapperLimit);
  });

  it('fails with 303 when a wrapper yields no ad', async () => {
    const error = await failure(resolveVast({ url: fixtureUrl('wrapper-to-empty.xml') }, options()));
    expect(error.code).toBe(VastErrorCode.NoAdsAfterWrapper);
    expect(error.errorUrls).toEqual([URL_TRACK('error', 'wrapper-to-empty', '&code=[ERRORCODE]'), URL_TRACK('error', 'empty', '&code=[ERRORCODE]')]);
  });

  it('fails with 303 on an empty response and 900 on a failed load', async () => {
    expect((await failure(resolveVast({ url: fixtureUrl('x.xml') }, options({ fetchText: async () => '  \n' })))).code).toBe(VastErrorCode.NoAdsAfterWrapper);
    expect((await failure(resolveVast({ url: 'http://127.0.0.1:4101/404' }, options()))).code).toBe(VastErrorCode.Undefined);
    const wrapped = await failure(
      resolveVast({ xml: readFixture('wrapper-b.xml') }, options({ fetchText: () => Promise.reject(new TypeError('Failed to fetch')) })),
    );
    expect(wrapped.code).toBe(VastErrorCode.Undefined);
    expect(wrapped.errorUrls).toEqual([URL_TRACK('error', 'wrapper-b', '&code=[ERRORCODE]')]);
  });

  it('fails with 350 when a request outlives the time-out, and aborts it', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const pending = failure(
      resolveVast(
        { url: fixtureUrl('inline-skippable.xml') },
        options({
          timeoutMs: 5000,
          fetchText: (_, s) => {
            signal = s;
            return new Promise(() => {});
          },
        }),
      ),
    );
    await vi.advanceTimersByTimeAsync(4999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).code).toBe(VastErrorCode.LoadTimeout);
    expect(signal?.aborted).toBe(true);
  });

  it('passes an abort through as an AbortError, not a VAST error', async () => {
    const controller = new AbortController();
    const pending = resolveVast(
      { url: fixtureUrl('inline-skippable.xml') },
      options({
        signal: controller.signal,
        fetchText: (_, signal) =>
          new Promise((_, reject) => signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })))),
      }),
    );
    controller.abort();
    await expect(pending).rejects.toSatisfy(isAbortError);
  });

  it('resolves a relative VASTAdTagURI against the wrapper link', async () => {
    const requested: string[] = [];
    await resolveVast({ url: 'http://127.0.0.1:4101/ads/vast/wrapper-b.xml?x=1' }, options({ fetchText: fixtureFetcher(requested) }));
    expect(requested[1]).toBe('http://127.0.0.1:4101/ads/vast/inline-non-skippable.xml');
  });
});

describe('withoutExtensions', () => {
  it.each([
    ['<A><Extensions><E>x</E></Extensions><B/></A>', '<A><B/></A>'],
    ['<A><Extensions><E><Extensions>y</Extensions></E></Extensions><B/></A>', '<A><B/></A>'],
    ['<A><Extensions/><B/></A>', '<A><Extensions/><B/></A>'],
    ['<A><Extensions><E>x</E><B/></A>', '<A><Extensions><E>x</E><B/></A>'],
    ['<A><Extensions a="1">x</Extensions><Extensions>y</Extensions></A>', '<A></A>'],
    ['<A><CreativeExtensions>x</CreativeExtensions></A>', '<A><CreativeExtensions>x</CreativeExtensions></A>'],
  ])('%s → %s', (xml, expected) => expect(withoutExtensions(xml)).toBe(expected));
});
