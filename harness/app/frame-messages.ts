/**
 * The player frame's own postMessage traffic (not the probe's, not the rstat4 relay's): the
 * Messages log, and the few messages other regions act on (fullscreen, episode changes).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { MessageEntry } from './MessageLog';
import { isProbeMessage } from './probe';
import { isRelayMessage } from './stats';
import { createStore, type Readable } from './store';

const MESSAGE_CAP = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Calls `onMessage` with each message the player frame posts to this page. */
export function useFrameMessages(frameRef: RefObject<HTMLIFrameElement | null>, onMessage: (data: unknown, origin: string) => void): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow) return;
      // The harness's own rstat4 relay is not a player message (see stats.ts).
      if (isRelayMessage(event.data) || isProbeMessage(event.data)) return;
      handler.current(event.data, event.origin);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frameRef]);
}

/** The parent-fullscreen message a frame posted: true for enterFullScreen, false for exitFullScreen. */
export function fullscreenRequest(data: unknown): boolean | null {
  if (!isRecord(data)) return null;
  return data.event === 'enterFullScreen' ? true : data.event === 'exitFullScreen' ? false : null;
}

/** `S1E2 · 10212` from an episodeChanged payload's episode. */
function episodeLabel(episode: unknown): string | null {
  if (!isRecord(episode) || typeof episode.id !== 'number') return null;
  const season = isRecord(episode.season) ? episode.season.order : undefined;
  return typeof season === 'number' && typeof episode.order === 'number' ? `S${season}E${episode.order} · ${episode.id}` : String(episode.id);
}

/** The episode an episodeChanged message names (its label and id), or null for any other message. */
export function episodeChange(data: unknown): { label: string | null; id: number | null } | null {
  if (!isRecord(data) || data.event !== 'episodeChanged' || !isRecord(data.payload)) return null;
  const episode = data.payload.episode;
  return { label: episodeLabel(episode), id: isRecord(episode) && typeof episode.id === 'number' ? episode.id : null };
}

export interface MessageLogStore extends Readable<MessageEntry[]> {
  push(entry: Omit<MessageEntry, 'id'>): void;
  clear(): void;
}

/** The newest `cap` messages, each with an id of its own. */
export function createMessageLog(cap = MESSAGE_CAP): MessageLogStore {
  const store = createStore<MessageEntry[]>([]);
  let nextId = 1;
  return {
    get: store.get,
    subscribe: store.subscribe,
    push(entry) {
      const row = { ...entry, id: nextId++ };
      store.set((list) => (list.length >= cap ? [...list.slice(list.length - cap + 1), row] : [...list, row]));
    },
    clear: () => store.set([]),
  };
}

/** The Messages log, with every message the frame posts in it. The object never changes. */
export function useMessageLog(frameRef: RefObject<HTMLIFrameElement | null>): MessageLogStore {
  const [log] = useState(() => createMessageLog());
  useFrameMessages(frameRef, (data, origin) => log.push({ direction: 'in', t: performance.now(), origin, data }));
  return log;
}
