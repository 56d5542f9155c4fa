import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'sdk/**/*.test.ts', 'fixtures/**/*.test.ts', 'harness/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    // Threads start faster than forked processes: 32 s instead of 41 s for the suite on 2 cores.
    // Each file still gets its own module graph (isolation stays on: some models keep state).
    pool: 'threads',
    testTimeout: 20_000,
  },
});
