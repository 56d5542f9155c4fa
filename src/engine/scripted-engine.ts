import { createFactEmitter } from './fact-emitter';
import type { EngineFactName, EngineFacts, MediaEngine } from './types';

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
}

/**
 * A MediaEngine double for model tests: it records commands and emits only the facts a test
 * scripts, so a test states exactly what the media did.
 */
export function createScriptedEngine(): ScriptedEngine {
  const facts = createFactEmitter();
  const calls: EngineCall[] = [];
  let playRejection: string | null = null;
  let destroyed = false;
  const record = (command: string) => (...args: unknown[]) => {
    calls.push({ command, args });
  };
  return {
    calls,
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
}
