/**
 * Harness-only: with `harness-client=` in the page URL (set only by the QA harness), the
 * engine's bandwidth estimate (for the charts) and its debug controls (the Engine tab) are
 * readable as `window.__harnessEngine`, and the episode's chapters (the status line) as
 * `window.__harnessChapters`, by the script the harness server injects
 * (harness/server/routes/harness-probe.ts). Without the parameter nothing is exposed or kept.
 */
import type { EngineDebug, MediaEngine } from '../engine/types';

/** The chapters as the player holds them now: whether the file was named and read, how many, and the one playing. */
export interface HarnessChapters {
  /** 'none': the master names no file; 'found': named, not fetched yet (the first frame comes first). */
  state: 'none' | 'found' | 'loading' | 'ready' | 'failed';
  count: number;
  /** The chapter at the playhead: its role and title, or null. */
  current: { role: string; title: string; start: number; end: number } | null;
}

declare global {
  interface Window {
    __harnessEngine?: { bandwidthEstimate(): number; debug: EngineDebug };
    __harnessChapters?: HarnessChapters;
  }
}

interface Host {
  location: { search: string };
  __harnessEngine?: Window['__harnessEngine'];
  __harnessChapters?: HarnessChapters;
}

const harnessPage = (host: Host) => new URLSearchParams(host.location.search).has('harness-client');

export function exposeToHarness<E extends MediaEngine>(engine: E, host: Host = window): E {
  if (harnessPage(host)) host.__harnessEngine = { bandwidthEstimate: () => engine.bandwidthEstimate, debug: engine.debug };
  return engine;
}

/** Keeps the chapters where the probe reads them; nothing off the harness (nor outside a browser). */
export function exposeChaptersToHarness(chapters: HarnessChapters, host: Host | undefined = typeof window === 'undefined' ? undefined : window): void {
  if (host && harnessPage(host)) host.__harnessChapters = chapters;
}
