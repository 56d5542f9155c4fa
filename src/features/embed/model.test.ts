import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { allSettled, createWatch, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeDto } from '../../api/dto';
import type { ParsedAd } from '../../vast';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import { postToEmbedderFx, readEmbedderOriginFx, type EmbedderPost } from '../../platform/embed-channel';
import { $storage, createMemoryStorage, type MemoryStorage } from '../../platform/storage';
import { firePixelFx } from '../../platform/pixel';
import { sendStatFx } from '../../platform/stats';
import { AdStatus } from '../ads';
import { createFeatures } from '../../app/create-features';
import { linkEmbedderRequests } from '../../app/links/embed';
import { linked } from '../../test-support/linked';
import { noAdVideo } from '../../test-support/ads-scope';
import { EMBED_EVENTS, EMBED_METHODS, type OutgoingMessage } from './protocol';

// The features built by a factory, as the player builds them, and the embedder's requests to series
// (setEpisode, nextEpisode) and to share (setPageUrl), as the player links them.
const features = linked(() => createFeatures({ createAdVideo: noAdVideo }));
linked(() => linkEmbedderRequests(features));
const { $controlsVisible, $muted, $status, $volume, engineAttached, sourceRequested } = features.playback;
const { $embedReady, $listeners, $loopEnabled, embedMessageReceived, embedStarted, listenToEmbedderFx } = features.embed;
const { chapterEntered } = features.chapters;
const { nativeFullscreenChanged } = features.fullscreen;
const { $pageUrl } = features.share;
const {
  $adMediaTimeoutMs, $adStatus, $adTime, $break, $breakPhase, $currentAd, adMutedRequested, adPauseRequested, adPlayRequested, adStatusChanged, adVolumeRequested,
  skipRequested, stopRequested,
} = features.ads;
const { $currentEpisode, $episodes, episodeChosen } = features.session;

const SITE = 'https://site.example';
const SRC = 'https://player.example/?movie_id=102&_=1';
const READY = { levels: [], audioTracks: [], subtitleTracks: [] };

const episode = (id: number, order: number): EpisodeDto => ({
  id, title: `${order}. E${id}`, description: '', order, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
  isCompleted: false, m3u8MasterFilePath: `/hls/${id}/master.m3u8`, season: { id: 1, order: 1 },
});
const EPISODES = [episode(11, 1), episode(12, 2), episode(13, 3)];

interface Setup {
  allowedOrigins?: string[] | null;
  embedder?: string | null;
  /** The first source is ready (the receiver's ready waits for it). */
  sourceReady?: boolean;
  values?: Array<[unknown, unknown]>;
}

type Posted = OutgoingMessage & { to: string };

async function setup({ allowedOrigins = null, embedder = SITE, sourceReady = true, values = [] }: Setup = {}) {
  const posted: Posted[] = [];
  const storage: MemoryStorage = createMemoryStorage();
  const listen = vi.fn();
  const scope = fork({
    values: [[$storage, storage], [$episodes, EPISODES], [$currentEpisode, EPISODES[0]], ...values] as never,
    handlers: [
      [readEmbedderOriginFx, () => embedder],
      [listenToEmbedderFx, listen],
      // The ads feature's own pings and statistics, for the ad tests.
      [firePixelFx, () => {}],
      [sendStatFx, () => true],
      // As the adapter sends it: JSON text; the client parses it back.
      [postToEmbedderFx, ({ origin, messages }: EmbedderPost) => {
        for (const message of messages) posted.push({ ...(JSON.parse(JSON.stringify(message)) as OutgoingMessage), to: origin });
        return messages.length;
      }],
    ],
  });
  const engine = createScriptedEngine();
  await allSettled(embedStarted, { scope, params: { src: SRC, allowedOrigins } });
  await allSettled(engineAttached, { scope, params: engine });
  if (sourceReady) await emit(scope, engine, 'sourceReady', READY);
  /** Sends a player.js message from the parent at `origin`. */
  const send = (fields: Record<string, unknown>, origin = SITE) =>
    allSettled(embedMessageReceived, { scope, params: { data: JSON.stringify({ context: 'player.js', version: '0.0.11', ...fields }), origin } });
  const take = () => posted.splice(0, posted.length);
  return { scope, engine, posted, storage, listen, send, take };
}

/** A media fact, then every effect it started. */
async function emit<K extends Parameters<ScriptedEngine['emit']>[0]>(scope: Scope, engine: ScriptedEngine, fact: K, ...payload: unknown[]) {
  (engine.emit as (fact: K, ...rest: unknown[]) => void)(fact, ...payload);
  // Fake time: a fact may start the controls' idle timer, which allSettled waits for.
  const settled = allSettled(scope);
  await vi.runAllTimersAsync();
  await settled;
}

