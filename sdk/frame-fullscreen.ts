/**
 * The page's side of the player's parent fullscreen (SPEC.md §4, docs/embedding.md): on the
 * player's `enterFullScreen` the frame goes fullscreen, natively where the browser lets an
 * iframe (`requestFullscreen`, inside the activation of the tap the player passed up), else
 * stretched over the viewport by its inline style (iOS Safari has no element fullscreen).
 *
 * While in it, a history entry of its own lets the back gesture leave; Escape, the player's
 * `exitFullScreen`, the browser leaving native fullscreen and the frame's removal leave too.
 * Leaving puts back the frame's style attribute as it was, the page's scroll position and the
 * orientation lock, and drops the history entry.
 */

/** Over the viewport: fixed, the dynamic viewport height where known (100vh before it), above everything. */
const STRETCHED: readonly [string, string][] = [
  ['position', 'fixed'],
  ['top', '0'],
  ['right', '0'],
  ['bottom', '0'],
  ['left', '0'],
  ['width', '100%'],
  ['height', '100vh'],
  ['height', '100dvh'],
  ['max-width', 'none'],
  ['max-height', 'none'],
  ['margin', '0'],
  ['padding', '0'],
  ['border', '0'],
  ['transform', 'none'],
  ['z-index', '2147483647'],
];

type OrientationLock = ScreenOrientation & { lock?(orientation: string): Promise<void> };

interface Session {
  style: string | null;
  scrollX: number;
  scrollY: number;
  /** The page's address when the history entry was pushed: back only while it is still current. */
  href: string;
  native: boolean;
}

/** Why the frame left fullscreen: the player asked (it knows), or the page did (the player is told). */
export type ExitSource = 'player' | 'page';

export class FrameFullscreen {
  #session: Session | null = null;
  #observer: MutationObserver | null = null;

  /** `leftByPage` tells the player it is no longer stretched. */
  constructor(
    readonly iframe: HTMLIFrameElement,
    private readonly leftByPage: () => void,
  ) {}

  get active(): boolean {
    return this.#session !== null;
  }

  enter(): void {
    if (this.#session || !this.iframe.isConnected) return;
    const session: Session = {
      style: this.iframe.getAttribute('style'),
      scrollX: window.scrollX,
      scrollY: window.scrollY,
      href: location.href,
      native: false,
    };
    this.#session = session;
    history.pushState(history.state, '');
    addEventListener('popstate', this.#onPopState);
    addEventListener('keydown', this.#onKeyDown);
    document.addEventListener('fullscreenchange', this.#onFullscreenChange);
    this.#observer = new MutationObserver(() => {
      if (!this.iframe.isConnected) this.exit('page');
    });
    this.#observer.observe(document, { childList: true, subtree: true });
    // Called now, inside the activation of the tap the player passed up with its message.
    let request: Promise<void> | undefined;
    try {
      request = this.iframe.requestFullscreen?.();
    } catch {
      // An older engine that throws instead of rejecting.
    }
    if (!request) return this.#stretch();
    request.then(
      () => {
        if (this.#session !== session) return void document.exitFullscreen?.().catch(() => {});
        session.native = true;
        (screen.orientation as OrientationLock | undefined)?.lock?.('landscape').catch(() => {});
      },
      () => {
        if (this.#session === session) this.#stretch();
      },
    );
  }

  #stretch(): void {
    for (const [name, value] of STRETCHED) this.iframe.style.setProperty(name, value, 'important');
  }

  /** Leaves fullscreen and puts the page back; `source` 'page' also tells the player. */
  exit(source: ExitSource, viaBack = false): void {
    const session = this.#session;
    if (!session) return;
    this.#session = null;
    removeEventListener('popstate', this.#onPopState);
    removeEventListener('keydown', this.#onKeyDown);
    document.removeEventListener('fullscreenchange', this.#onFullscreenChange);
    this.#observer?.disconnect();
    this.#observer = null;
    if (document.fullscreenElement === this.iframe) document.exitFullscreen().catch(() => {});
    if (session.native) {
      try {
        screen.orientation.unlock();
      } catch {
        // Not locked, or not allowed here.
      }
    }
    if (session.style === null) this.iframe.removeAttribute('style');
    else this.iframe.setAttribute('style', session.style);
    if (!viaBack && location.href === session.href) history.back();
    scrollTo(session.scrollX, session.scrollY);
    if (source === 'page') this.leftByPage();
  }

  readonly #onPopState = (): void => this.exit('page', true);

  readonly #onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') this.exit('page');
  };

  readonly #onFullscreenChange = (): void => {
    if (this.#session?.native && document.fullscreenElement !== this.iframe) this.exit('page');
  };
}
