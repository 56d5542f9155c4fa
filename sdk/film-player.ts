/**
 * The film player's host SDK: drives an embedded player from the page that embeds it, over
 * the player.js protocol (docs/embedding.md). Its own bundle, dist/embed/film-player.js (ESM);
 * it shares no code with the player.
 *
 * ```js
 * import { FilmPlayer } from 'https://player.example/embed/film-player.js';
 * const player = await FilmPlayer.attach(document.querySelector('iframe'));
 * player.on('episodeChanged', (episode) => console.log(episode.title));
 * await player.play();
 * ```
 *
 * Messages go to the iframe's origin only (taken from its src), and only messages whose source
 * is the iframe's window and whose origin is that origin are read.
 */
import {
  decodeMessage,
  encodeMethod,
  eventValue,
  httpOrigin,
  readReady,
  type FilmPlayerEventName,
  type FilmPlayerEvents,
  type FilmPlayerGetter,
  type FilmPlayerGetters,
  type IncomingMessage,
  type ListenerId,
} from './protocol';
import { watchPageAddress } from './page-address';
import { FrameFullscreen } from './frame-fullscreen';
import { deepLinkNames, withDeepLink, type DeepLinkOption } from './deep-link';

export type * from './protocol';
export { PLAYERJS_CONTEXT, PLAYERJS_VERSION } from './protocol';
export type { DeepLinkOption, DeepLinkParam } from './deep-link';

export interface AttachOptions {
  /** How long attach waits for the player's `ready`, in ms. Default 15 000. */
  timeoutMs?: number;
  /** How long a getter waits for its answer, in ms. Default 5 000. */
  answerTimeoutMs?: number;
  /**
   * Tell the player this page's address (`setPageUrl`) once ready and after every address
   * change, so its share links point at this page. Default true.
   */
  reportPageUrl?: boolean;
  /**
   * Make the frame fullscreen when the player asks (`enterFullScreen`: on a phone, or with
   * `data-fullscreen="parent"`), natively or stretched over the page. Default true.
   */
  fullscreen?: boolean;
  /**
   * Pass `t`, `season`, `episode` and `episode_id` from this page's address to the player (onto
   * the iframe's src, where it does not set them). `false` turns it off; an object renames a
   * parameter (`{ t: 'time' }`) or skips it (`{ episode_id: false }`). Default true.
   */
  deepLink?: DeepLinkOption;
}

export type FilmPlayerHandler<E extends FilmPlayerEventName> = (value: FilmPlayerEvents[E]) => void;

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_ANSWER_TIMEOUT_MS = 5_000;

interface Subscription {
  id: ListenerId;
  handlers: Set<(value: never) => void>;
}

interface Waiter {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** Settles at most once; `timeoutMs` later it rejects with `timeoutError()` and calls `onTimeout`. */
function waiter<T>(timeoutMs: number, timeoutError: () => Error, onTimeout: () => void): [Promise<T>, Waiter] {
  let settle!: Waiter;
  const promise = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(timeoutError());
    }, timeoutMs);
    settle = {
      resolve: (value) => {
        clearTimeout(timer);
        resolve(value as T);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    };
  });
  return [promise, settle];
}

function rethrowLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  });
}

export class FilmPlayer {
  /**
   * Connects to the player in `iframe`. Resolves once the player is ready (also when it was
   * ready before this call: the SDK asks it to repeat `ready`); rejects when `iframe` is not an
   * iframe, has no http(s) src, or no ready came within `timeoutMs`.
   */
  static attach(iframe: HTMLIFrameElement, options: AttachOptions = {}): Promise<FilmPlayer> {
    if (!iframe || iframe.nodeName !== 'IFRAME') {
      return Promise.reject(new TypeError('FilmPlayer.attach: expected an <iframe> element'));
    }
    const origin = httpOrigin(iframe.src);
    if (!origin) {
      return Promise.reject(new TypeError(`FilmPlayer.attach: the iframe has no http(s) src (src: "${iframe.getAttribute('src') ?? ''}")`));
    }
    let src: string;
    try {
      src = withDeepLink(iframe.src, location.href, deepLinkNames(options.deepLink));
    } catch (error) {
      return Promise.reject(error);
    }
    // A frame that already loads the player loads it again, at the link's place.
    const reloads = src !== iframe.src;
    if (reloads) iframe.src = src;
    const player = new FilmPlayer(iframe, origin, options);
    return player.#connect(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, !reloads);
  }

