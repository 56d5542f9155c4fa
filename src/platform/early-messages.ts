/**
 * Messages from the embedding page that arrive before the app listens. index.html's inline script
 * starts the log at once, so a `pause` or a player.js command sent while the app loads is kept; each
 * listener (parent-bridge.ts, embed-channel.ts) replays what came before it, then hears the rest live.
 */

/** A message from the parent window, as it arrived: its data is untrusted. */
export interface ParentMessageRecord {
  data: unknown;
  origin: string;
}

/** At most this many early messages are kept; a page that floods the player before it is ready loses the rest. */
export const EARLY_MESSAGES_KEPT = 50;

/** Logs the parent window's messages (never a sibling frame's, a popup's or the page's own) into `log`, up to the cap. */
export function recordParentMessages(win: Window, log: ParentMessageRecord[]): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.source === null || event.source !== win.parent || event.source === win) return;
    if (log.length >= EARLY_MESSAGES_KEPT) return;
    log.push({ data: event.data, origin: typeof event.origin === 'string' ? event.origin : '' });
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}

declare global {
  interface Window {
    /** The inline script's log of the parent's messages before the app (early-page.ts). */
    filmPlayerParentMessages?: ParentMessageRecord[];
  }
}

/** The messages the parent sent before now, as the page's inline script logged them. */
export function earlyParentMessages(win: Window | undefined = typeof window === 'undefined' ? undefined : window): readonly ParentMessageRecord[] {
  return win?.filmPlayerParentMessages?.slice() ?? [];
}
