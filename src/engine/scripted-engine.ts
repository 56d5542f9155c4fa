import { createFactEmitter } from './fact-emitter';
import type { EngineFactName, EngineFacts, EngineTime, MediaEngine } from './types';

export interface EngineCall {
  command: string;
  args: unknown[];
}

export interface ScriptedEngine extends MediaEngine {
  /** Every command received, in order. */
  readonly calls: EngineCall[];
  /** Reports a fact as if the media stack had observed it. */
  emit<K extends EngineFactName>(fact: K, ...payload: EngineFacts[K] extends void ? [] : [EngineFacts[K]]): void;
  /** Makes the next play() reject with this error name (e.g. 'NotAllowedError'). */
  rejectNextPlay(name: string): void;
  bandwidthEstimate: number;
  readonly listenerCount: number;
  readonly destroyed: boolean;
  /** What readTime() answers, when the double was created `pollable`. */
  time: EngineTime;
  canSetVolume: boolean;
}

export interface ScriptedEngineOptions {
  /** Gives the double a readTime() (answering `engine.time`), so the stream tick polls it. */
  pollable?: boolean;
}

/**
 * A MediaEngine double for model tests: it records commands and emits only the facts a test
 * scripts, so a test states exactly what the media did.
 */
export function createScriptedEngine({ pollable = false }: ScriptedEngineOptions = {}): ScriptedEngine {
  const facts = createFactEmitter();
  const calls: EngineCall[] = [];
  let playRejection: string | null = null;
  let destroyed = false;
  const record = (command: string) => (...args: unknown[]) => {
    calls.push({ command, args });
  };
  const engine: ScriptedEngine = {
    calls,
    time: { currentTime: 0, duration: Number.NaN, bufferedAhead: 0, bufferedRanges: [] },
    canSetVolume: true,
    emit: facts.emit,
    on: facts.on,
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
    load: record('load'),
    play() {
      calls.push({ command: 'play', args: [] });
      if (playRejection) {
        const error = Object.assign(new Error(playRejection), { name: playRejection });
        playRejection = null;
        return Promise.reject(error);
      }
      return Promise.resolve();
    },
    pause: record('pause'),
    seek: record('seek'),
    setVolume: record('setVolume'),
    setMuted: record('setMuted'),
    setPlaybackRate: record('setPlaybackRate'),
    setLevel: record('setLevel'),
    setAudioTrack: record('setAudioTrack'),
    setSubtitleTrack: record('setSubtitleTrack'),
    destroy() {
      calls.push({ command: 'destroy', args: [] });
      destroyed = true;
      facts.clear();
    },
  };
  if (pollable) engine.readTime = () => engine.time;
  return engine;
}
