// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilmPlayer, type AttachOptions } from './film-player';
import { decodeMessage, PLAYERJS_CONTEXT, PLAYERJS_VERSION } from './protocol';

const PLAYER_ORIGIN = 'https://player.example';
const PLAYER_SRC = `${PLAYER_ORIGIN}/?movie_id=102&season=1&episode=2`;
const METHODS = [
  'play', 'pause', 'getPaused', 'mute', 'unmute', 'getMuted', 'setVolume', 'getVolume', 'getDuration', 'setCurrentTime',
  'getCurrentTime', 'setLoop', 'getLoop', 'removeEventListener', 'addEventListener', 'nextEpisode', 'setEpisode', 'getEpisode', 'setPageUrl',
];
const EVENTS = [
  'ready', 'play', 'pause', 'ended', 'timeupdate', 'progress', 'seeked', 'error',
  'episodeChanged', 'adStarted', 'adEnded', 'adSkipped', 'fullscreenChange',
];
const EPISODE = { id: 7, title: 'Серия 2', order: 2, season: { id: 3, order: 1 } };

const rawPushState = History.prototype.pushState;
const rawReplaceState = History.prototype.replaceState;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Sent {
  message: Record<string, unknown>;
  targetOrigin: string;
}

/**
 * The player's window as the host sees it: a minimal player.js receiver. It answers
 * asynchronously, as postMessage does, and posts as JSON text, as the real receiver does.
 */
class FakePlayer {
  readonly sent: Sent[] = [];
  readonly listeners = new Map<string, unknown[]>();
  readonly window = {
    postMessage: (data: unknown, targetOrigin: string) => {
      // player.js calls come as JSON text, the spec's own messages as objects.
      const message = (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>;
      this.sent.push({ message, targetOrigin });
      queueMicrotask(() => this.handle(message));
    },
  };
  ready = false;
  answers: Record<string, unknown> = { getVolume: 40, getPaused: true, getEpisode: EPISODE };
  methods = METHODS;

  constructor(readonly iframe = document.createElement('iframe')) {
    iframe.src = PLAYER_SRC;
    Object.defineProperty(iframe, 'contentWindow', { value: this.window, configurable: true });
  }

  private handle(message: Record<string, unknown>) {
    const { method, value, listener } = message;
    if (!this.ready) return; // the real receiver listens only once ready
    if (method === 'addEventListener') {
      if (value === 'ready') return this.post({ event: 'ready', value: this.readyValue(), listener });
      this.listeners.set(String(value), [...(this.listeners.get(String(value)) ?? []), listener]);
    } else if (method === 'removeEventListener') {
      this.listeners.set(String(value), (this.listeners.get(String(value)) ?? []).filter((id) => id !== listener));
    } else if (typeof method === 'string' && method.startsWith('get')) {
      this.post({ event: method, value: this.answers[method], listener });
    }
  }

  readyValue() {
    return { src: PLAYER_SRC, methods: this.methods, events: EVENTS };
  }

  /** Sends a player.js message as the player: from its window, its origin, as JSON text. */
  post(fields: Record<string, unknown>, { origin = PLAYER_ORIGIN, source = this.window as unknown }: { origin?: string; source?: unknown } = {}) {
    this.postRaw(JSON.stringify({ context: PLAYERJS_CONTEXT, version: PLAYERJS_VERSION, ...fields }), { origin, source });
  }

  postRaw(data: unknown, { origin = PLAYER_ORIGIN, source = this.window as unknown }: { origin?: string; source?: unknown } = {}) {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));
  }

  /** The player got ready: the unsolicited ready the spec sends "regardless of listening". */
  becomeReady() {
    this.ready = true;
    this.post({ event: 'ready', value: this.readyValue() });
  }

  emit(event: string, value?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) this.post({ event, value, listener });
  }

  methodsSent(method: string) {
    return this.sent.filter(({ message }) => message.method === method).map(({ message }) => message);
  }
}

const players: FilmPlayer[] = [];
async function attached(fake: FakePlayer, options?: AttachOptions) {
  const attaching = FilmPlayer.attach(fake.iframe, options);
  fake.becomeReady();
  const player = await attaching;
  players.push(player);
  return player;
}

beforeEach(() => {
  rawPushState.call(history, null, '', '/films/the-film');
});
afterEach(() => {
  players.splice(0).forEach((player) => player.destroy());
});

