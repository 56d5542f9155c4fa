/**
 * What the viewer asks for before the player can do it. index.html's inline script starts the
 * recorder while the page is still black, so a tap or a key from the first paint on is kept: the
 * page's shell (page-shell.ts) performs what it can at once and hands the rest to the app.
 */

import { shortcutFor, type Shortcut } from '../features/playback/shortcut-rules';

/** What the viewer asked for; 'settings' (the settings menu) only the app performs. */
export type ViewerIntent = 'toggle' | 'mute' | 'fullscreen' | 'seekBack' | 'seekForward' | 'settings';

/** The shortcuts (the app's own table, shortcut-rules.ts) that mean something before the app. */
const KEY_INTENTS: Partial<Record<Shortcut['kind'], ViewerIntent>> = {
  togglePlay: 'toggle',
  mute: 'mute',
  fullscreen: 'fullscreen',
  seekBack: 'seekBack',
  seekForward: 'seekForward',
};

/** The intent a key press asks for; null for other keys and for keys typed with a modifier. */
export function keyIntent(event: Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>): ViewerIntent | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const shortcut = shortcutFor({ key: event.key, code: event.code, shift: event.shiftKey });
  return (shortcut && KEY_INTENTS[shortcut.kind]) ?? null;
}

export interface IntentRecorder {
  /** Intents heard while nobody took them, in order. */
  readonly pending: ViewerIntent[];
  /**
   * From now on each intent goes to `take` (the page's shell), the pending ones first. A click's
   * target is passed on, so the shell can tell its own buttons from the picture.
   */
  handTo(take: (intent: ViewerIntent, target: EventTarget | null) => void): void;
  stop(): void;
}

/** Set on <html> while a recorded intent waits: index.html's inline style shows a spinner for it. */
export const WAITING_ATTRIBUTE = 'data-viewer-waiting';

/**
 * Listens on the document for a tap or click and for the player's keys, before anything else runs;
 * until `handTo`, a click or a key is kept and the page shows that it is on its way.
 */
export function recordIntents(doc: Document): IntentRecorder {
  const pending: ViewerIntent[] = [];
  let take: ((intent: ViewerIntent, target: EventTarget | null) => void) | null = null;
  const heard = (intent: ViewerIntent, target: EventTarget | null) => {
    if (take) return take(intent, target);
    pending.push(intent);
    doc.documentElement.setAttribute(WAITING_ATTRIBUTE, '');
  };
  const onClick = (event: MouseEvent) => heard('toggle', event.target);
  const onKey = (event: KeyboardEvent) => {
    const intent = keyIntent(event);
    if (!intent || event.defaultPrevented) return;
    // Space and the arrows would scroll a page that has somewhere to scroll.
    event.preventDefault();
    heard(intent, event.target);
  };
  doc.addEventListener('click', onClick);
  doc.addEventListener('keydown', onKey);
  return {
    pending,
    handTo(next) {
      take = next;
      doc.documentElement.removeAttribute(WAITING_ATTRIBUTE);
      for (const intent of pending.splice(0)) next(intent, null);
    },
    stop() {
      take = null;
      doc.removeEventListener('click', onClick);
      doc.removeEventListener('keydown', onKey);
      doc.documentElement.removeAttribute(WAITING_ATTRIBUTE);
    },
  };
}