const envelope = { context: 'player.js', version: '0.0.11' };
const commands = (engine: ScriptedEngine) => engine.calls.map(({ command, args }) => `${command}(${args.map((arg) => JSON.stringify(arg)).join(',')})`);

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('ready', () => {
  it('goes out once, after start, engine and the first source, to the embedding origin', async () => {
    const { scope, engine, posted, listen } = await setup({ sourceReady: false });
    // Listening starts with the page; ready waits for the media.
    expect(listen).toHaveBeenCalledTimes(1);
    expect(posted).toEqual([]);
    await emit(scope, engine, 'sourceReady', READY);
    expect(posted).toEqual([{ ...envelope, event: 'ready', value: { src: SRC, methods: [...EMBED_METHODS], events: [...EMBED_EVENTS] }, to: SITE }]);
    // A second source (the next episode) does not announce it again.
    await emit(scope, engine, 'sourceReady', READY);
    expect(posted).toHaveLength(1);
    expect(scope.getState($embedReady)).toBe(true);
    expect(listen).toHaveBeenCalledTimes(1);
  });

  it('before ready takes listeners only; ready then goes to each ready listener, with its id', async () => {
    const { scope, engine, posted, send } = await setup({ sourceReady: false });
    await send({ method: 'addEventListener', value: 'ready', listener: 'r1' });
    await send({ method: 'addEventListener', value: 'ready', listener: 'r2' });
    await send({ method: 'addEventListener', value: 'play', listener: 'p' });
    await send({ method: 'play' });
    await send({ method: 'setLoop', value: true });
    await send({ method: 'getPaused', listener: 'g' });
    expect(commands(engine)).not.toContain('play()');
    expect(scope.getState($loopEnabled)).toBe(false);
    expect(posted).toEqual([]);
    await emit(scope, engine, 'sourceReady', READY);
    expect(posted.map(({ event, listener }) => [event, listener])).toEqual([['ready', 'r1'], ['ready', 'r2']]);
    expect(scope.getState($listeners)).toEqual({ ready: ['r1', 'r2'], play: ['p'] });
  });

  it('goes out after a fatal error of the first source too: the embedder can still ask', async () => {
    const { scope, engine, posted } = await setup({ sourceReady: false });
    await emit(scope, engine, 'error', { kind: 'network', detail: 'manifestLoadError', fatal: true, message: 'http://x/secret?token=1' });
    expect(posted.map(({ event }) => event)).toEqual(['ready']);
  });

  it('is answered again, with the listener, to a client that adds a ready listener later', async () => {
    const { posted, send, take } = await setup();
    take();
    await send({ method: 'addEventListener', value: 'ready', listener: 'listener-r' });
    expect(posted).toEqual([expect.objectContaining({ event: 'ready', listener: 'listener-r', value: expect.objectContaining({ src: SRC }) })]);
  });

  it('stays silent without a known embedding origin (never "*"), or when the setting does not allow it', async () => {
    for (const options of [{ embedder: null }, { allowedOrigins: ['https://partner.example'] }, { allowedOrigins: [] }]) {
      const { posted, listen, scope, send } = await setup(options);
      await send({ method: 'addEventListener', value: 'ready', listener: 'r' });
      expect(posted).toEqual([]);
      expect(listen).not.toHaveBeenCalled();
      expect(scope.getState($embedReady)).toBe(false);
    }
    const { posted } = await setup({ allowedOrigins: ['https://partner.example', SITE] });
    expect(posted.map(({ event, to }) => [event, to])).toEqual([['ready', SITE]]);
  });
});

describe('origin rules', () => {
  it('obeys the embedding origin; ignores every other origin', async () => {
    const { engine, send } = await setup();
    await send({ method: 'pause' }, 'https://evil.example');
    await send({ method: 'pause' }, 'null');
    await send({ method: 'pause' }, '');
    expect(commands(engine)).not.toContain('pause()');
    await send({ method: 'pause' });
    expect(commands(engine)).toContain('pause()');
  });

  it('with data-allowed-origins set, obeys the embedding origin only when it is listed', async () => {
    const allowed = await setup({ allowedOrigins: [SITE] });
    await allowed.send({ method: 'pause' });
    expect(commands(allowed.engine)).toContain('pause()');
    const restricted = await setup({ allowedOrigins: ['https://partner.example'] });
    await restricted.send({ method: 'pause' });
    await restricted.send({ method: 'pause' }, 'https://partner.example');
    expect(commands(restricted.engine)).not.toContain('pause()');
  });
});