describe('attach', () => {
  it('resolves on the ready the player sends when it gets ready, with its lists', async () => {
    const fake = new FakePlayer();
    const attaching = FilmPlayer.attach(fake.iframe);
    await flush();
    fake.becomeReady();
    const player = await attaching;
    players.push(player);
    expect(player.origin).toBe(PLAYER_ORIGIN);
    expect(player.supports('method', ['setEpisode', 'getEpisode'])).toBe(true);
    expect(player.supports('event', 'adSkipped')).toBe(true);
    expect(player.supports('method', 'setPlaybackRate')).toBe(false);
  });

  it('resolves when the player was ready before attach: its ready listener makes the player repeat ready', async () => {
    const fake = new FakePlayer();
    fake.becomeReady(); // nobody listened
    const player = await FilmPlayer.attach(fake.iframe);
    players.push(player);
    const [request] = fake.methodsSent('addEventListener');
    expect(request).toEqual({ context: 'player.js', version: '0.0.11', method: 'addEventListener', value: 'ready', listener: expect.any(String) });
  });

  it('rejects what is not an iframe, or an iframe without an http(s) src', async () => {
    await expect(FilmPlayer.attach(document.createElement('div') as unknown as HTMLIFrameElement)).rejects.toThrow(/expected an <iframe>/);
    await expect(FilmPlayer.attach(null as unknown as HTMLIFrameElement)).rejects.toThrow(TypeError);
    await expect(FilmPlayer.attach(document.createElement('iframe'))).rejects.toThrow(/no http\(s\) src/);
    const blank = document.createElement('iframe');
    blank.src = 'about:blank';
    await expect(FilmPlayer.attach(blank)).rejects.toThrow(/no http\(s\) src/);
  });

  it('rejects with a clear error when no ready comes in time, and stops listening', async () => {
    const fake = new FakePlayer();
    const removed = vi.spyOn(window, 'removeEventListener');
    await expect(FilmPlayer.attach(fake.iframe, { timeoutMs: 20 })).rejects.toThrow(
      'FilmPlayer.attach: the player at https://player.example was not ready within 20 ms',
    );
    expect(removed).toHaveBeenCalledWith('message', expect.any(Function));
    removed.mockRestore();
    fake.becomeReady(); // too late: nothing happens, nothing is sent back
    await flush();
    expect(fake.methodsSent('setPageUrl')).toEqual([]);
  });

  it('posts only to the iframe src origin', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    await player.play();
    await player.getVolume();
    player.on('play', () => {});
    expect(fake.sent.length).toBeGreaterThan(3);
    expect(new Set(fake.sent.map(({ targetOrigin }) => targetOrigin))).toEqual(new Set([PLAYER_ORIGIN]));
  });
});

