/**
 * The hls.js-shaped fake and a <video> with the properties and events the engine uses, shared by
 * the engine's tests (src/engine/*.test.ts). Nothing here loads hls.js; the engine is given the
 * fake class (`HlsEngineOptions.Hls`).
 */
import type { HlsListeners } from 'hls.js';
import { vi } from 'vitest';

type HlsListener = (event: string, data: unknown) => void;

/** hls.js's public surface as the engine uses it; listeners run in the order they were added, as in hls.js. */
export class FakeHls {
  static instances: FakeHls[] = [];
  static supported = true;
  static isSupported(): boolean {
    return FakeHls.supported;
  }
  readonly config: Record<string, unknown>;
  /** Method calls in order, so a test can tell what the engine asked of hls.js. */
  readonly calls: string[] = [];
  private readonly listeners: Array<{ event: string; listener: HlsListener; once: boolean }> = [];
  url: string | null = null;
  media: unknown = null;
  destroyed = false;
  levels: unknown[] = [];
  autoLevelEnabled = true;
  /** hls.js's own first pick (its bandwidth estimate), and the level its loading starts with. */
  firstAutoLevel = -1;
  startLevel = -1;
  currentLevel = -1;
  nextLevel = -1;
  loadLevel = -1;
  autoLevelCapping = -1;
  audioTrack = 0;
  subtitleTrack = -1;
  /** hls.js's subtitle playlists in the current group, as `subtitleTracks` lists them. */
  subtitleTracks: Array<{ name: string; lang?: string; trackNode?: { track: TextTrack } }> = [];
  subtitleDisplay = true;
  bandwidthEstimate = 1_500_000;

  constructor(config: Record<string, unknown> = {}) {
    this.config = config;
    FakeHls.instances.push(this);
  }
  on(event: string, listener: HlsListener): void {
    this.listeners.push({ event, listener, once: false });
  }
  once(event: string, listener: HlsListener): void {
    this.listeners.push({ event, listener, once: true });
  }
  off(event: string, listener: HlsListener): void {
    const at = this.listeners.findIndex((one) => one.event === event && one.listener === listener);
    if (at >= 0) this.listeners.splice(at, 1);
  }
  trigger(event: string, data: unknown): void {
    for (const entry of this.listeners.filter((one) => one.event === event)) {
      if (entry.once) this.off(event, entry.listener);
      entry.listener(event, data);
    }
  }
  listenerCount(): number {
    return this.listeners.length;
  }
  loadSource(url: string): void {
    this.url = url;
    this.calls.push('loadSource');
  }
  attachMedia(media: unknown): void {
    this.media = media;
    this.calls.push('attachMedia');
  }
  startLoad(): void {
    this.calls.push('startLoad');
  }
  stopLoad(): void {
    this.calls.push('stopLoad');
  }
  recoverMediaError(): void {
    this.calls.push('recoverMediaError');
  }
  swapAudioCodec(): void {
    this.calls.push('swapAudioCodec');
  }
  /** Like hls.js: detaches the media and drops every listener. */
  destroy(): void {
    this.calls.push('destroy');
    this.destroyed = true;
    this.listeners.length = 0;
    this.media = null;
  }
}

/** Sends an hls.js event with the payload type hls.js declares for it. */
export function trigger<E extends keyof HlsListeners>(hls: FakeHls, event: E, data: Parameters<HlsListeners[E]>[1]): void {
  hls.trigger(event, data);
}

// --- a <video> with the properties and events the engine uses -------------------------------

type DomListener = (event: Event) => void;

export class FakeTarget {
  private readonly entries: Array<{ type: string; listener: DomListener; once: boolean }> = [];
  addEventListener(type: string, listener: DomListener, options?: { once?: boolean }): void {
    this.entries.push({ type, listener, once: options?.once === true });
  }
  removeEventListener(type: string, listener: DomListener): void {
    const at = this.entries.findIndex((one) => one.type === type && one.listener === listener);
    if (at >= 0) this.entries.splice(at, 1);
  }
  dispatch(type: string): void {
    const event = { type, target: this } as unknown as Event;
    for (const entry of this.entries.filter((one) => one.type === type)) {
      if (entry.once) this.removeEventListener(type, entry.listener);
      entry.listener(event);
    }
  }
  get listenerCount(): number {
    return this.entries.length;
  }
}

export class FakeTextTrack extends FakeTarget {
  activeCues: Array<{ text: string }> = [];
  constructor(
    readonly kind: TextTrackKind,
    public mode: TextTrackMode,
  ) {
    super();
  }
  showCues(...texts: string[]): void {
    this.activeCues = texts.map((text) => ({ text }));
    this.dispatch('cuechange');
  }
}

export class FakeTextTrackList extends FakeTarget {
  readonly tracks: FakeTextTrack[] = [];
  [Symbol.iterator]() {
    return this.tracks[Symbol.iterator]();
  }
  add(track: FakeTextTrack): FakeTextTrack {
    this.tracks.push(track);
    this.dispatch('addtrack');
    return track;
  }
}

export const timeRanges = (...ranges: Array<[number, number]>): TimeRanges => ({
  length: ranges.length,
  start: (i: number) => ranges[i]![0],
  end: (i: number) => ranges[i]![1],
});

export class FakeVideo extends FakeTarget {
  currentTime = 0;
  duration = Number.NaN;
  volume = 1;
  muted = false;
  playbackRate = 1;
  error: { code: number; message: string } | null = null;
  buffered = timeRanges();
  readonly textTracks = new FakeTextTrackList();
  src = '';
  loads = 0;
  nativeHls = false;
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  canPlayType(type: string): string {
    return this.nativeHls && type === 'application/vnd.apple.mpegurl' ? 'maybe' : '';
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
  load(): void {
    this.loads += 1;
  }
}
