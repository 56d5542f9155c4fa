/**
 * The Embed tab's SDK console: the host SDK (sdk/film-player.ts, bundled into the harness)
 * attached to the harness's own player frame, and on request the plain player.js 0.1.0 library
 * (the `player.js` devDependency) on the same frame; the buttons call through one of them, and
 * every event either hears is logged.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import playerjs, { type PlayerjsPlayer } from 'player.js';
import { FilmPlayer } from '../../sdk/film-player';
import { decodeMessage, type IncomingMessage } from '../../sdk/protocol';
import {
  CONSOLE_EVENTS,
  PLAYERJS_HELPERS,
  appendCapped,
  errorText,
  eventRow,
  listenerOf,
  methodKind,
  type Answer,
  type ConsoleDriver,
  type EventRow,
  type MethodName,
} from './embed-console';

/** How long the SDK waits for the player's ready: a loaded 2-core machine can be slow to start it. */
const ATTACH_TIMEOUT_MS = 30_000;
const ROW_CAP = 500;
/** Rows are batched: timeupdate comes 5 times a second per driver. */
const FLUSH_MS = 200;

export type DriverState =
  | { status: 'off' }
  | { status: 'waiting-frame' }
  | { status: 'attaching' }
  | { status: 'attached' }
  | { status: 'failed'; error: string };

interface EmbedConsoleOptions {
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** Changes with every new player frame (a scenario change or a reload). */
  frameKey: string;
  /** False until the tab is first opened: until then the console leaves the player alone. */
  armed: boolean;
  /** The buttons go through player.js instead of the SDK. */
  usePlayerjs: boolean;
}

export interface EmbedConsole {
  sdkState: DriverState;
  playerjsState: DriverState;
  /** The driver the buttons use can take calls. */
  driverReady: boolean;
  rows: EventRow[];
  /** The last answer of each method called. */
  answers: Partial<Record<MethodName, Answer>>;
  /** The method called last. */
  lastMethod: MethodName | null;
  call(method: MethodName, argument?: number | boolean): void;
  clearRows(): void;
}

/** Calls a method on the SDK: getters resolve with the player's answer, the rest once posted. */
function callSdk(player: FilmPlayer, method: MethodName, argument?: number | boolean): Promise<unknown> {
  switch (method) {
    case 'setVolume':
      return player.setVolume(argument as number);
    case 'setCurrentTime':
      return player.setCurrentTime(argument as number);
    case 'setLoop':
      return player.setLoop(argument as boolean);
    case 'setEpisode':
      return player.setEpisode(argument as number);
    default:
      return player[method]();
  }
}

/**
 * The same through player.js: its own functions where it has them, `send` for the product's
 * methods. A getter resolves when its callback is called (player.js has no time-out); the rest
 * resolve at once, as player.js says nothing about a sent message.
 */
function callPlayerjs(client: PlayerjsPlayer, method: MethodName, argument?: number | boolean): Promise<unknown> {
  const helpers = client as unknown as Record<string, (...args: unknown[]) => void>;
  if (methodKind(method) === 'getter') {
    return new Promise((resolve) => {
      if (PLAYERJS_HELPERS.has(method)) helpers[method]!.call(client, resolve);
      else client.send({ method }, resolve);
    });
  }
  if (PLAYERJS_HELPERS.has(method)) helpers[method]!.call(client, ...(argument === undefined ? [] : [argument]));
  else client.send(argument === undefined ? { method } : { method, value: argument });
  return Promise.resolve(undefined);
}

type SdkEntry = { key: string; player: FilmPlayer | null; state: DriverState };
type PlayerjsEntry = { key: string; client: PlayerjsPlayer | null; state: DriverState };
type Log = (via: ConsoleDriver, event: string, value: unknown) => void;

/**
 * Whether the frame of `frameKey` has loaded: a layout effect, so the listener is on the new
 * iframe before it can load. The ref answers at once, for an effect of the same render.
 */
function useFrameLoaded(frameRef: RefObject<HTMLIFrameElement | null>, frameKey: string) {
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const loadedRef = useRef<string | null>(null);
  useLayoutEffect(() => {
    const iframe = frameRef.current;
    if (!iframe) return;
    const onLoad = () => {
      loadedRef.current = frameKey;
      setLoadedKey(frameKey);
    };
    iframe.addEventListener('load', onLoad);
    return () => iframe.removeEventListener('load', onLoad);
  }, [frameKey, frameRef]);
  return { loaded: loadedKey === frameKey, loadedRef };
}