describe('methods → the model', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['play plays the content', { method: 'play' }, ['play()']],
    ['pause pauses it', { method: 'pause' }, ['pause()']],
    ['mute', { method: 'mute' }, ['setMuted(true)']],
    ['unmute', { method: 'unmute' }, ['setMuted(false)']],
    ['setVolume 50 → 0.5 (the slider intent)', { method: 'setVolume', value: 50 }, ['setVolume(0.5)']],
    ['setVolume 33 → 0.35 on the grid', { method: 'setVolume', value: 33 }, ['setVolume(0.35)']],
    ['setVolume 250 → 1', { method: 'setVolume', value: 250 }, ['setVolume(1)']],
    ['setCurrentTime seeks', { method: 'setCurrentTime', value: 12 }, ['seek(12)']],
  ])('%s', async (_name, fields, expected) => {
    const { engine, send } = await setup();
    const before = engine.calls.length;
    await send(fields);
    expect(commands(engine).slice(before)).toEqual(expected);
  });

  it('setVolume on a muted player unmutes it, as the slider does; mute and volume are saved like the viewer\'s', async () => {
    const { scope, engine, send, storage } = await setup();
    await emit(scope, engine, 'volumeChanged', { volume: 1, muted: true });
    const before = engine.calls.length;
    await send({ method: 'setVolume', value: 40 });
    expect(commands(engine).slice(before)).toEqual(['setVolume(0.4)', 'setMuted(false)']);
    await emit(scope, engine, 'volumeChanged', { volume: 0.4, muted: false });
    expect(storage.raw.get('player-volume')).toBe('0.4');
    expect(storage.raw.get('player-muted')).toBe('false');
    expect(scope.getState($volume)).toBe(0.4);
    expect(scope.getState($muted)).toBe(false);
  });

  it('setLoop sets the loop; an ended episode then seeks to 0 and plays, and ended is not sent', async () => {
    const { scope, engine, send, take, posted } = await setup();
    await send({ method: 'addEventListener', value: 'ended', listener: 'e' });
    await send({ method: 'setLoop', value: true });
    expect(scope.getState($loopEnabled)).toBe(true);
    take();
    const before = engine.calls.length;
    await emit(scope, engine, 'ended');
    // (The start watchdog, run out in fake time with no first frame, pauses after.)
    expect(commands(engine).slice(before, before + 2)).toEqual(['seek(0)', 'play()']);
    expect(posted).toEqual([]);
    await send({ method: 'setLoop', value: false });
    await emit(scope, engine, 'ended');
    expect(posted).toEqual([{ ...envelope, event: 'ended', listener: 'e', to: SITE }]);
  });

  it('nextEpisode and setEpisode choose episodes of this content; unknown or current ids are ignored', async () => {
    const { scope, send } = await setup();
    const chosen: number[] = [];
    createWatch({ unit: episodeChosen, scope, fn: ({ id }) => chosen.push(id) });
    await send({ method: 'nextEpisode' });
    expect(chosen).toEqual([12]);
    await send({ method: 'setEpisode', value: 11 });
    await send({ method: 'setEpisode', value: '13' });
    await send({ method: 'setEpisode', value: 999 });
    await send({ method: 'setEpisode', value: 13 });
    expect(chosen).toEqual([12, 11, 13]);
  });
});

describe('setPageUrl', () => {
  it("takes the embedding page's own address for share links, and no other origin's", async () => {
    const { scope, send } = await setup();
    await send({ method: 'setPageUrl', value: 'https://site.example/films/kino-1?from=list' });
    expect(scope.getState($pageUrl)).toBe('https://site.example/films/kino-1?from=list');
    await send({ method: 'setPageUrl', value: 'https://evil.example/phish' });
    await send({ method: 'setPageUrl', value: 'javascript:alert(1)' });
    await send({ method: 'setPageUrl', value: '/films/kino-2' });
    expect(scope.getState($pageUrl)).toBe('https://site.example/films/kino-1?from=list');
  });
});

describe('getters answer with the listener echoed', () => {
  it.each<[string, Array<[unknown, unknown]>, unknown]>([
    ['getPaused', [], true],
    // Under hidden controls: shown, the stream tick would poll the engine and keep the scope from settling.
    ['getPaused', [[$status, 'playing'], [$controlsVisible, false]], false],
    ['getPaused', [[$status, 'buffering'], [$controlsVisible, false]], false],
    ['getPaused', [[$status, 'ended']], true],
    ['getMuted', [[$muted, true]], true],
    ['getVolume', [[$volume, 0.35]], 35],
    ['getLoop', [[$loopEnabled, true]], true],
    ['getEpisode', [], EPISODES[0]],
  ])('%s', async (method, values, value) => {
    const { send, take, posted } = await setup({ values });
    take();
    await send({ method, listener: 'listener-42' });
    expect(posted).toEqual([{ ...envelope, event: method, value, listener: 'listener-42', to: SITE }]);
  });

  it('getVolume reads back the percent set (87, not the 85 the player plays) until the volume moves elsewhere', async () => {
    const { scope, engine, send, take, posted } = await setup();
    await send({ method: 'setVolume', value: 87 });
    await emit(scope, engine, 'volumeChanged', { volume: 0.85, muted: false });
    take();
    await send({ method: 'getVolume', listener: 'v' });
    await emit(scope, engine, 'volumeChanged', { volume: 0.5, muted: false });
    await send({ method: 'getVolume', listener: 'v' });
    expect(posted.map((message) => (message as { value?: unknown }).value)).toEqual([87, 50]);
  });

  it('getDuration and getCurrentTime follow the media (as often as it reports), and answer a numeric listener', async () => {
    const { scope, engine, send, take, posted } = await setup();
    await emit(scope, engine, 'timeUpdated', { currentTime: 7.25, duration: 40, bufferedAhead: 3 });
    take();
    await send({ method: 'getDuration', listener: 1 });
    await send({ method: 'getCurrentTime', listener: 2 });
    expect(posted).toEqual([
      { ...envelope, event: 'getDuration', value: 40, listener: 1, to: SITE },
      { ...envelope, event: 'getCurrentTime', value: 7.25, listener: 2, to: SITE },
    ]);
  });

  it('a getter without a listener is answered without one; getEpisode with no episode has no value', async () => {
    const { send, take, posted } = await setup({ values: [[$currentEpisode, null]] });
    take();
    await send({ method: 'getEpisode' });
    expect(posted).toEqual([{ ...envelope, event: 'getEpisode', to: SITE }]);
  });

  it('a method the player does not have tells the error listeners (code 2), and nobody else', async () => {
    const { send, take, posted, scope } = await setup();
    take();
    await send({ method: 'destroy' });
    expect(posted).toEqual([]);
    await send({ method: 'addEventListener', value: 'error', listener: 'err' });
    await send({ method: 'destroy' });
    expect(posted).toEqual([{ ...envelope, event: 'error', value: { code: 2, msg: 'Invalid Method "destroy"' }, listener: 'err', to: SITE }]);
    expect(scope.getState($listeners)).toEqual({ error: ['err'] });
  });
});

