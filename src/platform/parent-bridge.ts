/**
 * Messages between the player and the page that embeds it (SPEC.md §7). Outgoing messages go
 * to the embedding origin only, never '*'; incoming ones are acted on only when they come
 * from `window.parent`, so a sibling frame or a popup cannot drive the player.
 */
import { createEffect } from 'effector';
import { earlyParentMessages, type ParentMessageRecord } from './early-messages';
import { isFramed } from './frame';

/**
 * Actions the parent may send: `{ type: 'click' }` closes menus, `{ type: 'pause' }` pauses,
 * `{ type: 'exitFullScreen' }` says the page no longer stretches the frame (back, Escape there).
 */
export type ParentAction = { type: 'click' } | { type: 'pause' } | { type: 'exitFullScreen' };

/** Messages the player posts to its parent. */
export type ParentMessage =
  | { event: 'enterFullScreen' }
  | { event: 'exitFullScreen' }
  | { event: 'episodeChanged'; payload: { episode: unknown } };

const ACTION_TYPES = new Set<string>(['click', 'pause', 'exitFullScreen']);

/** Reads an action from message data: an object, or its JSON text, with a known `type`. */
export function parseParentAction(data: unknown): ParentAction | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && ACTION_TYPES.has(type) ? ({ type } as ParentAction) : null;
}

/** The origin of an http(s) URL, or null. */
function httpOrigin(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The embedding page's origin: `location.ancestorOrigins[0]` where the browser has it
 * (Chromium, Safari), else the referrer's origin. Null when neither is known.
 */
export function embeddingOrigin(ancestorOrigins: ArrayLike<string> | undefined, referrer: string): string | null {
  return httpOrigin(ancestorOrigins?.[0]) ?? httpOrigin(referrer);
}

export { isFramed } from './frame';

/**
 * Posts a message to the parent at the embedding origin. Resolves false (and posts nothing)
 * when there is no parent or its origin is unknown.
 */
export const postToParentFx = createEffect((message: ParentMessage): boolean => {
  if (!isFramed()) return false;
  const origin = embeddingOrigin(window.location.ancestorOrigins, document.referrer);
  if (!origin) return false;
  window.parent.postMessage(message, origin);
  return true;
});

/**
 * Calls `onAction` for each action message from the parent window, those sent before the app first
 * (early-messages.ts); returns the unsubscriber.
 */
export function listenToParent(onAction: (action: ParentAction) => void, early: readonly ParentMessageRecord[] = earlyParentMessages()): () => void {
  for (const { data } of early) {
    const action = parseParentAction(data);
    if (action) onAction(action);
  }
  const onMessage = (event: MessageEvent) => {
    if (event.source === null || event.source !== window.parent || event.source === window) return;
    const action = parseParentAction(event.data);
    if (action) onAction(action);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
