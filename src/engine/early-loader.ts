/**
 * hls.js's playlist loader in front of the page's playlist cache (api/early.ts): a playlist the
 * page fetched before the engine asked (the start episode's master, the next episode's playlists)
 * is served from memory, once; every other playlist, and one that failed, goes to the network
 * loader as usual. Waiting for an early playlist keeps hls.js's load policy: the page's fetch is
 * the first try, and one that has not answered within the load time-out leaves the tries the policy
 * has left to the network loader, whose last time-out is the manifest time-out (SPEC.md §8).
 */
import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats, PlaylistLoaderConstructor, PlaylistLoaderContext } from 'hls.js';
import { LoadStats } from 'hls.js';
import type { PlaylistCache } from './playlist-cache';

export function withEarlyPlaylists(Network: HlsConfig['loader'], playlists: PlaylistCache): PlaylistLoaderConstructor {
  return class EarlyPlaylistLoader implements Loader<PlaylistLoaderContext> {
    private readonly network: Loader<LoaderContext>;
    /** The context being served from memory, until it is answered, aborted or destroyed. */
    private early: PlaylistLoaderContext | null = null;
    private earlyStats: LoaderStats | null = null;
    private earlyTimeout: ReturnType<typeof setTimeout> | undefined;

    constructor(config: HlsConfig) {
      this.network = new Network(config);
    }

    get context(): PlaylistLoaderContext | null {
      return this.early ?? (this.network.context as PlaylistLoaderContext | null);
    }

    get stats(): LoaderStats {
      return this.earlyStats ?? this.network.stats;
    }

    load(context: PlaylistLoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<PlaylistLoaderContext>): void {
      const network = () => this.network.load(context, config, callbacks as unknown as LoaderCallbacks<LoaderContext>);
      const text = playlists.take(context.url);
      if (!text) return network();
      const stats = new LoadStats();
      stats.loading.start = performance.now();
      this.early = context;
      this.earlyStats = stats;
      const limitMs = config.loadPolicy.maxLoadTimeMs;
      if (limitMs > 0 && Number.isFinite(limitMs)) {
        this.earlyTimeout = setTimeout(() => {
          if (this.early !== context) return;
          this.stopWaiting();
          this.earlyStats = null;
          // The page's fetch was the first try: the network loader makes the tries the policy has left.
          const retry = config.loadPolicy.timeoutRetry;
          const left = retry && retry.maxNumRetry > 0 ? { ...retry, maxNumRetry: retry.maxNumRetry - 1 } : null;
          if (!left) return callbacks.onTimeout(stats, context, null);
          this.network.load(context, { ...config, loadPolicy: { ...config.loadPolicy, timeoutRetry: left } }, callbacks as unknown as LoaderCallbacks<LoaderContext>);
        }, limitMs);
      }
      void text.then((body) => {
        if (this.early !== context) return; // aborted, destroyed or timed out meanwhile
        this.stopWaiting();
        if (body === null) {
          this.earlyStats = null;
          return network();
        }
        stats.loading.first = stats.loading.end = performance.now();
        stats.loaded = stats.total = body.length;
        callbacks.onSuccess({ url: context.url, data: body, code: 200 }, stats, context, null);
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
      clearTimeout(this.earlyTimeout);
    }
  };
}