describe('events go to the listeners that asked', () => {
  it('one message per listener; removing one, then all', async () => {
    const { scope, engine, send, take, posted } = await setup();
    await send({ method: 'addEventListener', value: 'play', listener: 'a' });
    await send({ method: 'addEventListener', value: 'play', listener: 'b' });
    await send({ method: 'addEventListener', value: 'play', listener: 'a' });
    take();
    await emit(scope, engine, 'playing');
    expect(posted.map(({ event, listener }) => [event, listener])).toEqual([['play', 'a'], ['play', 'b']]);
    take();
    await send({ method: 'removeEventListener', value: 'play', listener: 'a' });
    await emit(scope, engine, 'playing');
    expect(posted.map(({ listener }) => listener)).toEqual(['b']);
    take();
    await send({ method: 'removeEventListener', value: 'play' });
    await emit(scope, engine, 'playing');
    expect(posted).toEqual([]);
  });

  it('a pause command on playing media is announced at once, and its late media fact adds no second pause', async () => {
    const { scope, engine, send, take, posted } = await setup();
    await send({ method: 'addEventListener', value: 'pause', listener: 'p' });
    await emit(scope, engine, 'playing');
    take();
    await send({ method: 'pause' });
    // The client's next messages run before the media's fact comes: it already has its pause.
    expect(posted.map(({ event }) => event)).toEqual(['pause']);
    await send({ method: 'addEventListener', value: 'pause', listener: 'q' });
    await emit(scope, engine, 'paused');
    expect(posted.map(({ event, listener }) => [event, listener])).toEqual([['pause', 'p']]);
    // A pause nobody asked for (the media's own) goes out when the media reports it.
    await emit(scope, engine, 'playing');
    take();
    await emit(scope, engine, 'paused');
    expect(posted.map(({ listener }) => listener)).toEqual(['p', 'q']);
  });

  it('nothing is sent for an event nobody listens to', async () => {
    const { scope, engine, take, posted } = await setup();
    take();
    await emit(scope, engine, 'playing');
    await emit(scope, engine, 'paused');
    await emit(scope, engine, 'timeUpdated', { currentTime: 3, duration: 40, bufferedAhead: 10 });
    expect(posted).toEqual([]);
  });

  it('play, pause, ended, seeked, timeupdate (≥ 0.2 s apart) and progress (loaded end, ≥ 1 s apart)', async () => {
    const { scope, engine, send, take, posted } = await setup();
    for (const event of ['play', 'pause', 'ended', 'seeked', 'timeupdate', 'progress']) await send({ method: 'addEventListener', value: event, listener: event });
    take();
    await emit(scope, engine, 'playing');
    // Before the duration is known, no timeupdate: clients divide by it.
    await emit(scope, engine, 'timeUpdated', { currentTime: 0, duration: Number.NaN, bufferedAhead: 0 });
    await emit(scope, engine, 'timeUpdated', { currentTime: 0.1, duration: 40, bufferedAhead: 4 });
    await emit(scope, engine, 'timeUpdated', { currentTime: 0.2, duration: 40, bufferedAhead: 3.9 });
    await emit(scope, engine, 'timeUpdated', { currentTime: 0.35, duration: 40, bufferedAhead: 5.65 });
    await emit(scope, engine, 'paused');
    await emit(scope, engine, 'seeking', { currentTime: 20 });
    await emit(scope, engine, 'seeked', { currentTime: 20 });
    await emit(scope, engine, 'ended');
    expect(posted.map(({ event, value }) => (value === undefined ? event : [event, value]))).toEqual([
      'play',
      ['timeupdate', { seconds: 0.1, duration: 40 }],
      ['progress', { seconds: 4.1, duration: 40 }],
      ['timeupdate', { seconds: 0.35, duration: 40 }],
      ['progress', { seconds: 6, duration: 40 }],
      'pause',
      ['seeked', { seconds: 20, duration: 40 }],
      'ended',
    ]);
    expect(posted.every(({ to, context, version }) => to === SITE && context === 'player.js' && version === '0.0.11')).toBe(true);
  });

  it('error, episodeChanged and fullscreenChange', async () => {
    const { scope, engine, send, take, posted } = await setup();
    for (const event of ['error', 'episodeChanged', 'fullscreenChange']) await send({ method: 'addEventListener', value: event, listener: event });
    take();
    await allSettled(episodeChosen, { scope, params: EPISODES[1]! });
    await allSettled(nativeFullscreenChanged, { scope, params: true });
    await allSettled(sourceRequested, { scope, params: { url: 'u', startTime: 0 } });
    await emit(scope, engine, 'error', { kind: 'network', detail: 'fragLoadError', fatal: false, message: 'http://x' });
    await emit(scope, engine, 'error', { kind: 'media', detail: 'mediaSourceUnsupported', fatal: true, message: 'HLS is not supported' });
    expect(posted.map(({ event, value }) => [event, value])).toEqual([
      ['episodeChanged', EPISODES[1]],
      ['fullscreenChange', { fullscreen: true }],
      ['error', { code: 1, msg: 'mediaSourceUnsupported' }],
    ]);
  });
});

