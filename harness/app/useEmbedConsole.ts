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

export function useEmbedConsole({ frameRef, frameKey, armed, usePlayerjs }: EmbedConsoleOptions): EmbedConsole {
  // Each driver's state belongs to one frame: a state of an older frame reads as not there.
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const loadedRef = useRef<string | null>(null);
  const [sdkEntry, setSdkEntry] = useState<{ key: string; player: FilmPlayer | null; state: DriverState } | null>(null);
  const [playerjsEntry, setPlayerjsEntry] = useState<{ key: string; client: PlayerjsPlayer | null; state: DriverState } | null>(null);
  const [rows, setRows] = useState<EventRow[]>([]);
  const [answers, setAnswers] = useState<Partial<Record<MethodName, Answer>>>({});
  const [lastMethod, setLastMethod] = useState<MethodName | null>(null);
  const nextRowId = useRef(1);
  const nextCall = useRef(1);
  const pendingRows = useRef<EventRow[]>([]);
  const flushTimer = useRef<number | null>(null);
  /** The player.js message from the frame being dispatched now (read before any driver's listener). */
  const dispatching = useRef<IncomingMessage | null>(null);

  // The frame's load: a layout effect, so the listener is on the new iframe before it can load.
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
  const loaded = loadedKey === frameKey;

  useEffect(() => {
    if (!armed) return;
    // Capture: at the window it runs before the drivers' own message listeners.
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

  const log = useCallback((via: ConsoleDriver, event: string, value: unknown) => {
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

  // The SDK: attached once the frame has loaded, destroyed with the frame (or the tab).
  useEffect(() => {
    if (!armed || !loaded) return;
    const iframe = frameRef.current;
    if (!iframe) return;
    let cancelled = false;
    let attached: FilmPlayer | null = null;
    setSdkEntry({ key: frameKey, player: null, state: { status: 'attaching' } });
    // reportPageUrl off: the harness's own address must not become the player's share address.
    FilmPlayer.attach(iframe, { timeoutMs: ATTACH_TIMEOUT_MS, reportPageUrl: false }).then(
      (player) => {
        if (cancelled) return player.destroy();
        attached = player;
        for (const name of CONSOLE_EVENTS) player.on(name, (value: unknown) => log('SDK', name, value));
        setSdkEntry({ key: frameKey, player, state: { status: 'attached' } });
      },
      (error: unknown) => {
        if (!cancelled) setSdkEntry({ key: frameKey, player: null, state: { status: 'failed', error: errorText(error) } });
      },
    );
    return () => {
      cancelled = true;
      attached?.destroy();
    };
  }, [armed, loaded, frameKey, frameRef, log]);

  // player.js, while its toggle is on: a client of its own on the same frame.
  useEffect(() => {
    if (!armed || !usePlayerjs) return;
    const iframe = frameRef.current;
    if (!iframe) return;
    let client: PlayerjsPlayer;
    try {
      client = new playerjs.Player(iframe);
    } catch (error) {
      setPlayerjsEntry({ key: frameKey, client: null, state: { status: 'failed', error: errorText(error) } });
      return;
    }
    // player.js posts nothing before it knows the frame loaded: from its onload (set just now,
    // too late for a frame that has), or a ready it heard earlier for this src (not after a reload).
    if (loadedRef.current === frameKey) client.loaded = true;
    let disposed = false;
    const markReady = () => {
      if (!disposed && client.isReady) setPlayerjsEntry({ key: frameKey, client, state: { status: 'attached' } });
    };
    // Any ready for this src readies it, also one answering another client (the SDK's): then
    // its own 'ready' callback is not called, so the ready method itself is watched.
    const ready = client.ready;
    client.ready = function (this: PlayerjsPlayer, data: unknown) {
      const result = ready.call(this, data);
      markReady();
      return result;
    };
    setPlayerjsEntry({ key: frameKey, client: null, state: { status: 'attaching' } });
    client.on('ready', markReady);
    for (const name of CONSOLE_EVENTS) {
      client.on(name, (value) => {
        if (!disposed) log('player.js', name, value);
      });
    }
    return () => {
      disposed = true;
      // Unsubscribe while the frame is there (with the frame gone, contentWindow is null and
      // posting throws); then forget every callback and queued call. player.js has no destroy:
      // its message listener stays, with nothing left to call.
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
      setPlayerjsEntry(null);
    };
  }, [armed, usePlayerjs, frameKey, frameRef, log]);

  const sdk = sdkEntry?.key === frameKey ? sdkEntry : null;
  const pjs = playerjsEntry?.key === frameKey ? playerjsEntry : null;
  const sdkState: DriverState = !armed ? { status: 'off' } : !loaded ? { status: 'waiting-frame' } : (sdk?.state ?? { status: 'attaching' });
  const playerjsState: DriverState = !armed || !usePlayerjs ? { status: 'off' } : (pjs?.state ?? { status: 'attaching' });
  const driver = usePlayerjs ? pjs?.client : sdk?.player;

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

  const clearRows = useCallback(() => {
    pendingRows.current = [];
    setRows([]);
  }, []);

  return {
    sdkState,
    playerjsState,
    driverReady: driver != null,
    rows,
    answers,
    lastMethod,
    call,
    clearRows,
  };
}
