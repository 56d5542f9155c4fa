/**
 * hls.js's loaders in front of the page's early caches (playlist-cache.ts): a playlist the page
 * fetched before the engine asked (the start episode's master, the next episode's playlists, the
 * level a slow link climbs to) and that level's init segment are served from memory, once; every
 * other request, and one whose early fetch failed, goes to the network loader as usual. Waiting for
 * an early response keeps hls.js's load policy: the page's fetch is the first try, and one that has
 * not answered within the load time-out leaves the tries the policy has left to the network loader,
 * whose last time-out is the manifest time-out (SPEC.md §8).
 */
import type {
  FragmentLoaderConstructor,
  FragmentLoaderContext,
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  LoaderStats,
  PlaylistLoaderConstructor,
  PlaylistLoaderContext,
} from 'hls.js';
import { LoadStats } from 'hls.js';
import type { PlaylistCache, SegmentCache } from './playlist-cache';

/** The early response for this request, if the page fetched one (taken: it is served once). */
type TakeEarly<Context extends LoaderContext> = (context: Context) => Promise<string | ArrayBuffer | null> | null;

function withEarlyResponses<Context extends LoaderContext>(Network: HlsConfig['loader'], takeEarly: TakeEarly<Context>) {
  return class EarlyLoader implements Loader<Context> {
    private readonly network: Loader<LoaderContext>;
    /** The context being served from memory, until it is answered, aborted or destroyed. */
    private early: Context | null = null;
    private earlyStats: LoaderStats | null = null;
    private earlyTimeout: ReturnType<typeof setTimeout> | undefined;

    constructor(config: HlsConfig) {
      this.network = new Network(config);
    }

    get context(): Context | null {
      return this.early ?? (this.network.context as Context | null);
    }

    /** The network loader's own: hls.js keeps a fragment loader's stats from before its load. */
    get stats(): LoaderStats {
      return this.earlyStats ?? this.network.stats;
    }

    load(context: Context, config: LoaderConfiguration, callbacks: LoaderCallbacks<Context>): void {
      const network = (networkConfig = config) =>
        this.network.load(context, networkConfig, callbacks as unknown as LoaderCallbacks<LoaderContext>);
      const body = takeEarly(context);
      if (!body) return network();
      const start = performance.now();
      const waiting = new LoadStats();
      waiting.loading.start = start;
      this.early = context;
      this.earlyStats = waiting;
      const limitMs = config.loadPolicy.maxLoadTimeMs;
      if (limitMs > 0 && Number.isFinite(limitMs)) {
        this.earlyTimeout = setTimeout(() => {
          if (this.early !== context) return;
          this.stopWaiting();
          // The page's fetch was the first try: the network loader makes the tries the policy has left.
          const retry = config.loadPolicy.timeoutRetry;
          const left = retry && retry.maxNumRetry > 0 ? { ...retry, maxNumRetry: retry.maxNumRetry - 1 } : null;
          if (!left) return callbacks.onTimeout(waiting, context, null);
          network({ ...config, loadPolicy: { ...config.loadPolicy, timeoutRetry: left } });
        }, limitMs);
      }
      void body.then((data) => {
        if (this.early !== context) return; // aborted, destroyed or timed out meanwhile
        this.stopWaiting();
        if (data === null) return network();
        // The network loader is not used for this request: its stats are the response's.
        const stats = this.network.stats;
        stats.loading.start = start;
        stats.loading.first = stats.loading.end = performance.now();
        stats.loaded = stats.total = typeof data === 'string' ? data.length : data.byteLength;
        callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
      });
    }

    abort(): void {
      this.stopWaiting();
      this.network.abort();
    }

    destroy(): void {
      this.stopWaiting();
      this.network.destroy();
    }

    private stopWaiting(): void {
      this.early = null;
      this.earlyStats = null;
      clearTimeout(this.earlyTimeout);
    }
  };
}

export function withEarlyPlaylists(Network: HlsConfig['loader'], playlists: PlaylistCache): PlaylistLoaderConstructor {
  return withEarlyResponses<PlaylistLoaderContext>(Network, (context) => playlists.take(context.url));
}

/** Init segments only: media segments are measured by ABR, and an instant answer would mislead it. */
export function withEarlyInitSegments(Network: HlsConfig['loader'], segments: SegmentCache): FragmentLoaderConstructor {
  return withEarlyResponses<FragmentLoaderContext>(Network, (context) =>
    context.frag.sn === 'initSegment' ? segments.take(context.url) : null,
  );
}
