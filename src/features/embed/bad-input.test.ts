/**
 * The receiver's bad-input matrix: each row is a hostile or broken message (or a burst of
 * them), delivered through the real window adapter into a ready receiver. Every row must be
 * ignored: no exception, nothing logged, no state change, no command to the media, nothing posted.
 */
import { allSettled, createWatch, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeDto } from '../../api/dto';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import { $storage, createMemoryStorage, type MemoryStorage } from '../../platform/storage';
import { $muted, $status, $volume, engineAttached } from '../playback';
import { $currentEpisode, $episodes, episodeChosen } from '../session';
import { $pageUrl } from '../share';
import { $embedReady, $listeners, $loopEnabled, embedStarted } from './index';

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

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('player.js receiver: bad input is ignored', () => {
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
