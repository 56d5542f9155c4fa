import type { BuildOptions } from 'esbuild';

export declare const BROWSER_BUILD: BuildOptions & { define: Record<string, string> };
export declare const PLAYER_PRELOAD: RegExp;
