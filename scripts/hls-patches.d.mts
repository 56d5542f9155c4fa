import type { Plugin } from 'esbuild';

export interface HlsPatch {
  module: string;
  find: string;
  replace: string;
}
export declare const HLS_PATCHES: HlsPatch[];
export declare function hlsPatched(patches?: HlsPatch[], options?: { hlsSrc?: string }): Plugin;
