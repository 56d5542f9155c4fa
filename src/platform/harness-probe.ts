/**
 * Harness-only: with `harness-client=` in the page URL (set only by the QA harness), the
 * engine's bandwidth estimate is readable as `window.__harnessEngine` by the script the harness
 * server injects for its charts (harness/server/routes/harness-probe.ts). Without the parameter
 * nothing is exposed or kept.
 */
import type { MediaEngine } from '../engine/types';

declare global {
  interface Window {
    __harnessEngine?: { bandwidthEstimate(): number };
  }
}

interface Host {
  location: { search: string };
  __harnessEngine?: Window['__harnessEngine'];
}

export function exposeToHarness<E extends MediaEngine>(engine: E, host: Host = window): E {
  if (new URLSearchParams(host.location.search).has('harness-client')) host.__harnessEngine = { bandwidthEstimate: () => engine.bandwidthEstimate };
  return engine;
}