describe('methods', () => {
  it('getters resolve with the answer that echoes their listener', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    await expect(player.getVolume()).resolves.toBe(40);
    await expect(player.getPaused()).resolves.toBe(true);
    await expect(player.getEpisode()).resolves.toEqual(EPISODE);
    const [request] = fake.methodsSent('getVolume');
    expect(request).toEqual({ context: 'player.js', version: '0.0.11', method: 'getVolume', listener: expect.any(String) });
  });

  it('pairs answers by listener, whatever their order, and ignores answers for someone else', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    fake.ready = false; // answer by hand
    const first = player.getCurrentTime();
    const second = player.getCurrentTime();
    const [a, b] = fake.methodsSent('getCurrentTime').map(({ listener }) => listener);
    expect(a).not.toBe(b);
    fake.post({ event: 'getCurrentTime', value: 99, listener: 'another-client' });
    fake.post({ event: 'getDuration', value: 98, listener: a }); // the wrong method for that listener
    fake.post({ event: 'getCurrentTime', value: 20, listener: b });
    fake.post({ event: 'getCurrentTime', value: 10, listener: a });
    await expect(first).resolves.toBe(10);
    await expect(second).resolves.toBe(20);
  });

  it('getEpisode resolves null when the player has no episode (an answer without a value)', async () => {
    const fake = new FakePlayer();
    fake.answers.getEpisode = undefined;
    const player = await attached(fake);
    await expect(player.getEpisode()).resolves.toBeNull();
  });

  it('a getter nobody answers rejects after answerTimeoutMs', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake, { answerTimeoutMs: 20 });
    fake.ready = false;
    await expect(player.getDuration()).rejects.toThrow('FilmPlayer.getDuration: no answer within 20 ms');
  });

  it('setters post their value and resolve', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    await player.setVolume(55);
    await player.setVolume(140);
    await player.setCurrentTime(12.5);
    await player.setLoop(true);
    await player.setEpisode(7);
    await player.nextEpisode();
    await player.mute();
    const calls = fake.sent.map(({ message }) => [message.method, message.value]);
    expect(calls).toEqual(
      expect.arrayContaining([['setVolume', 55], ['setVolume', 100], ['setCurrentTime', 12.5], ['setLoop', true], ['setEpisode', 7], ['nextEpisode', undefined], ['mute', undefined]]),
    );
  });

  it('rejects bad arguments and methods the player did not list, posting nothing', async () => {
    const fake = new FakePlayer();
    fake.methods = METHODS.filter((name) => name !== 'nextEpisode');
    const player = await attached(fake);
    const before = fake.sent.length;
    await expect(player.setVolume(Number.NaN)).rejects.toThrow(TypeError);
    await expect(player.setCurrentTime(-1)).rejects.toThrow(TypeError);
    await expect(player.setLoop('yes' as unknown as boolean)).rejects.toThrow(TypeError);
    await expect(player.setEpisode(1.5)).rejects.toThrow(TypeError);
    await expect(player.nextEpisode()).rejects.toThrow('FilmPlayer.nextEpisode: the player does not support it');
    await expect(player.setPageUrl('https://elsewhere.example/page')).rejects.toThrow(/not on this page's origin/);
    expect(fake.sent.length).toBe(before);
  });

  it('assumes every method when ready carries no list (as player.js does)', async () => {
    const fake = new FakePlayer();
    const attaching = FilmPlayer.attach(fake.iframe);
    fake.ready = true;
    fake.post({ event: 'ready', value: { src: PLAYER_SRC } });
    const player = await attaching;
    players.push(player);
    expect(player.supports('method', 'nextEpisode')).toBe(true);
  });
});