  /** The player's frame. */
  readonly iframe: HTMLIFrameElement;
  /** The player's origin: messages go there only, and only messages from there are read. */
  readonly origin: string;

  readonly #answerTimeoutMs: number;
  readonly #reportsPageUrl: boolean;
  /** Tags this instance's listeners apart from other clients' of the same frame. */
  readonly #tag = `fp-${Math.random().toString(36).slice(2, 10)}-`;
  #nextId = 0;
  readonly #readyId: ListenerId;
  #attaching: Waiter | null = null;
  #ready = false;
  #destroyed = false;
  #methods: string[] | null = null;
  #events: string[] | null = null;
  readonly #subscriptions = new Map<string, Subscription>();
  readonly #answers = new Map<ListenerId, { method: string } & Waiter>();
  #unwatchAddress: (() => void) | null = null;
  #lastPageUrl: string | null = null;
  readonly #fullscreen: FrameFullscreen | null;

  private constructor(iframe: HTMLIFrameElement, origin: string, options: AttachOptions) {
    this.iframe = iframe;
    this.origin = origin;
    this.#answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
    this.#reportsPageUrl = options.reportPageUrl ?? true;
    this.#readyId = this.#newId();
    this.#fullscreen = options.fullscreen === false ? null : new FrameFullscreen(iframe, () => this.#postToFrame({ type: 'exitFullScreen' }));
  }

  #connect(timeoutMs: number, askReady: boolean): Promise<FilmPlayer> {
    const [promise, settle] = waiter<FilmPlayer>(
      timeoutMs,
      () => new Error(`FilmPlayer.attach: the player at ${this.origin} was not ready within ${timeoutMs} ms`),
      () => {
        this.#attaching = null;
        this.destroy();
      },
    );
    this.#attaching = settle;
    window.addEventListener('message', this.#onMessage);
    // A player that is already ready answers this with `ready`; one that is not yet sends
    // `ready` by itself when it is (the spec: "regardless of listening"), and drops this. A frame
    // whose src was just changed is not asked: the page leaving it could answer.
    if (askReady) this.#post('addEventListener', 'ready', this.#readyId);
    return promise;
  }

