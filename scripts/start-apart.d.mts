import type { BuildOptions, Metafile, Plugin } from 'esbuild';

export function bundleStartApart(args: {
  root: string;
  entry: string;
  outdir: string;
  options: BuildOptions;
  startPlugins?: Plugin[];
  lazyModulesFile: string;
}): Promise<{ metafile: Metafile; lazy: { name: string; file: string }[] }>;