describe('events', () => {
  it('delivers subscribed events to each handler; off removes one handler, the last one unsubscribes', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    const first = vi.fn();
    const second = vi.fn();
    player.on('timeupdate', first);
    player.on('timeupdate', second);
    await flush();
    const subscribes = fake.methodsSent('addEventListener').filter(({ value }) => value === 'timeupdate');
    expect(subscribes).toHaveLength(1); // one listener per event, however many handlers
    fake.emit('timeupdate', { seconds: 3, duration: 60 });
    expect(first).toHaveBeenCalledWith({ seconds: 3, duration: 60 });
    expect(second).toHaveBeenCalledTimes(1);

    player.off('timeupdate', first);
    fake.emit('timeupdate', { seconds: 4, duration: 60 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    expect(fake.methodsSent('removeEventListener')).toEqual([]);

    player.off('timeupdate', second);
    const [unsubscribe] = fake.methodsSent('removeEventListener');
    expect(unsubscribe).toMatchObject({ value: 'timeupdate', listener: subscribes[0]!.listener });
    await flush();
    fake.post({ event: 'timeupdate', value: { seconds: 5, duration: 60 }, listener: subscribes[0]!.listener });
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('on returns an unsubscriber; off without a handler removes them all', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    const onPlay = vi.fn();
    const stop = player.on('play', onPlay);
    player.on('pause', vi.fn());
    const onPause = vi.fn();
    player.on('pause', onPause);
    await flush();
    stop();
    player.off('pause');
    fake.emit('play');
    fake.emit('pause');
    expect(onPlay).not.toHaveBeenCalled();
    expect(onPause).not.toHaveBeenCalled();
    expect(fake.methodsSent('removeEventListener').map(({ value }) => value)).toEqual(['play', 'pause']);
  });

  it('ignores events for other listeners, and the spec objects beside player.js events (no double delivery)', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    const onEpisode = vi.fn();
    player.on('episodeChanged', onEpisode);
    await flush();
    fake.post({ event: 'episodeChanged', value: EPISODE, listener: 'another-client' });
    fake.post({ event: 'episodeChanged', value: EPISODE }); // no listener: not ours
    fake.postRaw({ event: 'episodeChanged', payload: { episode: EPISODE } }); // the spec's own message
    fake.emit('episodeChanged', EPISODE);
    expect(onEpisode).toHaveBeenCalledTimes(1);
    expect(onEpisode).toHaveBeenCalledWith(EPISODE);
  });

  it('gives fullscreenChange as { fullscreen } even when the value is a bare boolean', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    const onFullscreen = vi.fn();
    player.on('fullscreenChange', onFullscreen);
    await flush();
    fake.emit('fullscreenChange', { fullscreen: true });
    fake.emit('fullscreenChange', false);
    expect(onFullscreen.mock.calls).toEqual([[{ fullscreen: true }], [{ fullscreen: false }]]);
  });

  it('a throwing handler does not stop the others', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    vi.useFakeTimers();
    try {
      const after = vi.fn();
      player.on('ended', () => {
        throw new Error('handler bug');
      });
      player.on('ended', after);
      await Promise.resolve();
      fake.emit('ended');
      expect(after).toHaveBeenCalledTimes(1);
      expect(() => vi.runOnlyPendingTimers()).toThrow('handler bug'); // rethrown later, where the page sees it
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores messages from another origin or another window, and malformed ones', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    const onPlay = vi.fn();
    player.on('play', onPlay);
    await flush();
    const [{ listener }] = fake.methodsSent('addEventListener').filter(({ value }) => value === 'play') as [{ listener: string }];
    const sibling = { postMessage() {} };
    fake.post({ event: 'play', listener }, { origin: 'https://evil.example' });
    fake.post({ event: 'play', listener }, { origin: 'http://player.example' });
    fake.post({ event: 'play', listener }, { source: sibling });
    fake.post({ event: 'play', listener }, { source: window });
    fake.post({ event: 'play', listener }, { source: null });
    for (const data of [
      'not json',
      '{"context":"player.js","event":"play"',
      JSON.stringify({ event: 'play', listener }),
      JSON.stringify({ context: 'other', event: 'play', listener }),
      JSON.stringify({ context: 'player.js', event: 42, listener }),
      JSON.stringify({ context: 'player.js', event: 'play', listener: { id: listener } }),
      JSON.stringify([{ context: 'player.js', event: 'play', listener }]),
      null,
      42,
      undefined,
      { type: 'click' },
    ]) {
      expect(() => fake.postRaw(data)).not.toThrow();
    }
    expect(onPlay).not.toHaveBeenCalled();
    fake.emit('play');
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it('subscribes again, and reports the address again, when the frame loads the player anew', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    const onPause = vi.fn();
    player.on('pause', onPause);
    await flush();
    fake.listeners.clear(); // a new page in the frame
    fake.sent.length = 0;
    fake.becomeReady();
    await flush();
    expect(fake.methodsSent('addEventListener').map(({ value }) => value)).toEqual(['pause']);
    expect(fake.methodsSent('setPageUrl')).toHaveLength(1);
    fake.emit('pause');
    expect(onPause).toHaveBeenCalledTimes(1);
  });
});

describe('page address', () => {
  it('sends setPageUrl with location.href once ready', async () => {
    const fake = new FakePlayer();
    await attached(fake);
    expect(fake.methodsSent('setPageUrl')).toEqual([
      { context: 'player.js', version: '0.0.11', method: 'setPageUrl', value: 'http://localhost:3000/films/the-film' },
    ]);
  });

  it('sends it again after pushState, replaceState, popstate and hashchange, once per new address', async () => {
    const fake = new FakePlayer();
    await attached(fake);
    history.pushState({}, '', '/films/other?t=5');
    history.pushState({}, '', '/films/other?t=5'); // the same address: not sent twice
    await flush();
    history.replaceState({}, '', '/films/other?t=6');
    await flush();
    rawPushState.call(history, null, '', '/films/back');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await flush();
    rawPushState.call(history, null, '', '/films/back#cast');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await flush();
    expect(fake.methodsSent('setPageUrl').map(({ value }) => value)).toEqual([
      'http://localhost:3000/films/the-film',
      'http://localhost:3000/films/other?t=5',
      'http://localhost:3000/films/other?t=6',
      'http://localhost:3000/films/back',
      'http://localhost:3000/films/back#cast',
    ]);
  });

  it('sends nothing when the player does not list setPageUrl, or with reportPageUrl: false', async () => {
    const old = new FakePlayer();
    old.methods = METHODS.filter((name) => name !== 'setPageUrl');
    await attached(old);
    const quiet = new FakePlayer();
    await attached(quiet, { reportPageUrl: false });
    history.pushState({}, '', '/films/next');
    await flush();
    expect(old.methodsSent('setPageUrl')).toEqual([]);
    expect(quiet.methodsSent('setPageUrl')).toEqual([]);
  });

  it('setPageUrl sends a same-origin address resolved against the page', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake);
    await player.setPageUrl('/films/the-film?utm=x');
    expect(fake.methodsSent('setPageUrl').at(-1)).toMatchObject({ value: 'http://localhost:3000/films/the-film?utm=x' });
  });

  it('uses the Navigation API instead of wrapping history where there is one', async () => {
    const navigation = new EventTarget();
    Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });
    try {
      const fake = new FakePlayer();
      const player = await attached(fake);
      expect(Object.prototype.hasOwnProperty.call(history, 'pushState')).toBe(false);
      rawPushState.call(history, null, '', '/films/via-navigation');
      navigation.dispatchEvent(new Event('currententrychange'));
      await flush();
      expect(fake.methodsSent('setPageUrl').at(-1)).toMatchObject({ value: 'http://localhost:3000/films/via-navigation' });
      player.destroy();
    } finally {
      delete (window as { navigation?: unknown }).navigation;
    }
  });
});

