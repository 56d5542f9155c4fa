/**
 * A harness session: what one harness link shows, from its first player load to the next link.
 * A page load starts one; `window.harness.open(link)` starts the next in the same tab, as QA
 * automation (Playwright, scripts) does between checks: the page's code and the browser's
 * compiled copy of it stay, everything the session showed starts again.
 */
import { clearStats } from './stats';

const newClientId = () => `qa-${Math.random().toString(36).slice(2, 10)}`;

let client = newClientId();

/** This session's client id: the server applies injected faults only to its player and marks its requests with it. */
export const harnessClient = (): string => client;

/** What automation calls on the page (`window.harness`). */
export interface HarnessAutomation {
  /**
   * Opens a harness link (`?scenario=film&auto_play=0`, or the page's whole address with one) as
   * a new session, without a reload: a new client id, no stats, messages or logs from before, the
   * page scrolled to its top. Returns the new client id.
   */
  open(link: string): string;
  /** Ends the session: the player frame is removed (its `pagehide` runs) and nothing is shown until the next `open`. */
  close(): void;
}

declare global {
  interface Window {
    harness?: HarnessAutomation;
  }
}

/** Where a session link must point: this page, so that it opens as a load of this page would. */
export function sessionAddress(link: string, page: { origin: string; pathname: string; href: string }): string {
  let url: URL;
  try {
    url = new URL(link, page.href);
  } catch {
    throw new Error(`not a harness link: ${JSON.stringify(link)}`);
  }
  if (url.origin !== page.origin || url.pathname !== page.pathname) {
    throw new Error(`a harness link opens this page (${page.origin}${page.pathname}), not ${url.origin}${url.pathname}`);
  }
  return `${url.pathname}${url.search}`;
}

/**
 * The automation object over `render(session, now)`, which shows the app for a session number (or
 * nothing, for `null`). The page load's session renders as React schedules it, so the player
 * frame is added after the harness page's own load, as before automation existed; the next ones
 * render `now`, so that their frame is on the page when `open` returns.
 */
export function createSessions(
  render: (session: number | null, now: boolean) => void,
  page: { location: Location; history: History; scrollTo(x: number, y: number): void },
): HarnessAutomation {
  let session = 0;
  render(session, false);
  return {
    open(link) {
      const address = sessionAddress(link, page.location);
      render(null, true);
      page.history.replaceState(null, '', address);
      client = newClientId();
      clearStats();
      page.scrollTo(0, 0);
      render(++session, true);
      return client;
    },
    close() {
      render(null, true);
    },
  };
}
