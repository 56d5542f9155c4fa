import type { BuildOptions } from 'esbuild';

export declare const BROWSER_BUILD: BuildOptions & { define: Record<string, string> };
export declare const PLAYER_PRELOAD: RegExp;
export declare const PLAYER_APP: RegExp;
export declare const PLAYER_LAZY_MODULES: string;
export declare function eagerChunks(
  outputs: Record<string, { imports: ReadonlyArray<{ path: string; kind: string }> }>,
  entryJs: string,
  preload: RegExp,
): string[];
export declare function precompress(dir: string): Promise<void>;
export declare function pruneCompressCache(): Promise<void>;