describe('destroy', () => {
  it('restores history, stops listening, unsubscribes and rejects what is pending and what comes', async () => {
    const fake = new FakePlayer();
    const player = await attached(fake, { answerTimeoutMs: 1000 });
    expect(history.pushState).not.toBe(rawPushState);
    const onPlay = vi.fn();
    player.on('play', onPlay);
    await flush();
    fake.ready = false;
    const pending = player.getLoop();
    const removed = vi.spyOn(window, 'removeEventListener');

    player.destroy();
    player.destroy(); // again: nothing

    expect(history.pushState).toBe(rawPushState);
    expect(history.replaceState).toBe(rawReplaceState);
    expect(Object.prototype.hasOwnProperty.call(history, 'pushState')).toBe(false);
    expect(removed.mock.calls.filter(([type]) => type === 'message')).toHaveLength(1);
    removed.mockRestore();
    expect(fake.methodsSent('removeEventListener')).toMatchObject([{ value: 'play' }]);
    await expect(pending).rejects.toThrow('FilmPlayer: destroyed');
    await expect(player.play()).rejects.toThrow('FilmPlayer.play: the player was destroyed');
    fake.post({ event: 'play', listener: fake.methodsSent('addEventListener').at(-1)!.listener });
    expect(onPlay).not.toHaveBeenCalled();
    history.pushState({}, '', '/films/after');
    await flush();
    expect(fake.methodsSent('setPageUrl')).toHaveLength(1);
  });

  it('keeps history wrapped while another player still watches it', async () => {
    const one = await attached(new FakePlayer());
    const two = await attached(new FakePlayer());
    one.destroy();
    expect(history.pushState).not.toBe(rawPushState);
    two.destroy();
    expect(history.pushState).toBe(rawPushState);
  });
});

describe('decodeMessage', () => {
  it('reads JSON text and objects in the player.js context, with a string event', () => {
    expect(decodeMessage('{"context":"player.js","version":"0.0.11","event":"getVolume","value":40,"listener":"a"}')).toEqual({
      event: 'getVolume',
      value: 40,
      listener: 'a',
    });
    expect(decodeMessage({ context: 'player.js', event: 'ready', value: {} })).toEqual({ event: 'ready', value: {}, listener: null });
    expect(decodeMessage({ event: 'enterFullScreen' })).toBeNull();
  });
});