/**
 * The event log: rows batched every FLUSH_MS, each with the listener tag of the player.js
 * message being dispatched when a driver delivers it (read by a capture listener, which at the
 * window runs before the drivers' own).
 */
function useEventLog(armed: boolean, frameRef: RefObject<HTMLIFrameElement | null>) {
  const [rows, setRows] = useState<EventRow[]>([]);
  const nextRowId = useRef(1);
  const pendingRows = useRef<EventRow[]>([]);
  const flushTimer = useRef<number | null>(null);
  const dispatching = useRef<IncomingMessage | null>(null);

  useEffect(() => {
    if (!armed) return;
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      dispatching.current = frameWindow && event.source === frameWindow ? decodeMessage(event.data) : null;
    };
    window.addEventListener('message', onMessage, true);
    return () => window.removeEventListener('message', onMessage, true);
  }, [armed, frameRef]);

  useEffect(
    () => () => {
      if (flushTimer.current !== null) window.clearTimeout(flushTimer.current);
    },
    [],
  );

  const log: Log = useCallback((via, event, value) => {
    const listener = listenerOf(dispatching.current, event);
    pendingRows.current.push(eventRow(nextRowId.current++, Date.now(), via, event, value, listener));
    if (flushTimer.current !== null) return;
    flushTimer.current = window.setTimeout(() => {
      flushTimer.current = null;
      const batch = pendingRows.current;
      pendingRows.current = [];
      setRows((list) => appendCapped(list, batch, ROW_CAP));
    }, FLUSH_MS);
  }, []);

  const clearRows = useCallback(() => {
    pendingRows.current = [];
    setRows([]);
  }, []);
  return { rows, log, clearRows };
}

/** Attaches the SDK to the loaded frame, logging every event it hears; returns what detaches it. */
function attachSdk(iframe: HTMLIFrameElement, frameKey: string, log: Log, setEntry: (entry: SdkEntry) => void): () => void {
  let cancelled = false;
  let attached: FilmPlayer | null = null;
  setEntry({ key: frameKey, player: null, state: { status: 'attaching' } });
  // reportPageUrl off: the harness's own address must not become the player's share address.
  FilmPlayer.attach(iframe, { timeoutMs: ATTACH_TIMEOUT_MS, reportPageUrl: false }).then(
    (player) => {
      if (cancelled) return player.destroy();
      attached = player;
      for (const name of CONSOLE_EVENTS) player.on(name, (value: unknown) => log('SDK', name, value));
      setEntry({ key: frameKey, player, state: { status: 'attached' } });
    },
    (error: unknown) => {
      if (!cancelled) setEntry({ key: frameKey, player: null, state: { status: 'failed', error: errorText(error) } });
    },
  );
  return () => {
    cancelled = true;
    attached?.destroy();
  };
}

/**
 * A player.js client of its own on the frame, logging every event it hears; returns what
 * forgets it (player.js has no destroy).
 */
function attachPlayerjs(iframe: HTMLIFrameElement, frameKey: string, frameLoaded: boolean, log: Log, setEntry: (entry: PlayerjsEntry | null) => void): () => void {
  let client: PlayerjsPlayer;
  try {
    client = new playerjs.Player(iframe);
  } catch (error) {
    setEntry({ key: frameKey, client: null, state: { status: 'failed', error: errorText(error) } });
    return () => undefined;
  }
  // player.js posts nothing before it knows the frame loaded: from its onload (set just now,
  // too late for a frame that has), or a ready it heard earlier for this src (not after a reload).
  if (frameLoaded) client.loaded = true;
  let disposed = false;
  const markReady = () => {
    if (!disposed && client.isReady) setEntry({ key: frameKey, client, state: { status: 'attached' } });
  };
  // Any ready for this src readies it, also one answering another client (the SDK's): then
  // its own 'ready' callback is not called, so the ready method itself is watched.
  const ready = client.ready;
  client.ready = function (this: PlayerjsPlayer, data: unknown) {
    const result = ready.call(this, data);
    markReady();
    return result;
  };
  setEntry({ key: frameKey, client: null, state: { status: 'attaching' } });
  client.on('ready', markReady);
  for (const name of CONSOLE_EVENTS) {
    client.on(name, (value) => {
      if (!disposed) log('player.js', name, value);
    });
  }
  return () => {
    disposed = true;
    forgetPlayerjs(client, iframe);
    setEntry(null);
  };
}

