import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FragmentLoaderContext, HlsConfig, LoaderCallbacks, LoaderConfiguration, LoaderContext, PlaylistLoaderContext } from 'hls.js';
import { LoadStats } from 'hls.js';
import { createPlaylistCache, createSegmentCache, type PlaylistCache } from './playlist-cache';
import { withEarlyInitSegments, withEarlyPlaylists } from './early-loader';

const MASTER = 'http://media.test/film/master.m3u8';
const TEXT = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n';

/** A network loader that records what it was asked to load. */
class FakeNetwork {
  static loads: string[] = [];
  static configs: LoaderConfiguration[] = [];
  /** Answers nothing, as a server that holds the request. */
  static holds = false;
  context: LoaderContext | null = null;
  stats = new LoadStats();
  load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>) {
    FakeNetwork.loads.push(context.url);
    FakeNetwork.configs.push(_config);
    if (FakeNetwork.holds) return;
    callbacks.onSuccess({ url: context.url, data: 'from network', code: 200 }, this.stats, context, null);
  }
  abort() {}
  destroy() {}
}

/** The page's cache; each test fetches into a new one. */
let playlists: PlaylistCache = createPlaylistCache();
const sendEarlyPlaylist = (url: string, fetchImpl: typeof fetch) => {
  playlists = createPlaylistCache(fetchImpl);
  playlists.fetch(url);
};
const context = (url: string) => ({ url, type: 'manifest', responseType: 'text', level: null, id: null, deliveryDirectives: null, levelOrTrack: null }) as unknown as PlaylistLoaderContext;
const fetchAnswering = (answer: () => Promise<Response>) => (() => answer()) as unknown as typeof fetch;

/** hls.js's default manifest policy: 20 s a try, two more tries after a time-out. */
const MAX_LOAD_MS = 20_000;
const policy = (maxNumRetry: number) => ({ maxTimeToFirstByteMs: Infinity, maxLoadTimeMs: MAX_LOAD_MS, timeoutRetry: { maxNumRetry, retryDelayMs: 0, maxRetryDelayMs: 0 }, errorRetry: null });
let loaderConfig = { loadPolicy: policy(2), timeout: MAX_LOAD_MS } as unknown as LoaderConfiguration;

function load(url: string) {
  const Loader = withEarlyPlaylists(FakeNetwork as unknown as HlsConfig['loader'], playlists);
  const loader = new Loader({} as HlsConfig);
  const onSuccess = vi.fn();
  const onTimeout = vi.fn();
  loader.load(context(url), loaderConfig, { onSuccess, onError: vi.fn(), onTimeout });
  return { loader, onSuccess, onTimeout };
}

afterEach(() => {
  vi.useRealTimers();
  playlists = createPlaylistCache();
  FakeNetwork.loads = [];
  FakeNetwork.configs = [];
  FakeNetwork.holds = false;
  loaderConfig = { loadPolicy: policy(2), timeout: MAX_LOAD_MS } as unknown as LoaderConfiguration;
});

