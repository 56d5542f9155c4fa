import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that need a module graph of their own. Features wire themselves at module level, so in a
 * shared graph every feature some earlier file imported is wired too. These files test a model
 * with only its own wiring: with the volume restored on attach (playback/volume.ts) the engine sees
 * commands they do not expect, and with analytics loaded a playing scope runs its intervals, which
 * `allSettled` and `vi.runAllTimersAsync` wait on for ever. hls-engine.test.ts replaces hls.js with
 * vi.mock, which only reaches modules loaded after it.
 */
const ISOLATED = [
  'src/engine/hls-engine.test.ts',
  'src/features/embed/model.test.ts',
  'src/features/embed/playerjs-client.test.ts',
  'src/features/fullscreen/model.test.ts',
  'src/features/playback/model.test.ts',
  'src/features/playback/start-watchdog.test.ts',
];

/**
 * The files under happy-dom (`// @vitest-environment happy-dom`). A worker is reused only for a file
 * of the same project and environment, so these run as a group of their own after the Node files:
 * mixed in, each one would end the worker of the Node files and the next would import all again.
 */
const DOM = [
  'sdk/film-player.test.ts',
  'src/platform/after-start-up.test.ts',
  'src/platform/cookies.test.ts',
  'src/platform/fingerprint.test.ts',
  'src/platform/parent-bridge.test.ts',
  'src/platform/sentry-start.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Threads start faster than forked processes.
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 20_000,
    // Test files share their worker's module graph (no isolation per file), which on 2 cores takes
    // `npx vitest run` from 60-68 s to 18-22 s: with a fresh graph per file most of the time went on
    // importing. So a test restores what it changes (fake timers, stubbed globals, vi.mock), leaves
    // no real timer running, and does not count on module state being fresh; the few files that
    // must have it are in ISOLATED.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sdk/**/*.test.ts', 'fixtures/**/*.test.ts', 'harness/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED, ...DOM],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'dom', include: DOM, isolate: false, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true, sequence: { groupOrder: 2 } } },
    ],
  },
});
