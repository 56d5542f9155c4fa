#!/usr/bin/env node
// `npm run soak -- [options]` (see bench/soak/main.ts or --help): bench/run-ts.mjs bundles the
// TypeScript soak and runs it. Then the nothing-lost test (e2e/nothing-lost.spec.ts) with 20
// reload cycles, where `npm test` runs 4.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTypeScript } from './run-ts.mjs';

await runTypeScript('bench/soak/main.ts', 'soak');

if (!process.argv.includes('--help')) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  console.log('\nnothing lost: 20 reloads and closes (e2e/nothing-lost.spec.ts)');
  const run = spawnSync(path.join(repo, 'node_modules', '.bin', 'playwright'), ['test', 'e2e/nothing-lost.spec.ts', '--reporter=list'], {
    cwd: repo,
    stdio: 'inherit',
    env: { ...process.env, NOTHING_LOST_CYCLES: '20' },
  });
  if (run.status !== 0) process.exitCode = 1;
}