  #newId(): ListenerId {
    this.#nextId += 1;
    return this.#tag + this.#nextId;
  }

  /** Posts a method call to the player's window at the player's origin (dropped if the frame is elsewhere). */
  #post(method: string, value?: unknown, listener?: ListenerId): void {
    this.#postToFrame(encodeMethod(method, value, listener));
  }

  #postToFrame(data: unknown): void {
    this.iframe.contentWindow?.postMessage(data, this.origin);
  }

  readonly #onMessage = (event: MessageEvent): void => {
    const frame = this.iframe.contentWindow;
    if (frame === null || event.source !== frame || event.origin !== this.origin) return;
    // The spec's own fullscreen messages, plain objects (docs/embedding.md).
    const spec = (event.data as { event?: unknown } | null)?.event;
    if (spec === 'enterFullScreen') return this.#fullscreen?.enter();
    if (spec === 'exitFullScreen') return this.#fullscreen?.exit('player');
    const message = decodeMessage(event.data);
    if (message) this.#receive(message);
  };

  #receive({ event, value, listener }: IncomingMessage): void {
    if (event === 'ready') return this.#onReady(value, listener);
    if (listener === null) return;
    const answer = this.#answers.get(String(listener));
    if (answer && answer.method === event) {
      this.#answers.delete(String(listener));
      answer.resolve(value ?? null);
      return;
    }
    const subscription = this.#subscriptions.get(event);
    if (subscription?.id !== listener) return;
    const delivered = eventValue(event, value);
    for (const handler of [...subscription.handlers]) {
      try {
        (handler as (value: unknown) => void)(delivered);
      } catch (error) {
        rethrowLater(error);
      }
    }
  }

  #onReady(value: unknown, listener: string | number | null): void {
    const ready = readReady(value);
    if (!ready) return;
    this.#methods = ready.methods;
    this.#events = ready.events;
    if (!this.#ready) {
      this.#ready = true;
      if (this.#reportsPageUrl) {
        this.#unwatchAddress = watchPageAddress(() => queueMicrotask(() => this.#reportPageUrl()));
        this.#reportPageUrl();
      }
      const attaching = this.#attaching;
      this.#attaching = null;
      attaching?.resolve(this);
    } else if (listener === null) {
      // A ready nobody asked for after the first: the frame loaded the player again, and the
      // new page knows none of our listeners nor the page's address.
      for (const [name, { id }] of this.#subscriptions) this.#post('addEventListener', name, id);
      this.#fullscreen?.exit('player');
      this.#lastPageUrl = null;
      if (this.#reportsPageUrl) this.#reportPageUrl();
    }
  }

  #reportPageUrl(): void {
    const href = window.location.href;
    if (this.#destroyed || href === this.#lastPageUrl || !this.supports('method', 'setPageUrl')) return;
    this.#lastPageUrl = href;
    this.#post('setPageUrl', href);
  }

  /** Throws when the player cannot take `method`: destroyed, or not in ready's method list. */
  #assertCallable(method: string): void {
    if (this.#destroyed) throw new Error(`FilmPlayer.${method}: the player was destroyed`);
    if (!this.supports('method', method)) throw new Error(`FilmPlayer.${method}: the player does not support it`);
  }

  async #call(method: string, value?: unknown): Promise<void> {
    this.#assertCallable(method);
    this.#post(method, value);
  }

  async #get<M extends FilmPlayerGetter>(method: M): Promise<FilmPlayerGetters[M]> {
    this.#assertCallable(method);
    const id = this.#newId();
    const [promise, settle] = waiter<FilmPlayerGetters[M]>(
      this.#answerTimeoutMs,
      () => new Error(`FilmPlayer.${method}: no answer within ${this.#answerTimeoutMs} ms`),
      () => this.#answers.delete(id),
    );
    this.#answers.set(id, { method, ...settle });
    this.#post(method, undefined, id);
    return promise;
  }

  /**
   * Whether the player said (in `ready`) it has this method, or these methods (every one); the
   * same for events. True for anything when its ready had no such list.
   */
  supports(kind: 'method' | 'event', names: string | readonly string[]): boolean {
    const known = kind === 'method' ? this.#methods : this.#events;
    return known === null || (typeof names === 'string' ? [names] : names).every((name) => known.includes(name));
  }

  /** Plays the content; while an ad plays, the ad. */
  play(): Promise<void> {
    return this.#call('play');
  }
  /** Pauses the content; while an ad plays, the ad. */
  pause(): Promise<void> {
    return this.#call('pause');
  }
  getPaused(): Promise<boolean> {
    return this.#get('getPaused');
  }
  mute(): Promise<void> {
    return this.#call('mute');
  }
  unmute(): Promise<void> {
    return this.#call('unmute');
  }
  getMuted(): Promise<boolean> {
    return this.#get('getMuted');
  }
  /** Volume 0–100 (the player snaps it to steps of 5, and unmutes). */
  async setVolume(volume: number): Promise<void> {
    if (!Number.isFinite(volume)) throw new TypeError('FilmPlayer.setVolume: expected a number 0–100');
    return this.#call('setVolume', Math.min(100, Math.max(0, volume)));
  }
  /** 0–100. */
  getVolume(): Promise<number> {
    return this.#get('getVolume');
  }
  /** Seconds; 0 until known. */
  getDuration(): Promise<number> {
    return this.#get('getDuration');
  }
  /** Seeks to `seconds` (the player clamps it to the duration; ignored during an ad). */
  async setCurrentTime(seconds: number): Promise<void> {
    if (!Number.isFinite(seconds) || seconds < 0) throw new TypeError('FilmPlayer.setCurrentTime: expected seconds ≥ 0');
    return this.#call('setCurrentTime', seconds);
  }
  getCurrentTime(): Promise<number> {
    return this.#get('getCurrentTime');
  }
  /** Loop on: an ended episode replays from 0 and the next one does not start by itself. */
  async setLoop(loop: boolean): Promise<void> {
    if (typeof loop !== 'boolean') throw new TypeError('FilmPlayer.setLoop: expected a boolean');
    return this.#call('setLoop', loop);
  }
  getLoop(): Promise<boolean> {
    return this.#get('getLoop');
  }
  /** Plays the next episode of a series (ignored when there is none, or during an ad). */
  nextEpisode(): Promise<void> {
    return this.#call('nextEpisode');
  }
  /** Plays the episode with this id (ignored if unknown, already current, or during an ad). */
  async setEpisode(episodeId: number): Promise<void> {
    if (!Number.isSafeInteger(episodeId) || episodeId <= 0) throw new TypeError('FilmPlayer.setEpisode: expected a positive integer episode id');
    return this.#call('setEpisode', episodeId);
  }
  /** The current episode; null when there is none yet. */
  getEpisode(): Promise<FilmPlayerGetters['getEpisode']> {
    return this.#get('getEpisode');
  }
  /** The ad interface's version ('2.0'). */
  handshakeVersion(): Promise<string> {
    return this.#get('handshakeVersion');
  }
  /** The running ad's duration in seconds; -2 when unknown or no ad runs. */
  getAdDuration(): Promise<number> {
    return this.#get('getAdDuration');
  }
  /** Seconds left of the running ad; -2 when unknown or no ad runs. */
  getAdRemainingTime(): Promise<number> {
    return this.#get('getAdRemainingTime');
  }
  /** Skips the running ad, once its skip offset has passed (else ignored). */
  skipAd(): Promise<void> {
    return this.#call('skipAd');
  }
  /** Stops the running ad; the content goes on. */
  stopAd(): Promise<void> {
    return this.#call('stopAd');
  }
  /**
   * Tells the player the address to share (default: this page's). It must be on this page's
   * origin: the player refuses others. Attach does this by itself unless `reportPageUrl: false`.
   */
  async setPageUrl(url: string = window.location.href): Promise<void> {
    let href: string;
    try {
      href = new URL(url, window.location.href).href;
    } catch {
      throw new TypeError(`FilmPlayer.setPageUrl: not a URL: ${url}`);
    }
    if (httpOrigin(href) !== window.location.origin) throw new Error(`FilmPlayer.setPageUrl: ${href} is not on this page's origin`);
    await this.#call('setPageUrl', href);
    this.#lastPageUrl = href;
  }

  /**
   * Calls `handler` with each `event` from now on. The first handler of an event subscribes to
   * it (player.js addEventListener). Returns a function that removes this handler.
   */
  on<E extends FilmPlayerEventName>(event: E, handler: FilmPlayerHandler<E>): () => void {
    if (this.#destroyed) return () => {};
    let subscription = this.#subscriptions.get(event);
    if (!subscription) {
      subscription = { id: this.#newId(), handlers: new Set() };
      this.#subscriptions.set(event, subscription);
      this.#post('addEventListener', event, subscription.id);
    }
    subscription.handlers.add(handler);
    return () => this.off(event, handler);
  }

  /** Removes `handler`, or every handler of `event`; the last one gone unsubscribes (removeEventListener). */
  off<E extends FilmPlayerEventName>(event: E, handler?: FilmPlayerHandler<E>): void {
    const subscription = this.#subscriptions.get(event);
    if (!subscription) return;
    if (handler) subscription.handlers.delete(handler);
    else subscription.handlers.clear();
    if (subscription.handlers.size > 0) return;
    this.#subscriptions.delete(event);
    this.#post('removeEventListener', event, subscription.id);
  }

  /**
   * Disconnects: unsubscribes every event, stops reading messages and watching the address
   * (restoring history.pushState/replaceState when no other player watches), and rejects
   * unanswered getters. The player itself keeps playing. Calling it again does nothing.
   */
  destroy(): void {
    if (this.#destroyed) return;
    for (const event of [...this.#subscriptions.keys()]) this.off(event as FilmPlayerEventName);
    this.#destroyed = true;
    window.removeEventListener('message', this.#onMessage);
    this.#fullscreen?.exit('page');
    this.#unwatchAddress?.();
    this.#unwatchAddress = null;
    const destroyed = new Error('FilmPlayer: destroyed');
    for (const answer of this.#answers.values()) answer.reject(destroyed);
    this.#answers.clear();
    this.#attaching?.reject(new Error('FilmPlayer.attach: destroyed before the player was ready'));
    this.#attaching = null;
  }
}
