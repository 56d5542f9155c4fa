/**
 * A preloaded source's facts, held while nobody listens yet (the page's early start), and replayed
 * when `load` takes that same source. Free of hls.js: it only sees facts go by.
 */
import type { EmitFact } from './hls-events';
import type { EngineError } from './types';

export interface PreloadHold {
  /** Holds the facts from now on, for this source; `onFailed` is told once of a fatal error meanwhile. */
  start(url: string, startTime: number, onFailed: (() => void) | undefined): void;
  /** Sends a fact on, or holds it while a preloaded source waits for its load. */
  emit: EmitFact;
  /**
   * True when `load` asks for the held source: its facts so far reach the listeners after the
   * caller's own reaction to the load, as facts always come, and then the facts go out as they come.
   */
  release(url: string, startTime: number): boolean;
  /** Forgets the held source and its facts (teardown). */
  drop(): void;
}

export function createPreloadHold(send: EmitFact): PreloadHold {
  /** Facts of a preloaded source, held until `load` takes it. */
  let held: Array<() => void> | null = null;
  let preloaded: { url: string; startTime: number } | null = null;
  /** Told once of a fatal error of the preloaded source, while nobody listens yet. */
  let preloadFailed: (() => void) | null = null;
  return {
    start(url, startTime, onFailed) {
      held = [];
      preloaded = { url, startTime };
      preloadFailed = onFailed ?? null;
    },
    emit: (...args) => {
      if (!held) return send(...args);
      held.push(() => send(...args));
      const [fact, payload] = args;
      if (fact === 'error' && (payload as EngineError).fatal && preloadFailed) {
        const failed = preloadFailed;
        preloadFailed = null;
        failed();
      }
    },
    release(url, startTime) {
      if (!preloaded || preloaded.url !== url || preloaded.startTime !== startTime) return false;
      const replay = held ?? [];
      preloaded = null;
      preloadFailed = null;
      held = [];
      queueMicrotask(() => {
        if (held === null) return; // torn down meanwhile
        const later = held;
        held = null;
        for (const fact of [...replay, ...later]) fact();
      });
      return true;
    },
    drop() {
      held = null;
      preloaded = null;
      preloadFailed = null;
    },
  };
}
