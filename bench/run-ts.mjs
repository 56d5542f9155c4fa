// Runs a TypeScript entry of bench/ (the bench, the soak): bundles it with esbuild (packages stay
// external) into node_modules/.cache, imports it and calls its `main(repo, argv)`.
import * as esbuild from 'esbuild';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Sets the process exit code to what `main` returns. */
export async function runTypeScript(entry, name) {
  const cacheDir = path.join(repo, 'node_modules', '.cache', `film-player-${name}`);
  const outfile = path.join(cacheDir, `${name}-${process.pid}.mjs`);
  await mkdir(cacheDir, { recursive: true });
  await esbuild.build({
    entryPoints: [path.join(repo, entry)],
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
}
