/**
 * The next episode made ready ahead (next-source.ts), through the engine against an hls.js-shaped
 * fake: the prefetch makes an instance without the element, its load takes it, and anything else
 * (another source, a saved second, an error, the teardown) drops it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import Hls, { ErrorDetails, ErrorTypes, Events, type ErrorData, type HlsListeners } from 'hls.js';
import { FakeHls, FakeVideo, trigger } from '../test-support/hls-fakes';
import { L360, L720, MASTER } from '../test-support/hls-payloads';
import { createHlsEngine } from './hls-engine';
import type { PlaylistCache } from './playlist-cache';
import { ENGINE_FACT_NAMES, type EngineFactName } from './types';

const HlsClass = Object.assign(FakeHls, { DefaultConfig: Hls.DefaultConfig }) as unknown as typeof Hls;
const NEXT = 'https://cdn.test/series/s1e3/master.m3u8';
const NEXT_MASTER = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n';

/** The page's playlist cache, answering the next episode's master from memory. */
function playlists(): PlaylistCache & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    fetch: (url) => void fetched.push(url),
    take: () => null,
    peek: (url) => (fetched.includes(url) && url === NEXT ? Promise.resolve(NEXT_MASTER) : null),
    drop: () => undefined,
  };
}

/** An engine playing MASTER, every fact it emits recorded by name. */
function playing() {
  const video = new FakeVideo();
  const cache = playlists();
  const engine = createHlsEngine(video as unknown as HTMLVideoElement, { Hls: HlsClass, playlists: cache });
  const seen: EngineFactName[] = [];
  for (const fact of ENGINE_FACT_NAMES) engine.on(fact, () => seen.push(fact));
  engine.load(MASTER);
  return { engine, video, cache, seen, current: FakeHls.instances.at(-1)! };
}

const manifestParsed = (hls: FakeHls) =>
  trigger(hls, Events.MANIFEST_PARSED, { levels: [L360(), L720()], audioTracks: [], subtitleTracks: [] } as unknown as Parameters<HlsListeners[Events.MANIFEST_PARSED]>[1]);
const levelSwitched = (hls: FakeHls) => trigger(hls, Events.LEVEL_SWITCHED, { level: 0 } as Parameters<HlsListeners[Events.LEVEL_SWITCHED]>[1]);
/** A key that fails: on the source, the error handler stops its instance's loading (error-policy.ts). */
const keyError = (hls: FakeHls) =>
  trigger(hls, Events.ERROR, { type: ErrorTypes.KEY_SYSTEM_ERROR, details: ErrorDetails.KEY_LOAD_ERROR, fatal: false, error: new Error('x') } as ErrorData);

beforeEach(() => {
  FakeHls.instances = [];
  FakeHls.supported = true;
});

describe('the next episode made ready ahead', () => {
  it('the prefetch asks for its playlists, then an instance loads it from its start without the element; what it reports waits', async () => {
    const { engine, cache, seen, current } = playing();
    expect(await engine.prefetch(NEXT)).toBe(2);
    expect(cache.fetched).toEqual([NEXT, 'https://cdn.test/series/s1e3/360p/index.m3u8']);
    const ready = FakeHls.instances.at(-1)!;
    expect(ready).not.toBe(current);
    expect([ready.url, ready.media, ready.calls, ready.config.startPosition]).toEqual([NEXT, null, ['loadSource'], -1]);
    // It starts from what the playing episode measured, not from hls.js's default.
    expect(ready.config.abrEwmaDefaultEstimate).toBe(current.bandwidthEstimate);
    manifestParsed(ready);
    expect(seen).not.toContain('sourceReady');
    expect(current.destroyed).toBe(false);
  });

  it('its load from the start takes it: the previous instance destroyed, the element given, its facts told after the load, in order', async () => {
    const { engine, video, seen, current } = playing();
    await engine.prefetch(NEXT);
    const ready = FakeHls.instances.at(-1)!;
    manifestParsed(ready);
    levelSwitched(ready);
    engine.load(NEXT);
    expect(current.destroyed).toBe(true);
    expect(FakeHls.instances).toHaveLength(2);
    expect([ready.media, ready.calls]).toEqual([video, ['loadSource', 'attachMedia']]);
    expect(seen).not.toContain('sourceReady');
    trigger(ready, Events.FRAG_BUFFERED, { frag: { type: 'main' } } as unknown as Parameters<HlsListeners[Events.FRAG_BUFFERED]>[1]);
    await Promise.resolve();
    expect(seen.filter((fact) => ['sourceReady', 'levelSwitched', 'loadProgress'].includes(fact))).toEqual(['sourceReady', 'levelSwitched', 'loadProgress']);
    expect(engine.source()).toMatchObject({ url: NEXT, ready: { levels: [expect.anything(), expect.anything()] } });
    // From now on its facts go out as they come.
    levelSwitched(ready);
    expect(seen.at(-1)).toBe('levelSwitched');
  });

  it('another source, or the same one from a saved second, starts afresh and drops it', async () => {
    const { engine } = playing();
    await engine.prefetch(NEXT);
    const ready = FakeHls.instances.at(-1)!;
    engine.load(NEXT, { startTime: 30 });
    expect(ready.destroyed).toBe(true);
    expect(FakeHls.instances.at(-1)!.config.startPosition).toBe(30);

    await engine.prefetch(NEXT);
    const again = FakeHls.instances.at(-1)!;
    engine.load('https://cdn.test/series/s2e1/master.m3u8');
    expect(again.destroyed).toBe(true);
    expect(FakeHls.instances.at(-1)!.url).toBe('https://cdn.test/series/s2e1/master.m3u8');
  });

  it('an error before its turn drops it, unheard, and leaves the playing source alone; its load then starts afresh', async () => {
    const { engine, seen, current } = playing();
    await engine.prefetch(NEXT);
    const ready = FakeHls.instances.at(-1)!;
    keyError(ready);
    await Promise.resolve();
    expect(ready.destroyed).toBe(true);
    expect(seen).not.toContain('error');
    expect(current.calls).toEqual(['loadSource', 'attachMedia']);
    engine.load(NEXT);
    expect(FakeHls.instances).toHaveLength(3);
    expect(FakeHls.instances.at(-1)!.calls).toEqual(['loadSource', 'attachMedia']);
  });

  it('is made once per episode; nothing for the source already playing, nor where the browser plays HLS itself; the teardown drops it', async () => {
    const { engine } = playing();
    await engine.prefetch(NEXT);
    await engine.prefetch(NEXT);
    expect(FakeHls.instances).toHaveLength(2);
    engine.load(NEXT);
    await engine.prefetch(NEXT);
    expect(FakeHls.instances).toHaveLength(2);

    FakeHls.instances = [];
    const other = playing();
    await other.engine.prefetch(NEXT);
    other.engine.destroy();
    expect(FakeHls.instances.every((hls) => hls.destroyed)).toBe(true);

    FakeHls.instances = [];
    FakeHls.supported = false;
    const video = new FakeVideo();
    video.canPlayType = () => 'maybe';
    const native = createHlsEngine(video as unknown as HTMLVideoElement, { Hls: HlsClass, playlists: playlists() });
    native.load(MASTER);
    await native.prefetch(NEXT);
    expect(FakeHls.instances).toHaveLength(0);
  });
});
