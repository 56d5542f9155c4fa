import { defineConfig } from 'vitest/config';

/**
 * The cross-engine browser lanes (`e2e-engines/`): Firefox ESR and WebKitGTK, each file one
 * lane. One file at a time: on 2 cores a browser beside another only slows both. The harness
 * server is built and started once for both (e2e-engines/global-setup.ts).
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
    // A flow that fails says which step; a retry would hide an engine's flake, which we want to see.
    retry: 0,
  },
});