/**
 * Unsubscribes while the frame is there (with the frame gone, contentWindow is null and posting
 * throws); then forgets every callback and queued call. Its message listener stays, with nothing
 * left to call.
 */
function forgetPlayerjs(client: PlayerjsPlayer, iframe: HTMLIFrameElement): void {
  for (const name of CONSOLE_EVENTS) {
    try {
      client.off(name);
    } catch {
      // the frame is gone
    }
  }
  client.keeper.init();
  client.queue = [];
  iframe.onload = null;
}

/** Calls through the driver the buttons use, keeping each method's last answer. */
function useConsoleCalls(driver: FilmPlayer | PlayerjsPlayer | null | undefined, usePlayerjs: boolean) {
  const [answers, setAnswers] = useState<Partial<Record<MethodName, Answer>>>({});
  const [lastMethod, setLastMethod] = useState<MethodName | null>(null);
  const nextCall = useRef(1);
  const call = useCallback(
    (method: MethodName, argument?: number | boolean) => {
      const via: ConsoleDriver = usePlayerjs ? 'player.js' : 'SDK';
      const seq = nextCall.current++;
      const base = { method, via, seq, ...(argument === undefined ? {} : { argument }) };
      // A slow answer does not overwrite the answer of a newer call of the same method.
      const settle = (answer: Answer) => setAnswers((map) => (map[method]?.seq === seq ? { ...map, [method]: answer } : map));
      setLastMethod(method);
      setAnswers((map) => ({ ...map, [method]: { ...base, state: 'pending' } }));
      let result: Promise<unknown>;
      try {
        if (!driver) throw new Error(`${via} is not attached`);
        result = usePlayerjs ? callPlayerjs(driver as PlayerjsPlayer, method, argument) : callSdk(driver as FilmPlayer, method, argument);
      } catch (error) {
        result = Promise.reject(error);
      }
      result.then(
        (value) => settle({ ...base, state: 'done', value }),
        (error: unknown) => settle({ ...base, state: 'failed', error: errorText(error) }),
      );
    },
    [driver, usePlayerjs],
  );
  return { answers, lastMethod, call };
}

export function useEmbedConsole({ frameRef, frameKey, armed, usePlayerjs }: EmbedConsoleOptions): EmbedConsole {
  const { loaded, loadedRef } = useFrameLoaded(frameRef, frameKey);
  const { rows, log, clearRows } = useEventLog(armed, frameRef);
  // Each driver's state belongs to one frame: a state of an older frame reads as not there.
  const [sdkEntry, setSdkEntry] = useState<SdkEntry | null>(null);
  const [playerjsEntry, setPlayerjsEntry] = useState<PlayerjsEntry | null>(null);

  // The SDK: attached once the frame has loaded, destroyed with the frame (or the tab).
  useEffect(() => {
    const iframe = frameRef.current;
    if (!armed || !loaded || !iframe) return;
    return attachSdk(iframe, frameKey, log, setSdkEntry);
  }, [armed, loaded, frameKey, frameRef, log]);

  // player.js, while its toggle is on.
  useEffect(() => {
    const iframe = frameRef.current;
    if (!armed || !usePlayerjs || !iframe) return;
    return attachPlayerjs(iframe, frameKey, loadedRef.current === frameKey, log, setPlayerjsEntry);
  }, [armed, usePlayerjs, frameKey, frameRef, loadedRef, log]);

  const sdk = sdkEntry?.key === frameKey ? sdkEntry : null;
  const pjs = playerjsEntry?.key === frameKey ? playerjsEntry : null;
  const driver = usePlayerjs ? pjs?.client : sdk?.player;
  const { answers, lastMethod, call } = useConsoleCalls(driver, usePlayerjs);
  return {
    sdkState: !armed ? { status: 'off' } : !loaded ? { status: 'waiting-frame' } : (sdk?.state ?? { status: 'attaching' }),
    playerjsState: !armed || !usePlayerjs ? { status: 'off' } : (pjs?.state ?? { status: 'attaching' }),
    driverReady: driver != null,
    rows,
    answers,
    lastMethod,
    call,
    clearRows,
  };
}
