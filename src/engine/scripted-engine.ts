import { createFactEmitter } from './fact-emitter';
import { createSourceState } from './source-state';
import type { FrameCounts } from '../platform/playback-quality';
import type { EngineDebug, EngineDebugLevels, EngineFactName, EngineFacts, EngineTime, LoadOptions, MediaEngine, PreloadOptions, MediaSurface, SurfaceFactName, SurfaceFacts, SurfaceFullscreen } from './types';
import { playOrMute, type PlayOrMuteOptions } from './play-or-mute';
import { keyedEngine } from './engines';

export interface EngineCall {
  command: string;
  args: unknown[];
}

export interface ScriptedEngine extends MediaEngine {
  /** Every command received, in order. */
  readonly calls: EngineCall[];
  /** Reports a fact as if the media stack had observed it; `source()` keeps it as the real engine does. */
  emit<K extends EngineFactName>(fact: K, ...payload: EngineFacts[K] extends void ? [] : [EngineFacts[K]]): void;
  /** Makes the next play() reject with this error name (e.g. 'NotAllowedError'). */
  rejectNextPlay(name: string): void;
  /**
   * The browser's autoplay policy as play() applies it: `sound` false refuses play while unmuted,
   * `muted` false refuses it muted too (NotAllowedError). Both true by default.
   */
  policy: { sound: boolean; muted: boolean };
  /** The mute state last set with setMuted. */
  readonly muted: boolean;
  bandwidthEstimate: number;
  readonly listenerCount: number;
  readonly destroyed: boolean;
  /**
   * The element's time now, what readTime() answers: time facts emitted set it (and seeks and
   * duration changes their part), as the element's own; a test sets it for media played on
   * between facts.
   */
  time: EngineTime;
  canSetVolume: boolean;
  readonly surface: ScriptedSurface;
  /** What `debug` answers: null levels act as "no hls.js stream" (every command answers false). */
  debugState: { levels: EngineDebugLevels | null; config: object | null };
  readonly debug: EngineDebug;
}

/** The element's surface, scripted: its getters answer `state`, its commands are recorded. */
export interface ScriptedSurface extends MediaSurface {
  /** What the surface's getters answer now; a test sets it. */
  state: { fullscreen: SurfaceFullscreen; pip: boolean; pipSupported: boolean; frameCounts: FrameCounts | null };
  /** Every command received (enterFullscreen, enterPip, promptRemote, remove…), in order. */
  readonly calls: EngineCall[];
  /** Reports a change as if the browser had (the state is not updated: set `state` for that). */
  emit<K extends SurfaceFactName>(fact: K, state: SurfaceFacts[K]): void;
  readonly listenerCount: number;
}

function createScriptedSurface(): ScriptedSurface {
  const listeners = new Map<SurfaceFactName, Set<(state: never) => void>>();
  const calls: EngineCall[] = [];
  const command = (name: string) => (...args: unknown[]) => {
    calls.push({ command: name, args });
    return Promise.resolve();
  };
  const surface: ScriptedSurface = {
    state: { fullscreen: { native: false, videoOnly: false }, pip: false, pipSupported: false, frameCounts: null },
    calls,
    get listenerCount() {
      return [...listeners.values()].reduce((sum, set) => sum + set.size, 0);
    },
    emit(fact, state) {
      for (const listener of [...(listeners.get(fact) ?? [])]) (listener as (state: unknown) => void)(state);
    },
    on(fact, listener) {
      const set = listeners.get(fact) ?? new Set();
      listeners.set(fact, set);
      set.add(listener as (state: never) => void);
      return () => void set.delete(listener as (state: never) => void);
    },
    fullscreen() {
      return { ...surface.state.fullscreen };
    },
    pip() {
      return surface.state.pip;
    },
    pipSupported() {
      return surface.state.pipSupported;
    },
    frameCounts() {
      return surface.state.frameCounts;
    },
    enterFullscreen: command('enterFullscreen'),
    exitFullscreen: command('exitFullscreen'),
    enterPip: command('enterPip'),
    exitPip: command('exitPip'),
    promptRemote: command('promptRemote'),
    remove() {
      calls.push({ command: 'remove', args: [] });
    },
    mount: () => () => undefined,
  };
  return surface;
}

/**
 * The harness controls, recorded as `debug.<name>`; level and cap choices show in the engine's
 * `debugState`, read anew at each call (a test may replace it).
 */
