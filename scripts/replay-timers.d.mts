import type { Plugin } from 'esbuild';

export declare const REPLAY_FILE: RegExp;
export declare const REPLAY_SITES: number;
export declare function patchReplayTimers(source: string): string;
export declare const replayTimers: Plugin;
