/**
 * Harness-only: with `harness-client=` in the page URL (set only by the QA harness), the
 * engine's bandwidth estimate (for the charts) and its debug controls (the Engine tab) are
 * readable as `window.__harnessEngine` by the script the harness server injects
 * (harness/server/routes/harness-probe.ts). Without the parameter nothing is exposed or kept.
 */
import type { EngineDebug, MediaEngine } from '../engine/types';

declare global {
  interface Window {
    __harnessEngine?: { bandwidthEstimate(): number; debug?: EngineDebug };
  }
}

interface Host {
  location: { search: string };
  __harnessEngine?: Window['__harnessEngine'];
}

export function exposeToHarness<E extends MediaEngine>(engine: E, host: Host = window): E {
  if (new URLSearchParams(host.location.search).has('harness-client')) host.__harnessEngine = { bandwidthEstimate: () => engine.bandwidthEstimate, debug: engine.debug };
  return engine;
}
