/**
 * Conformance with the real client: player.js 0.1.0 (node_modules/player.js/dist), run in a
 * sandbox as the embedding page, drives the receiver through its own API. Its messages reach
 * the model as the parent's; the model's posts reach the client as the frame's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { allSettled, createWatch, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeDto } from '../../api/dto';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import { postToEmbedderFx, readEmbedderOriginFx, type EmbedderPost } from '../../platform/embed-channel';
import { $storage, createMemoryStorage } from '../../platform/storage';
import { engineAttached } from '../playback';
import { $currentEpisode, $episodes, episodeChosen } from '../session';
import { embedMessageReceived, embedStarted, listenToEmbedderFx } from './index';

const SITE = 'https://site.example';
const SRC = 'https://player.example/embed?movie_id=102&_=1385393930268';
const PLAYER_ORIGIN = 'https://player.example';
const READY = { levels: [], audioTracks: [], subtitleTracks: [] };
const episode = (id: number): EpisodeDto => ({
  id, title: `E${id}`, description: '', order: id, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: `/hls/${id}/master.m3u8`, season: { id: 1, order: 1 },
});
const EPISODES = [episode(11), episode(12)];

type Callback = (value?: unknown) => void;
interface PlayerjsPlayer {
  on(event: string, callback: Callback): void;
  off(event: string, callback?: Callback): void;
  supports(kind: 'method' | 'event', names: string | string[]): boolean;
  /** The client's generic sender: the product's methods have no named function on it. */
  send(data: { method: string; value?: unknown }, callback?: Callback): boolean;
  [method: string]: unknown;
}
interface Playerjs {
  Player: new (iframe: object) => PlayerjsPlayer;
  VERSION: string;
}

const clientCode = readFileSync(createRequire(import.meta.url).resolve('player.js'), 'utf8');

/** Runs every pending model update, the controls' timers included (fake time). */
async function settle(scope: Scope) {
  const settled = allSettled(scope);
  await vi.runAllTimersAsync();
  await settled;
}