describe('fullscreen on a phone: the frame over the page', () => {
  const SITE_STYLE = 'width: 100%; aspect-ratio: 16 / 9; border: 0';
  let fake: FakePlayer;
  let player: FilmPlayer;
  let connected = false;
  const spec = (event: string) => fake.postRaw({ event });
  const told = () => fake.sent.filter(({ message }) => message.type === 'exitFullScreen');

  async function setup(options?: AttachOptions & { style?: string | null }) {
    fake = new FakePlayer();
    if (options?.style !== null) fake.iframe.setAttribute('style', options?.style ?? SITE_STYLE);
    // In the page (happy-dom loads no frame page: the frame is not put in the document itself).
    connected = true;
    Object.defineProperty(fake.iframe, 'isConnected', { get: () => connected, configurable: true });
    player = await attached(fake, options);
    window.scrollTo(0, 300);
  }
  afterEach(() => {
    Reflect.deleteProperty(fake.iframe, 'requestFullscreen');
  });

  it("stretches the frame on the player's enterFullScreen, with a history entry; the player's exitFullScreen puts every style back", async () => {
    await setup();
    const entries = history.length;
    spec('enterFullScreen');
    const style = fake.iframe.style;
    expect([style.position, style.width, style.zIndex]).toEqual(['fixed', '100%', '2147483647']);
    expect([style.top, style.right, style.bottom, style.left].map(parseFloat)).toEqual([0, 0, 0, 0]);
    expect(style.height).toMatch(/^100d?vh$/);
    expect(style.getPropertyPriority('position')).toBe('important');
    expect(history.length).toBe(entries + 1);
    spec('enterFullScreen'); // again while stretched: nothing more
    expect(history.length).toBe(entries + 1);
    window.scrollTo(0, 0);
    const back = vi.spyOn(history, 'back');
    spec('exitFullScreen');
    expect(fake.iframe.getAttribute('style')).toBe(SITE_STYLE);
    expect(window.scrollY).toBe(300);
    expect(back).toHaveBeenCalledTimes(1); // the entry goes
    expect(told()).toEqual([]); // the player knows: it asked
    back.mockRestore();
  });

  it('a frame without a style attribute gets none back', async () => {
    await setup({ style: null });
    spec('enterFullScreen');
    expect(fake.iframe.hasAttribute('style')).toBe(true);
    spec('exitFullScreen');
    expect(fake.iframe.hasAttribute('style')).toBe(false);
  });

  it('the back gesture (popstate on its entry) leaves, tells the player, and does not go back again', async () => {
    await setup();
    spec('enterFullScreen');
    const back = vi.spyOn(history, 'back');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(fake.iframe.getAttribute('style')).toBe(SITE_STYLE);
    expect(back).not.toHaveBeenCalled();
    expect(told()).toEqual([{ message: { type: 'exitFullScreen' }, targetOrigin: PLAYER_ORIGIN }]);
    back.mockRestore();
  });

  it('Escape on the page leaves, drops the entry and tells the player; other keys do nothing', async () => {
    await setup();
    spec('enterFullScreen');
    const back = vi.spyOn(history, 'back');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(fake.iframe.style.position).toBe('fixed');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(fake.iframe.getAttribute('style')).toBe(SITE_STYLE);
    expect(back).toHaveBeenCalledTimes(1);
    expect(told()).toHaveLength(1);
    back.mockRestore();
  });

  it('a stretched frame removed from the page puts the page back', async () => {
    await setup();
    spec('enterFullScreen');
    const back = vi.spyOn(history, 'back');
    connected = false;
    document.body.append(document.createElement('p')); // the page changed: the observer looks
    await flush();
    expect(fake.iframe.getAttribute('style')).toBe(SITE_STYLE);
    expect(back).toHaveBeenCalledTimes(1);
    expect(window.scrollY).toBe(300);
    back.mockRestore();
  });

  it('destroy while stretched puts the page back and tells the player', async () => {
    await setup();
    spec('enterFullScreen');
    player.destroy();
    expect(fake.iframe.getAttribute('style')).toBe(SITE_STYLE);
    expect(told()).toHaveLength(1);
  });

  it('goes natively fullscreen where the browser lets the frame, locking landscape; leaving exits it and unlocks', async () => {
    await setup();
    const requested = vi.fn(() => {
      Object.defineProperty(document, 'fullscreenElement', { value: fake.iframe, configurable: true });
      return Promise.resolve();
    });
    Object.defineProperty(fake.iframe, 'requestFullscreen', { value: requested, configurable: true });
    const exitFullscreen = vi.fn(() => Promise.resolve());
    Object.defineProperty(document, 'exitFullscreen', { value: exitFullscreen, configurable: true });
    const lock = vi.fn(() => Promise.reject(new Error('not allowed')));
    const unlock = vi.fn();
    Object.defineProperty(screen, 'orientation', { value: { lock, unlock }, configurable: true });
    spec('enterFullScreen');
    await flush();
    expect(requested).toHaveBeenCalledTimes(1);
    expect(fake.iframe.getAttribute('style')).toBe(SITE_STYLE); // no stretch needed
    expect(lock).toHaveBeenCalledWith('landscape');
    // The browser leaves fullscreen (a system back gesture): the page follows.
    Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
    document.dispatchEvent(new Event('fullscreenchange'));
    expect(unlock).toHaveBeenCalledTimes(1);
    expect(told()).toHaveLength(1);
    expect(exitFullscreen).not.toHaveBeenCalled();
    Reflect.deleteProperty(document, 'fullscreenElement');
    Reflect.deleteProperty(document, 'exitFullscreen');
    Reflect.deleteProperty(screen, 'orientation');
  });

  it('stretches when the browser refuses the frame fullscreen', async () => {
    await setup();
    Object.defineProperty(fake.iframe, 'requestFullscreen', { value: () => Promise.reject(new TypeError('Permissions check failed')), configurable: true });
    spec('enterFullScreen');
    expect(fake.iframe.style.position).toBe('');
    await flush();
    expect(fake.iframe.style.position).toBe('fixed');
  });

  it('with fullscreen: false, or from another window or origin, nothing happens', async () => {
    await setup({ fullscreen: false });
    spec('enterFullScreen');
    expect(fake.iframe.getAttribute('style')).toBe(SITE_STYLE);
    player.destroy();
    await setup();
    fake.postRaw({ event: 'enterFullScreen' }, { origin: 'https://evil.example' });
    fake.postRaw({ event: 'enterFullScreen' }, { source: window });
    expect(fake.iframe.getAttribute('style')).toBe(SITE_STYLE);
  });
});

