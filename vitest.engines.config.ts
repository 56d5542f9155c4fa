import { defineConfig } from 'vitest/config';

/**
 * The cross-engine browser lanes (`e2e-engines/`): Firefox ESR and WebKitGTK, each file one
 * lane. One file at a time: on 2 cores a browser beside another saves little and costs flows (side
 * by side the two took 128 s and 147 s against 150-165 s, and a Firefox flow timed out; 2026-12-01).
 * The harness server is built and started once for both (e2e-engines/global-setup.ts).
 */
export default defineConfig({
  test: {
    name: 'engines',
    environment: 'node',
    include: ['e2e-engines/**/*.test.ts'],
    globalSetup: ['e2e-engines/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A flow that fails says which step. Only WebKit's flows run a second time, printing the first
    // failure (e2e-engines/flows.ts, RETRIES): a retry must not hide an engine's flake from sight.
    retry: 0,
  },
});