function createScriptedDebug(calls: EngineCall[], state: () => ScriptedEngine['debugState']): EngineDebug {
  const debugCommand =
    (name: string, apply: (levels: EngineDebugLevels, ...args: never[]) => void = () => {}) =>
    (...args: unknown[]) => {
      calls.push({ command: `debug.${name}`, args });
      const levels = state().levels;
      if (levels) apply(levels, ...(args as never[]));
      return levels !== null;
    };
  return {
    levels: () => state().levels && { ...state().levels! },
    config: () => state().config,
    setLevel: debugCommand('setLevel', (levels, index: number, next?: boolean) => {
      levels.next = index;
      if (!next) levels.current = index;
      levels.auto = index === -1;
    }),
    setAutoCap: debugCommand('setAutoCap', (levels, index: number) => (levels.cap = index)),
    recover: debugCommand('recover'),
    stopLoad: debugCommand('stopLoad'),
    startLoad: debugCommand('startLoad'),
  };
}

/** An element's time on a new source: at `currentTime`, no duration or buffer yet. */
export const freshTime = (currentTime = 0): EngineTime => ({ currentTime, duration: Number.NaN, bufferedAhead: 0, bufferedRanges: [] });

/** Keeps the double's element time where the fact just emitted says the element is. */
function followTime(engine: ScriptedEngine, fact: EngineFactName, payload: unknown): void {
  // Copied by descriptor: a fact's lazy buffer getters stay unread, as on the real element.
  if (fact === 'timeUpdated') engine.time = Object.defineProperties({}, Object.getOwnPropertyDescriptors(payload)) as EngineTime;
  else if (fact === 'seeking' || fact === 'seeked') engine.time = { ...engine.time, currentTime: (payload as EngineFacts['seeked']).currentTime };
  else if (fact === 'durationChanged') engine.time = { ...engine.time, duration: (payload as EngineFacts['durationChanged']).duration };
}

/**
 * A MediaEngine double for model tests: it records commands and emits only the facts a test
 * scripts, so a test states exactly what the media did.
 */
export function createScriptedEngine(): ScriptedEngine {
  const facts = createFactEmitter();
  const state = createSourceState();
  const calls: EngineCall[] = [];
  let playRejection: string | null = null;
  let muted = false;
  let destroyed = false;
  const record = (command: string) => (...args: unknown[]) => void calls.push({ command, args });
  /** The element's own play(), under the scripted policy and the next rejection asked for. */
  const elementPlay = (): Promise<void> => {
    calls.push({ command: 'play', args: [] });
    const rejection = playRejection ?? (!(muted ? engine.policy.muted : engine.policy.sound) ? 'NotAllowedError' : null);
    playRejection = null;
    return rejection ? Promise.reject(Object.assign(new Error(rejection), { name: rejection })) : Promise.resolve();
  };
  // A new source starts the element's time afresh, at the position asked for.
  const startSource = (command: string, url: string, options?: LoadOptions) => {
    calls.push({ command, args: options === undefined ? [url] : [url, options] });
    state.start(url, options?.startTime ?? 0);
    engine.time = freshTime(options?.startTime);
  };
  const engine: ScriptedEngine = keyedEngine((key) => ({
    key,
    calls,
    time: freshTime(),
    canSetVolume: true,
    surface: createScriptedSurface(),
    debugState: { levels: null, config: null },
    debug: createScriptedDebug(calls, () => engine.debugState),
    emit(...args) {
      state.observe(args[0], args[1]);
      followTime(engine, args[0], args[1]);
      facts.emit(...args);
    },
    readTime: () => engine.time,
    on: facts.on,
    source: state.current,
    bandwidthEstimate: Number.NaN,
    get listenerCount() {
      return facts.listenerCount();
    },
    get destroyed() {
      return destroyed;
    },
    rejectNextPlay(name: string) {
      playRejection = name;
    },
    policy: { sound: true, muted: true },
    get muted() {
      return muted;
    },
    load: (url: string, options?: LoadOptions) => startSource('load', url, options),
    preload: (url: string, options?: PreloadOptions) => (startSource('preload', url, options), true),
    // The media stack's rule over the element's play and setMuted, which record each step.
    play: (options: PlayOrMuteOptions) => playOrMute({ play: elementPlay, setMuted: engine.setMuted }, options),
    // No playlists to fetch: nothing is asked for.
    prefetch: (url: string) => (calls.push({ command: 'prefetch', args: [url] }), Promise.resolve(0)),
    unlock: record('unlock'),
    pause: record('pause'),
    seek: record('seek'),
    setVolume: record('setVolume'),
    setMuted(value: boolean) {
      calls.push({ command: 'setMuted', args: [value] });
      muted = value;
    },
    setPlaybackRate: record('setPlaybackRate'),
    setLevel: record('setLevel'),
    setAudioTrack: record('setAudioTrack'),
    setSubtitleTrack: record('setSubtitleTrack'),
    destroy() {
      calls.push({ command: 'destroy', args: [] });
      destroyed = true;
      facts.clear();
    },
  }));
  return engine;
}