describe('deep links from the page address', () => {
  it("puts the page's t, season, episode and episode_id on the iframe's src, where it does not set them, and waits for the new page's ready", async () => {
    rawPushState.call(history, null, '', '/films/serial?t=95&season=2&episode=3&episode_id=&utm=x');
    const fake = new FakePlayer();
    fake.iframe.src = `${PLAYER_ORIGIN}/?movie_id=102&episode=9`;
    const attaching = FilmPlayer.attach(fake.iframe);
    const src = new URL(fake.iframe.src);
    expect([...src.searchParams]).toEqual([['movie_id', '102'], ['episode', '9'], ['t', '95'], ['season', '2']]);
    expect(fake.methodsSent('addEventListener')).toEqual([]); // the frame's old page must not answer
    fake.becomeReady();
    players.push(await attaching);
  });

  it('renames or skips parameters, or is turned off; the src is left alone when nothing is added', async () => {
    rawPushState.call(history, null, '', '/films/serial?time=60&t=5&s=1');
    const renamed = new FakePlayer();
    renamed.iframe.src = `${PLAYER_ORIGIN}/?movie_id=102`;
    players.push(await attached(renamed, { deepLink: { t: 'time', season: 's', episode: false } }));
    expect(renamed.iframe.src).toBe(`${PLAYER_ORIGIN}/?movie_id=102&t=60&season=1`);
    const off = new FakePlayer();
    off.iframe.src = `${PLAYER_ORIGIN}/?movie_id=102`;
    players.push(await attachedNow(off, { deepLink: false }));
    expect(off.iframe.src).toBe(`${PLAYER_ORIGIN}/?movie_id=102`);
    expect(off.methodsSent('addEventListener')).toHaveLength(1);
  });

  it('rejects a deepLink option it cannot read, naming it', async () => {
    const fake = new FakePlayer();
    const bad = (deepLink: unknown) => FilmPlayer.attach(fake.iframe, { deepLink } as AttachOptions);
    await expect(bad('yes')).rejects.toThrow(/deepLink must be true, false or/);
    await expect(bad({ time: 't' })).rejects.toThrow(/deepLink has no parameter "time"/);
    await expect(bad({ t: '' })).rejects.toThrow(/deepLink\.t must be a parameter name or false/);
    await expect(bad({ season: 3 })).rejects.toThrow(TypeError);
    expect(fake.iframe.src).toBe(PLAYER_SRC);
  });
});

/** Attach to a player that is ready already (the SDK asks it to repeat ready). */
async function attachedNow(fake: FakePlayer, options?: AttachOptions) {
  fake.ready = true;
  return FilmPlayer.attach(fake.iframe, options);
}