describe('early playlist loader', () => {
  it('serves the early master playlist once, with its URL and stats; the next load goes to the network', async () => {
    sendEarlyPlaylist(MASTER, fetchAnswering(async () => new Response(TEXT)));
    const first = load(MASTER);
    await vi.waitFor(() => expect(first.onSuccess).toHaveBeenCalledTimes(1));
    const [response, stats] = first.onSuccess.mock.calls[0]!;
    expect(response).toEqual({ url: MASTER, data: TEXT, code: 200 });
    expect(stats.loaded).toBe(TEXT.length);
    expect(stats.loading.end).toBeGreaterThanOrEqual(stats.loading.start);
    expect(FakeNetwork.loads).toEqual([]);

    const second = load(MASTER);
    expect(second.onSuccess.mock.calls[0]![0].data).toBe('from network');
    expect(FakeNetwork.loads).toEqual([MASTER]);
  });

  it('an early playlist that failed (HTTP 404) is loaded from the network, so hls.js sees the real error', async () => {
    sendEarlyPlaylist(MASTER, fetchAnswering(async () => new Response('missing', { status: 404 })));
    const { onSuccess } = load(MASTER);
    await vi.waitFor(() => expect(FakeNetwork.loads).toEqual([MASTER]));
    expect(onSuccess.mock.calls[0]![0].data).toBe('from network');
  });

  it('other playlists go straight to the network', () => {
    sendEarlyPlaylist(MASTER, fetchAnswering(async () => new Response(TEXT)));
    load('http://media.test/film/video/720p/index.m3u8');
    expect(FakeNetwork.loads).toEqual(['http://media.test/film/video/720p/index.m3u8']);
  });

  it('aborted before the early text arrives: no callback', async () => {
    let release!: (response: Response) => void;
    sendEarlyPlaylist(MASTER, fetchAnswering(() => new Promise((resolve) => (release = resolve))));
    const { loader, onSuccess } = load(MASTER);
    loader.abort();
    release(new Response(TEXT));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(FakeNetwork.loads).toEqual([]);
  });

  it("an early master still unanswered at the policy's load time was the first try: the network loader makes the tries left; a late answer is dropped", async () => {
    vi.useFakeTimers();
    FakeNetwork.holds = true;
    let release!: (response: Response) => void;
    sendEarlyPlaylist(MASTER, fetchAnswering(() => new Promise((resolve) => (release = resolve))));
    const { onSuccess, onTimeout } = load(MASTER);
    await vi.advanceTimersByTimeAsync(MAX_LOAD_MS - 1);
    expect(FakeNetwork.loads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeNetwork.loads).toEqual([MASTER]);
    expect(FakeNetwork.configs[0]!.loadPolicy.timeoutRetry).toMatchObject({ maxNumRetry: 1 });
    expect(FakeNetwork.configs[0]!.loadPolicy.maxLoadTimeMs).toBe(MAX_LOAD_MS);
    expect(onTimeout).not.toHaveBeenCalled();
    release(new Response(TEXT));
    await vi.advanceTimersByTimeAsync(10);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('with no try left in the policy, the early wait running out is the time-out itself', async () => {
    vi.useFakeTimers();
    loaderConfig = { loadPolicy: policy(0), timeout: MAX_LOAD_MS } as unknown as LoaderConfiguration;
    sendEarlyPlaylist(MASTER, fetchAnswering(() => new Promise(() => {})));
    const { onTimeout } = load(MASTER);
    await vi.advanceTimersByTimeAsync(MAX_LOAD_MS);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(onTimeout.mock.calls[0]![1]).toMatchObject({ url: MASTER });
    expect(FakeNetwork.loads).toEqual([]);
  });

  it('an early master answered in time is no time-out later', async () => {
    vi.useFakeTimers();
    sendEarlyPlaylist(MASTER, fetchAnswering(async () => new Response(TEXT)));
    const { onSuccess, onTimeout } = load(MASTER);
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(MAX_LOAD_MS * 2);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

describe('early init segment loader', () => {
  const INIT = 'http://media.test/film/720p/init.mp4';
  const fragmentContext = (url: string, sn: number | 'initSegment') => ({ url, frag: { sn }, responseType: 'arraybuffer' }) as unknown as FragmentLoaderContext;

  it('serves the early init segment once, into the stats hls.js took from the loader before its load; media segments go to the network', async () => {
    const segments = createSegmentCache(fetchAnswering(async () => new Response(new Uint8Array([0, 0, 0, 8]))));
    segments.fetch(INIT);
    segments.fetch('http://media.test/film/720p/seg-0.m4s');
    const Loader = withEarlyInitSegments(FakeNetwork as unknown as HlsConfig['loader'], segments);
    const loader = new Loader({} as HlsConfig);
    const fragStats = loader.stats;
    const onSuccess = vi.fn();
    loader.load(fragmentContext(INIT, 'initSegment'), loaderConfig, { onSuccess, onError: vi.fn(), onTimeout: vi.fn() });
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const [response, stats] = onSuccess.mock.calls[0]!;
    expect(new Uint8Array(response.data)).toEqual(new Uint8Array([0, 0, 0, 8]));
    expect(stats).toBe(fragStats);
    expect(fragStats.loaded).toBe(4);
    expect(FakeNetwork.loads).toEqual([]);

    const media = new Loader({} as HlsConfig);
    media.load(fragmentContext('http://media.test/film/720p/seg-0.m4s', 0), loaderConfig, { onSuccess: vi.fn(), onError: vi.fn(), onTimeout: vi.fn() });
    expect(FakeNetwork.loads).toEqual(['http://media.test/film/720p/seg-0.m4s']);
  });
});
