#!/usr/bin/env node
// `npm run soak -- [options]` (see bench/soak/main.ts or --help): bundles the TypeScript soak
// with esbuild (packages stay external) into node_modules/.cache and runs it, like bench/run.mjs.
import * as esbuild from 'esbuild';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(repo, 'node_modules', '.cache', 'film-player-soak');
const outfile = path.join(cacheDir, `soak-${process.pid}.mjs`);
await mkdir(cacheDir, { recursive: true });
await esbuild.build({
  entryPoints: [path.join(repo, 'bench/soak/main.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile,
  logLevel: 'warning',
});
try {
  const { main } = await import(pathToFileURL(outfile).href);
  process.exitCode = await main(repo, process.argv.slice(2));
} finally {
  await rm(outfile, { force: true });
}
