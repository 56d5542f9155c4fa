/**
 * The harness's own rstat4 sink. Same-origin embeds find it on window.top as a real page's
 * would; cross-origin embeds get a relay the harness server injects into the player page (see
 * server/routes/stats-relay.ts), which posts `{ source: RELAY_SOURCE, event, payload }` here.
 * Events are also kept on `window.__harnessStats` for the e2e tests.
 */
import { useSyncExternalStore } from 'react';

export const RELAY_SOURCE = 'harness-rstat4';

export interface StatEntry {
  id: number;
  t: number;
  event: string;
  payload: unknown;
  via: 'top' | 'relay';
}

declare global {
  interface Window {
    rstat4?: (event: string, payload?: unknown) => void;
    __harnessStats?: StatEntry[];
  }
}

let entries: StatEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const CAP = 5000;

function record(event: string, payload: unknown, via: StatEntry['via']): void {
  const entry = { id: nextId++, t: Date.now(), event, payload, via };
  entries = entries.length >= CAP ? [...entries.slice(1), entry] : [...entries, entry];
  window.__harnessStats = entries;
  listeners.forEach((listener) => listener());
}

export function clearStats(): void {
  entries = [];
  window.__harnessStats = entries;
  listeners.forEach((listener) => listener());
}

export const isRelayMessage = (data: unknown): data is { source: string; event: string; payload: unknown } =>
  typeof data === 'object' && data !== null && (data as { source?: unknown }).source === RELAY_SOURCE && typeof (data as { event?: unknown }).event === 'string';

/** A frame removed with its session (session.ts) may still send while it unloads: that is not this session's. */
const fromShownFrame = (source: MessageEventSource | null): boolean =>
  Array.from(document.querySelectorAll('iframe')).some((frame) => frame.contentWindow === source);

/** Installs window.rstat4 and the relay listener (once); only `playerOrigin` may relay. */
let installed = false;
export function installStatsSink(playerOrigin: string): void {
  if (installed) return;
  installed = true;
  window.__harnessStats = entries;
  window.rstat4 = (event, payload) => record(String(event), payload, 'top');
  window.addEventListener('message', (message) => {
    if (message.origin !== playerOrigin || !isRelayMessage(message.data) || !fromShownFrame(message.source)) return;
    record(message.data.event, message.data.payload, 'relay');
  });
}

/** The events so far, for a one-off read (a bug report, a saved trace). */
export const readStats = (): StatEntry[] => entries;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStats(): StatEntry[] {
  return useSyncExternalStore(subscribe, () => entries);
}

/**
 * The player's autoplay outcome (`videoplayer_autoplay`'s `result`: sound, muted or blocked), the
 * newest since `since` (the frame's load), or null before it tries.
 */
export function autoplayOutcome(stats: readonly StatEntry[], since: number): string | null {
  for (let i = stats.length - 1; i >= 0; i--) {
    const entry = stats[i]!;
    if (entry.t < since) break;
    if (entry.event !== 'videoplayer_autoplay') continue;
    const result = (entry.payload as { result?: unknown } | null)?.result;
    return typeof result === 'string' ? result : 'unknown';
  }
  return null;
}

/** The same, live; re-renders only when the outcome changes. */
export function useAutoplayOutcome(since: number): string | null {
  return useSyncExternalStore(subscribe, () => autoplayOutcome(entries, since));
}
