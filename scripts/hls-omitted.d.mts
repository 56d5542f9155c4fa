import type { Plugin } from 'esbuild';

export declare const HLS_SRC: string;
export declare const HLS_STUBS: Record<string, string>;
export declare function hlsOmitted(stubs?: Record<string, string>, options?: { hlsSrc?: string; allUsed?: boolean }): Plugin;
