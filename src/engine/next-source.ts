/**
 * The next source made ready before its turn (the next episode, from the engine's prefetch): an Hls
 * instance without the element loads its master playlist, its start level's playlist and its first
 * segment (hls.js's startFragPrefetch). At the episode's end the switch then only opens the element's
 * MediaSource and appends, instead of waiting for hls.js's start-up and those round trips. What the
 * instance reports meanwhile is held, and told once it is the engine's source; an error before then
 * drops it, and the load starts afresh as it would without it.
 */
import type Hls from 'hls.js';
import type { EmitFact } from './hls-events';
import { loadHls, type HlsParts } from './hls-instance';

export interface NextSource {
  /** Starts making `url` ready from its start, unless it already is; another one made ready is dropped. */
  prepare(url: string): void;
  /**
   * The instance made ready for `url`, given the element, when the load is that source from its
   * start; its held facts follow in order. Null otherwise, and what was made ready is dropped.
   */
  take(url: string, startTime: number): Hls | null;
  /** Destroys what was made ready (the engine's teardown, another episode chosen). */
  drop(): void;
}

interface Ready {
  url: string;
  instance: Hls;
  /** Facts not told yet, each as its telling; null once they all were. */
  held: Array<() => void> | null;
}

export function createNextSource(parts: HlsParts): NextSource {
  let ready: Ready | null = null;

  function drop(): void {
    ready?.instance.destroy();
    ready = null;
  }

  function prepare(url: string): void {
    if (ready?.url === url) return;
    drop();
    const entry: Ready = { url, instance: null as unknown as Hls, held: [] };
    const emit: EmitFact = (...fact) => {
      if (entry.held === null) return parts.emit(...fact);
      // Not the source yet: an error is no news to the viewer, and the load starts afresh.
      if (fact[0] === 'error' && ready === entry) queueMicrotask(() => ready === entry && drop());
      else entry.held.push(() => parts.emit(...fact));
    };
    // No instance to act on for its errors until it is the source (error-handler.ts).
    const live = () => (ready === entry ? null : parts.live());
    entry.instance = loadHls(url, 0, { ...parts, emit, live }, parts.live()?.bandwidthEstimate);
    ready = entry;
  }

  function take(url: string, startTime: number): Hls | null {
    const entry = ready;
    if (!entry || entry.url !== url || startTime > 0) {
      drop();
      return null;
    }
    ready = null;
    entry.instance.attachMedia(parts.video);
    // After the load's own reaction, as facts always come; later facts queue behind the held ones.
    queueMicrotask(() => {
      const held = entry.held ?? [];
      entry.held = null;
      if (parts.live() === entry.instance) for (const tell of held) tell();
    });
    return entry.instance;
  }

  return { prepare, take, drop };
}
