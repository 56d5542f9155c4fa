/**
 * Whether the harness server answers: every harness API call goes through `harnessFetch`, which
 * records the last failure (no answer, or a 5xx) until a later call succeeds. The page shows
 * a banner while it stands (TopBar.tsx), beside the event stream's own status.
 */
import { useSyncExternalStore } from 'react';

let failure: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null): void {
  if (next === failure) return;
  failure = next;
  listeners.forEach((listener) => listener());
}

export async function harnessFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    const response = await fetch(url, init);
    set(response.status >= 500 ? `${init?.method ?? 'GET'} ${url} → ${response.status}` : null);
    return response;
  } catch (error) {
    set(`${init?.method ?? 'GET'} ${url}: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}

export function useServerFailure(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => failure,
  );
}
