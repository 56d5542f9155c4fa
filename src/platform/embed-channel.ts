/**
 * The window side of the player.js receiver (src/features/embed): messages from the embedding
 * page in, JSON text to it out. Like the parent bridge beside it, a message counts only when
 * its source is `window.parent`, and answers go to the embedding origin, never '*'. What a
 * message means, and whether its origin is obeyed, the embed model decides.
 */
import { createEffect } from 'effector';
import { embeddingOrigin, isFramed } from './parent-bridge';
import { earlyParentMessages } from './early-messages';

/** A message from the parent window, as it arrived: its data is untrusted. */
export interface EmbedderMessage {
  data: unknown;
  origin: string;
}

/** At most this many parent messages a second reach the model; a flood beyond it is dropped. */
const EMBED_MESSAGES_PER_SECOND = 200;

/**
 * A fixed-window budget: true while fewer than `limit` messages were admitted in the current
 * `windowMs`. A page that floods the player is cut off for the rest of that window only.
 */
export function createMessageBudget(limit = EMBED_MESSAGES_PER_SECOND, windowMs = 1000, now: () => number = Date.now): () => boolean {
  let windowStart = Number.NEGATIVE_INFINITY;
  let admitted = 0;
  return () => {
    const time = now();
    if (time - windowStart >= windowMs || time < windowStart) {
      windowStart = time;
      admitted = 0;
    }
    if (admitted >= limit) return false;
    admitted += 1;
    return true;
  };
}

/**
 * Calls `onMessage` for each message whose source is the parent window (never for a sibling
 * frame, a popup, or the page itself when it is not framed), within the budget: first those that
 * came before the app (early-messages.ts), then each as it comes. Returns the unsubscriber.
 */
export function listenToEmbedder(
  onMessage: (message: EmbedderMessage) => void,
  admit: () => boolean = createMessageBudget(),
  early: readonly EmbedderMessage[] = earlyParentMessages(),
): () => void {
  for (const message of early) if (admit()) onMessage(message);
  const onWindowMessage = (event: MessageEvent) => {
    if (event.source === null || event.source !== window.parent || event.source === window) return;
    if (!admit()) return;
    onMessage({ data: event.data, origin: typeof event.origin === 'string' ? event.origin : '' });
  };
  window.addEventListener('message', onWindowMessage);
  return () => window.removeEventListener('message', onWindowMessage);
}

/** The embedding page's origin (see parent-bridge embeddingOrigin); null when not framed or unknown. */
export const readEmbedderOriginFx = createEffect((): string | null =>
  isFramed() ? embeddingOrigin(window.location.ancestorOrigins, document.referrer) : null,
);

export interface EmbedderPost {
  /** The embedding origin; the browser drops a message whose target origin the parent does not have. */
  origin: string;
  /** player.js messages; each is sent as JSON text, which is what the player.js client parses. */
  messages: readonly object[];
}

/** Posts each message to the parent at `origin`; resolves with the number posted. */
export const postToEmbedderFx = createEffect(({ origin, messages }: EmbedderPost): number => {
  if (!isFramed()) return 0;
  let posted = 0;
  for (const message of messages) {
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch {
      continue;
    }
    window.parent.postMessage(text, origin);
    posted += 1;
  }
  return posted;
});
