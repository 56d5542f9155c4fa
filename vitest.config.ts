import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The files under happy-dom (`// @vitest-environment happy-dom`). A worker is reused only for a file
 * of the same project and environment, so these run as a group of their own after the Node files:
 * mixed in, each one would end the worker of the Node files and the next would import all again.
 */
const DOM = [
  'sdk/film-player.test.ts',
  'src/start/early-ad.test.ts',
  'src/start/page-shell.test.ts',
  'src/features/playback/view/controls.test.tsx',
  'src/features/menus/view/settings-menu.test.tsx',
  'src/app/quiet-root.test.tsx',
  'src/platform/after-start-up.test.ts',
  'src/platform/cookies.test.ts',
  'src/platform/fingerprint.test.ts',
  'src/platform/parent-bridge.test.ts',
  'src/platform/sentry.test.ts',
];

/**
 * What every project below runs with: they do not extend the root config, so that `--maxWorkers`
 * on the command line reaches them. Threads start faster than forked processes.
 */
const base = { environment: 'node', pool: 'threads', testTimeout: 20_000 } as const;

export default defineConfig({
  test: {
    // Test files share their worker's module graph (`isolate: false` below): with a fresh graph per
    // file most of the time went on importing. On 2 cores `npx vitest run` went from 59-68 s to about
    // 17 s (23-24 s with one worker), and `npm test -- unit typecheck` from 78-91 s to 36-41 s.
    // So a test restores what it changes (fake timers, stubbed globals, vi.mock), leaves no real
    // timer running, and does not count on module state being fresh: every feature is built by its
    // factory, in a region the test file clears (test-support/linked.ts), and no module wires itself
    // on import.
    // All cores when vitest runs alone; beside the typecheck npm test leaves tsc one of them
    // (scripts/test.mjs): one worker here, 38 s for both against 41 s with two (medians of 7 runs).
    maxWorkers: '100%',
    projects: [
      {
        test: {
          ...base,
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sdk/**/*.test.ts', 'fixtures/**/*.test.ts', 'harness/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...DOM],
          isolate: false,
        },
      },
      { test: { ...base, name: 'dom', include: DOM, isolate: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