describe('chapterChange', () => {
  it('goes out as the playhead enters each chapter, with its title, role and times', async () => {
    const { scope, send, take, posted } = await setup();
    await send({ method: 'addEventListener', value: 'chapterChange', listener: 'c' });
    take();
    await allSettled(chapterEntered, { scope, params: { start: 0, end: 20, title: 'Заставка', role: 'intro' } });
    await allSettled(chapterEntered, { scope, params: { start: 50, end: 60, title: 'Титры', role: 'credits' } });
    expect(posted.map(({ event, value, listener }) => [event, value, listener])).toEqual([
      ['chapterChange', { title: 'Заставка', role: 'intro', start: 0, end: 20 }, 'c'],
      ['chapterChange', { title: 'Титры', role: 'credits', start: 50, end: 60 }, 'c'],
    ]);
  });
});

describe('ads', () => {
  const mediaFile = { url: 'https://ads.example/a.mp4', type: 'video/mp4', width: 640, height: 360, codec: null };
  const ad: ParsedAd = {
    id: 'ad-1', duration: 15, skipOffset: 5, mediaFiles: [mediaFile], mediaFile, impressions: [], errors: [], clickThrough: null,
    clickTracking: [], tracking: {}, progressOffset: null, progress: [],
  };
  // No media time-out: its timer would hold allSettled for an ad whose media never moves here.
  const running = [[$breakPhase, 'running'], [$break, { kind: 'midroll', contentTime: 30 }], [$adStatus, AdStatus.Playing], [$adMediaTimeoutMs, null]] as Array<[unknown, unknown]>;

  it('while a break runs, play and pause act on the ad; sound on both; seeks and episode changes wait', async () => {
    const { scope, engine, send } = await setup({ values: running });
    const ads: string[] = [];
    createWatch({ unit: adPlayRequested, scope, fn: () => ads.push('play') });
    createWatch({ unit: adPauseRequested, scope, fn: () => ads.push('pause') });
    createWatch({ unit: adMutedRequested, scope, fn: (muted) => ads.push(`muted ${muted}`) });
    createWatch({ unit: adVolumeRequested, scope, fn: (volume) => ads.push(`volume ${volume}`) });
    const chosen = vi.fn();
    createWatch({ unit: episodeChosen, scope, fn: chosen });
    const before = engine.calls.length;
    await send({ method: 'pause' });
    await send({ method: 'play' });
    await send({ method: 'mute' });
    await send({ method: 'setVolume', value: 60 });
    await send({ method: 'setCurrentTime', value: 100 });
    await send({ method: 'nextEpisode' });
    await send({ method: 'setEpisode', value: 13 });
    expect(ads).toEqual(['pause', 'play', 'muted true', 'volume 0.6', 'muted false']);
    expect(commands(engine).slice(before)).toEqual(['setMuted(true)', 'setVolume(0.6)']);
    expect(chosen).not.toHaveBeenCalled();
  });

  it('the ad interface: handshakeVersion 2.0, the ad duration and remaining time (-2 when unknown), skipAd and stopAd while an ad runs', async () => {
    const { scope, send, take, posted } = await setup({ values: [...running, [$currentAd, ad], [$adTime, { currentTime: 4, duration: Number.NaN }]] });
    const commanded: string[] = [];
    createWatch({ unit: skipRequested, scope, fn: () => commanded.push('skip') });
    createWatch({ unit: stopRequested, scope, fn: () => commanded.push('stop') });
    take();
    for (const method of ['handshakeVersion', 'getAdDuration', 'getAdRemainingTime']) await send({ method, listener: method });
    expect(posted.map(({ event, value }) => [event, value])).toEqual([
      ['handshakeVersion', '2.0'],
      ['getAdDuration', 15],
      ['getAdRemainingTime', 11],
    ]);
    await send({ method: 'skipAd' });
    await send({ method: 'stopAd' });
    expect(commanded).toEqual(['skip', 'stop']);

    // No ad: unknown times, and the commands do nothing.
    await allSettled($currentAd, { scope, params: null });
    await allSettled($breakPhase, { scope, params: 'idle' });
    take();
    await send({ method: 'getAdDuration', listener: 'd' });
    await send({ method: 'getAdRemainingTime', listener: 'r' });
    await send({ method: 'skipAd' });
    await send({ method: 'stopAd' });
    expect(posted.map(({ value }) => value)).toEqual([-2, -2]);
    expect(commanded).toEqual(['skip', 'stop']);
  });

  it("getPaused answers for the ad while it runs", async () => {
    const { send, take, posted } = await setup({ values: [...running, [$adStatus, AdStatus.Paused], [$status, 'playing'], [$controlsVisible, false]] });
    take();
    await send({ method: 'getPaused', listener: 'p' });
    expect(posted).toEqual([{ ...envelope, event: 'getPaused', value: true, listener: 'p', to: SITE }]);
  });

  it('holds the content events back and announces the ad: adStarted, adSkipped then adEnded', async () => {
    const { scope, engine, send, take, posted } = await setup({ values: running });
    for (const event of ['play', 'pause', 'timeupdate', 'adStarted', 'adSkipped', 'adEnded']) await send({ method: 'addEventListener', value: event, listener: event });
    take();
    await emit(scope, engine, 'paused');
    await emit(scope, engine, 'playing');
    await emit(scope, engine, 'timeUpdated', { currentTime: 31, duration: 40, bufferedAhead: 0 });
    await allSettled(adStatusChanged, { scope, params: { ad, from: AdStatus.Loaded, to: AdStatus.Started } });
    await allSettled(adStatusChanged, { scope, params: { ad, from: AdStatus.Started, to: AdStatus.Playing } });
    await allSettled(adStatusChanged, { scope, params: { ad, from: AdStatus.Playing, to: AdStatus.Skipped } });
    // Here the last ad of the fake break ended it: the next break, a pre-roll, comes with two ads.
    await allSettled($break, { scope, params: { kind: 'preroll', contentTime: 0 } });
    await allSettled($breakPhase, { scope, params: 'running' });
    await allSettled(adStatusChanged, { scope, params: { ad: { ...ad, id: 'ad-2' }, from: AdStatus.Created, to: AdStatus.Error } });
    await allSettled($break, { scope, params: { kind: 'preroll', contentTime: 0 } });
    await allSettled($breakPhase, { scope, params: 'running' });
    await allSettled(adStatusChanged, { scope, params: { ad: { ...ad, id: 'ad-3' }, from: AdStatus.Created, to: AdStatus.Started } });
    await allSettled(adStatusChanged, { scope, params: { ad: { ...ad, id: 'ad-3' }, from: AdStatus.Playing, to: AdStatus.Completed } });
    expect(posted.map(({ event, value }) => [event, value])).toEqual([
      ['adStarted', { id: 'ad-1', kind: 'midroll', duration: 15, skipOffset: 5 }],
      ['adSkipped', { id: 'ad-1' }],
      ['adEnded', { id: 'ad-1', reason: 'skipped' }],
      ['adStarted', { id: 'ad-3', kind: 'preroll', duration: 15, skipOffset: 5 }],
      ['adEnded', { id: 'ad-3', reason: 'completed' }],
    ]);
    // The content's play, asked at the mid-roll's end, shows a frame (else the start watchdog
    // would pause it once the fake clock runs out).
    await emit(scope, engine, 'timeUpdated', { currentTime: 32, duration: 40, bufferedAhead: 0 });
    // The break over, the content's events flow again.
    take();
    await allSettled($breakPhase, { scope, params: 'idle' });
    await emit(scope, engine, 'playing');
    expect(posted.map(({ event }) => event)).toEqual(['play']);
  });
});

