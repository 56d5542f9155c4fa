/**
 * Types of the parts of player.js 0.1.0 (node_modules/player.js/dist/player-0.1.0.js, a UMD
 * script with no types of its own) the harness's Embed tab uses. Bundled by esbuild as CommonJS:
 * the default import is its `module.exports`, the `playerjs` global of a script tag.
 */
declare module 'player.js' {
  type Callback = (value?: unknown) => void;

  interface PlayerjsMessage {
    method: string;
    value?: unknown;
    listener?: string;
  }

  export interface PlayerjsPlayer {
    readonly elem: HTMLIFrameElement;
    /** The iframe src's origin: messages go there, and only messages from there are read. */
    readonly origin: string;
    /** Set by the first `ready` whose `value.src` is the iframe's src. */
    isReady: boolean;
    /** Whether the frame is known to have loaded: before it is, messages are dropped, not posted. */
    loaded?: boolean;
    /** Calls made before ready, sent when it comes. */
    queue: PlayerjsMessage[];
    /** The callbacks by event and listener; `init()` forgets them all. */
    keeper: { init(): void };
    /** Called by the client with each matching `ready`; returns false after the first. */
    ready(data: unknown): unknown;
    on(event: string, callback: Callback, ctx?: unknown): boolean;
    /** Forgets the event's callbacks (or one) and sends removeEventListener for the first listener. */
    off(event: string, callback?: Callback): boolean;
    /** The generic sender: a callback makes it a getter (a listener tag is added). */
    send(data: PlayerjsMessage, callback?: Callback, ctx?: unknown): boolean;
    supports(kind: 'method' | 'event', names: string | string[]): boolean;
    play(): void;
    pause(): void;
    mute(): void;
    unmute(): void;
    setVolume(volume: unknown): void;
    setCurrentTime(seconds: unknown): void;
    setLoop(loop: unknown): void;
    getPaused(callback: Callback): void;
    getMuted(callback: Callback): void;
    getVolume(callback: Callback): void;
    getDuration(callback: Callback): void;
    getCurrentTime(callback: Callback): void;
    getLoop(callback: Callback): void;
  }

  interface Playerjs {
    /** The wire version, '0.0.11'. */
    VERSION: string;
    CONTEXT: string;
    /** Throws (a string) when `iframe` is not an iframe with a src. */
    Player: new (iframe: HTMLIFrameElement) => PlayerjsPlayer;
    /** The src of every `ready` the page heard since the library loaded. */
    READIED: string[];
  }

  const playerjs: Playerjs;
  export default playerjs;
}