async function embed() {
  const page = Object.assign(new EventTarget(), { postMessage: () => {}, location: { protocol: 'https:' } });
  const sandbox = { window: page, document: {}, module: { exports: {} as Playerjs } };
  runInNewContext(clientCode, sandbox);
  const playerjs = sandbox.module.exports;

  let scope!: Scope;
  const posted: Array<Record<string, unknown>> = [];
  const pending: Array<Promise<unknown>> = [];
  // The iframe as the client sees it: its postMessage is the parent posting to the player.
  const iframe: { nodeName: string; src: string; onload: null | (() => void); contentWindow: object } = {
    nodeName: 'IFRAME',
    src: SRC,
    onload: null,
    contentWindow: {
      postMessage(data: unknown, targetOrigin: string) {
        expect(targetOrigin).toBe(PLAYER_ORIGIN);
        pending.push(allSettled(embedMessageReceived, { scope, params: { data, origin: SITE } }));
      },
    },
  };
  scope = fork({
    values: [[$storage, createMemoryStorage()], [$episodes, EPISODES], [$currentEpisode, EPISODES[0]]],
    handlers: [
      [readEmbedderOriginFx, () => SITE],
      [listenToEmbedderFx, () => {}],
      // The frame posting to the parent: the client reads e.origin and JSON-parses e.data.
      [postToEmbedderFx, ({ origin, messages }: EmbedderPost) => {
        expect(origin).toBe(SITE);
        posted.push(...(messages as Array<Record<string, unknown>>));
        for (const message of messages) page.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(message), origin: PLAYER_ORIGIN }));
        return messages.length;
      }],
    ],
  });
  const engine: ScriptedEngine = createScriptedEngine();
  const player = new playerjs.Player(iframe);
  const call = (method: string, ...args: unknown[]) => (player[method] as (...rest: unknown[]) => void)(...args);
  /** Lets every message in flight arrive and be answered. */
  const flush = async () => {
    while (pending.length > 0) await Promise.all(pending.splice(0));
    await settle(scope);
  };
  /** A getter through the client's API (its generic send for the product's), resolved with what its callback got. */
  const get = async (method: string) => {
    let answer: unknown = 'no answer';
    const callback = (value: unknown) => (answer = value);
    if (typeof player[method] === 'function') call(method, callback);
    else player.send({ method }, callback);
    await flush();
    return answer;
  };
  /** The page starts (the receiver listens), then the media is ready (the receiver is). */
  const begin = () => allSettled(embedStarted, { scope, params: { src: SRC, allowedOrigins: null } });
  const media = async () => {
    await allSettled(engineAttached, { scope, params: engine });
    engine.emit('sourceReady', READY);
    await flush();
  };
  const start = async () => {
    await begin();
    await media();
  };
  return { playerjs, player, iframe, scope, engine, posted, call, get, flush, begin, media, start };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('player.js 0.1.0 client against the receiver', () => {
  it('gets ready (src matches the iframe), then knows the product methods and events', async () => {
    const { playerjs, player, start } = await embed();
    expect(playerjs.VERSION).toBe('0.0.11');
    const ready = vi.fn();
    player.on('ready', ready);
    await start();
    expect(ready).toHaveBeenCalledTimes(1);
    expect(player.supports('method', ['play', 'setLoop', 'nextEpisode', 'setEpisode', 'getEpisode'])).toBe(true);
    expect(player.supports('event', ['timeupdate', 'seeked', 'episodeChanged', 'adStarted', 'adEnded', 'adSkipped', 'fullscreenChange'])).toBe(true);
    expect(player.supports('method', 'seekTo')).toBe(false);
  });

  it('a client whose iframe loaded before the player was ready: its ready listener gets ready, by id', async () => {
    const { player, iframe, posted, begin, media, flush } = await embed();
    await begin();
    iframe.onload?.();
    const ready = vi.fn();
    player.on('ready', ready);
    await flush();
    expect(ready).not.toHaveBeenCalled();
    await media();
    expect(ready).toHaveBeenCalledTimes(1);
    expect(posted).toEqual([expect.objectContaining({ event: 'ready', listener: expect.stringMatching(/^listener-/) })]);
  });

  it('sends what it queued before ready, and its getters get answers through their listeners', async () => {
    const { engine, call, get, start, flush } = await embed();
    // Queued by the client until ready.
    call('setVolume', 35);
    call('setLoop', true);
    await start();
    await flush();
    expect(engine.calls.map(({ command, args }) => [command, ...args])).toContainEqual(['setVolume', 0.35]);
    expect(await get('getLoop')).toBe(true);
    expect(await get('getVolume')).toBe(35);
    expect(await get('getPaused')).toBe(true);
    expect(await get('getMuted')).toBe(false);
    expect(await get('getDuration')).toBe(0);
    expect(await get('getEpisode')).toEqual(EPISODES[0]);
  });

  it('play, pause, seeks and episodes through the API', async () => {
    const { scope, engine, player, call, start, flush } = await embed();
    await start();
    const chosen: number[] = [];
    createWatch({ unit: episodeChosen, scope, fn: ({ id }) => chosen.push(id) });
    call('play');
    call('setCurrentTime', 42);
    call('pause');
    call('mute');
    player.send({ method: 'setEpisode', value: 12 });
    await flush();
    expect(engine.calls.map(({ command }) => command)).toEqual(expect.arrayContaining(['play', 'seek', 'pause', 'setMuted']));
    expect(chosen).toEqual([12]);
  });

  it('events reach the callbacks that subscribed, with their values; off stops them', async () => {
    const { scope, engine, player, start, flush } = await embed();
    await start();
    const played = vi.fn();
    const times = vi.fn();
    player.on('play', played);
    player.on('timeupdate', times);
    await flush();
    engine.emit('playing');
    engine.emit('timeUpdated', { currentTime: 5, duration: 40, bufferedAhead: 2 });
    await settle(scope);
    expect(played).toHaveBeenCalledTimes(1);
    expect(times.mock.calls).toEqual([[{ seconds: 5, duration: 40 }]]);
    player.off('play', played);
    await flush();
    engine.emit('playing');
    await settle(scope);
    expect(played).toHaveBeenCalledTimes(1);
  });
});