/**
 * The receiver's bad-input matrix: each row is a hostile or broken message (or a burst of
 * them), delivered through the real window adapter into a ready receiver. Every row must be
 * ignored: no exception, nothing logged, no state change, no command to the media, nothing posted.
 */

describe('player.js receiver: bad input is ignored', () => {
  // Real time, as these rows ran in a file of their own (the file's tests run on fake time).
  beforeEach(() => void vi.useRealTimers());
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const SITE = 'https://site.example';
  const PARTNER = 'https://partner.example';
  const READY = { levels: [], audioTracks: [], subtitleTracks: [] };
  const episode = (id: number): EpisodeDto => ({
    id, title: `E${id}`, description: '', order: id, posterPath: null, duration: 600, watchProgress: 0, watchedAt: null,
    isCompleted: false, m3u8MasterFilePath: `/hls/${id}/master.m3u8`, season: { id: 1, order: 1 },
  });
  const EPISODES = [episode(11), episode(12)];

  /** A player.js message as the client writes it. */
  const msg = (fields: Record<string, unknown>) => JSON.stringify({ context: 'player.js', version: '0.0.11', ...fields });
  const MB = 1024 * 1024;

  type From = 'parent' | 'sibling' | 'self' | 'none';
  interface Delivery {
    data: unknown;
    from?: From;
    origin?: string;
  }
  type Row = [name: string, deliveries: () => Delivery[], options?: { allowedOrigins: string[] }];

  const one = (data: unknown, extra: Omit<Delivery, 'data'> = {}) => () => [{ data, ...extra }];
  const burst = (count: number, make: (i: number) => Delivery) => () => Array.from({ length: count }, (_, i) => make(i));
  const JUNK: unknown[] = ['{bad', 42, null, '[]', msg({ method: 42 }), { context: 'player.js' }, msg({ method: 'setVolume', value: 'loud' }), 'pause'];

  const ROWS: Row[] = [
    ['text that is not JSON', one('{"context":"player.js","method":"pause"')],
    ['the empty string', one('')],
    ['JSON null', one('null')],
    ['a JSON number', one('42')],
    ['a JSON array of messages', one(JSON.stringify([{ context: 'player.js', method: 'pause' }]))],
    ['a bare method name', one('pause')],
    ['a number, not text', one(42)],
    ['a boolean', one(true)],
    ['a Date object', one(new Date())],
    ['a Map', one(new Map([['context', 'player.js'], ['method', 'pause']]))],
    ['no context', one(JSON.stringify({ method: 'pause' }))],
    ['a wrong context', one(JSON.stringify({ context: 'playerjs', method: 'pause' }))],
    ['the context in another case', one(JSON.stringify({ context: 'Player.js', method: 'pause' }))],
    ['a context only from the prototype', one('{"__proto__":{"context":"player.js","method":"pause"}}')],
    ['no method', one(msg({ value: 50 }))],
    ['a numeric method', one(msg({ method: 1 }))],
    ['an empty method', one(msg({ method: '' }))],
    ['an unknown method (no error listener)', one(msg({ method: 'destroy' }))],
    ['__proto__ as the method', one(msg({ method: '__proto__' }))],
    ['toString as the method', one(msg({ method: 'toString' }))],
    ['constructor as the method', one(msg({ method: 'constructor' }))],
    ['setVolume with text', one(msg({ method: 'setVolume', value: '50' }))],
    ['setVolume with null (JSON NaN)', one(msg({ method: 'setVolume', value: Number.NaN }))],
    ['setVolume NaN, as an object', one({ context: 'player.js', method: 'setVolume', value: Number.NaN })],
    ['setVolume with no value', one(msg({ method: 'setVolume' }))],
    ['setCurrentTime with text', one(msg({ method: 'setCurrentTime', value: '12' }))],
    ['setCurrentTime Infinity, as an object', one({ context: 'player.js', method: 'setCurrentTime', value: Infinity })],
    ['setLoop with text', one(msg({ method: 'setLoop', value: 'true' }))],
    ['setLoop with 1', one(msg({ method: 'setLoop', value: 1 }))],
    ['setEpisode of an unknown episode', one(msg({ method: 'setEpisode', value: 999 }))],
    ['setEpisode with a negative id', one(msg({ method: 'setEpisode', value: -12 }))],
    ['setEpisode with a fraction', one(msg({ method: 'setEpisode', value: 11.5 }))],
    ['setPageUrl on another origin', one(msg({ method: 'setPageUrl', value: 'https://evil.example/films/1' }))],
    ['setPageUrl with a javascript: address', one(msg({ method: 'setPageUrl', value: 'javascript:alert(document.cookie)' }))],
    ['setPageUrl with a relative address', one(msg({ method: 'setPageUrl', value: '/films/1' }))],
    ['setPageUrl of 1 MB', one({ context: 'player.js', method: 'setPageUrl', value: `${SITE}/?q=${'x'.repeat(MB)}` })],
    ['addEventListener for an unknown event', one(msg({ method: 'addEventListener', value: 'hack', listener: 'l' }))],
    ['addEventListener for a prototype name', one(msg({ method: 'addEventListener', value: 'constructor', listener: 'l' }))],
    ['addEventListener with an object value', one(msg({ method: 'addEventListener', value: { event: 'play' }, listener: 'l' }))],
    ['a listener that is an object', one(msg({ method: 'addEventListener', value: 'play', listener: { id: 1 } }))],
    ['a listener of 1 KB', one(msg({ method: 'addEventListener', value: 'play', listener: 'l'.repeat(1024) }))],
    ['a 1 MB message', one(msg({ method: 'pause', padding: 'x'.repeat(MB) }))],
    ['a 1 MB listener, as an object', one({ context: 'player.js', method: 'pause', listener: 'x'.repeat(MB) })],
    ['a 1 MB method name', one(msg({ method: 'p'.repeat(MB) }))],
    ['a valid pause from a sibling frame', one(msg({ method: 'pause' }), { from: 'sibling' })],
    ['a valid pause with no source', one(msg({ method: 'pause' }), { from: 'none' })],
    ['a valid pause posted by the page to itself', one(msg({ method: 'pause' }), { from: 'self' })],
    ['a valid pause from another origin', one(msg({ method: 'pause' }), { origin: 'https://evil.example' })],
    ['a valid pause from an opaque origin', one(msg({ method: 'pause' }), { origin: 'null' })],
    ['a valid pause from the embedder when data-allowed-origins leaves it out', one(msg({ method: 'pause' })), { allowedOrigins: [PARTNER] }],
    ['a valid pause from a listed origin that is not the embedder', one(msg({ method: 'pause' }), { origin: PARTNER }), { allowedOrigins: [PARTNER] }],
    ['10,000 junk messages in a burst', burst(10_000, (i) => ({ data: JUNK[i % JUNK.length] }))],
    ['10,000 valid pauses from a sibling frame in a burst', burst(10_000, () => ({ data: msg({ method: 'pause' }), from: 'sibling' }))],
  ];

  interface Page {
    parent: { postMessage: ReturnType<typeof vi.fn> };
    sibling: object;
  }

  /** A framed page: window is an EventTarget whose parent is another window; the referrer names the embedder. */
  function framedPage(): Page {
    const parent = { postMessage: vi.fn() };
    const win = Object.assign(new EventTarget(), { parent, location: { href: 'https://player.example/?movie_id=1' } });
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { referrer: `${SITE}/film/1` });
    return { parent, sibling: { postMessage: vi.fn() } };
  }

  function deliver(page: Page, { data, from = 'parent', origin = SITE }: Delivery) {
    const source = { parent: page.parent, sibling: page.sibling, self: window, none: null }[from];
    window.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
  }

  async function readyReceiver(allowedOrigins: string[] | null) {
    const storage: MemoryStorage = createMemoryStorage();
    const scope = fork({ values: [[$storage, storage], [$episodes, EPISODES], [$currentEpisode, EPISODES[0]]] });
    const engine: ScriptedEngine = createScriptedEngine();
    await allSettled(embedStarted, { scope, params: { src: 'https://player.example/?movie_id=1', allowedOrigins } });
    await allSettled(engineAttached, { scope, params: engine });
    engine.emit('sourceReady', READY);
    await allSettled(scope);
    const chosen: number[] = [];
    createWatch({ unit: episodeChosen, scope, fn: ({ id }) => chosen.push(id) });
    return { scope, engine, storage, chosen };
  }

  function snapshot(scope: Scope, engine: ScriptedEngine, storage: MemoryStorage, page: Page, chosen: number[]) {
    return {
      ready: scope.getState($embedReady),
      listeners: scope.getState($listeners),
      loop: scope.getState($loopEnabled),
      volume: scope.getState($volume),
      muted: scope.getState($muted),
      status: scope.getState($status),
      episode: scope.getState($currentEpisode)?.id,
      chosen: [...chosen],
      pageUrl: scope.getState($pageUrl),
      commands: engine.calls.map(({ command }) => command),
      posted: page.parent.postMessage.mock.calls.length,
      stored: [...storage.raw],
    };
  }

  it(`has at least 25 rows (${ROWS.length})`, () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(ROWS)('%s', async (_name, deliveries, options) => {
    const page = framedPage();
    const { scope, engine, storage, chosen } = await readyReceiver(options?.allowedOrigins ?? null);
    const before = snapshot(scope, engine, storage, page, chosen);
    const list = deliveries();
    expect(() => list.forEach((delivery) => deliver(page, delivery))).not.toThrow();
    await allSettled(scope);
    expect(snapshot(scope, engine, storage, page, chosen)).toEqual(before);
    expect(errors).not.toHaveBeenCalled();
  });

  it('the same page obeys a well-formed message from its parent (the matrix can tell)', async () => {
    const page = framedPage();
    const { scope, engine } = await readyReceiver(null);
    // The ready message, as JSON text, to the embedding origin.
    expect(page.parent.postMessage.mock.calls).toEqual([[expect.stringContaining('"event":"ready"'), SITE]]);
    deliver(page, { data: msg({ method: 'pause' }) });
    deliver(page, { data: { context: 'player.js', method: 'getLoop', listener: 'l1' } });
    await allSettled(scope);
    expect(engine.calls.map(({ command }) => command)).toContain('pause');
    expect(JSON.parse(page.parent.postMessage.mock.calls[1]![0] as string)).toEqual({ context: 'player.js', version: '0.0.11', event: 'getLoop', value: false, listener: 'l1' });
    expect(page.parent.postMessage.mock.calls[1]![1]).toBe(SITE);
  });
});

/**
 * Conformance with the real client: player.js 0.1.0 (node_modules/player.js/dist), run in a
 * sandbox as the embedding page, drives the receiver through its own API. Its messages reach
 * the model as the parent's; the model's posts reach the client as the frame's.
 */

describe('player.js 0.1.0 client against the receiver', () => {
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
