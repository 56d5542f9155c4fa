import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium';

/** Ports of their own so a running `npm start` (4100/4101) does not collide with the tests. */
export const PLAYER_PORT = Number(process.env.E2E_PLAYER_PORT ?? 4200);
export const HARNESS_PORT = Number(process.env.E2E_HARNESS_PORT ?? 4201);

/**
 * How often `expect.poll` (e2e/support.ts) and `toPass` check: every 100–200 ms. Playwright's own
 * back-off (100, 250, 500, then every 1000 ms) sees a condition met just after a check up to a
 * second late, and most waits here last longer than that (a player's start, a ping, a stall).
 */
export const POLL_INTERVALS = [100, 200];

/** The browser tests' window: the harness lays out the 960×540 player frame in it. */
export const VIEWPORT = { width: 1920, height: 1080 };

/**
 * Where the player frame runs. Most files run it in the embedding page's renderer process, as
 * Chrome on Android does for a cross-site frame of a site without a login (it isolates only
 * those): what a page can see (origins, messages, storage) is the same, and a run costs about 7 %
 * less (e2e/README.md, "What a run costs"). The files about the frame boundary itself run it in a
 * process of its own, as desktop Chrome does (site isolation, an out-of-process iframe).
 */
const OWN_PROCESS_FILES = ['foundation.spec.ts', 'embedding.spec.ts', 'shortcuts.spec.ts', 'harness-embed.spec.ts'];

const distDir = process.env.DIST_DIR || 'dist';
const executablePath = chromiumPath();
/** Runs beside each other (their own DIST_DIR) keep their own artifacts and report: each run clears its output folder. */
const runName = distDir === 'dist' ? null : distDir.replace(/[^\w.-]+/g, '_');
/** A project's browser: the shared Chromium flags and these. */
const chromium = (...flags: string[]) => ({ browserName: 'chromium' as const, launchOptions: { executablePath, args: [...CHROMIUM_ARGS, ...flags] } });

/**
 * The autoplay policy a viewer arriving from another site gets. Every other project runs with
 * CHROMIUM_ARGS's `--autoplay-policy=no-user-gesture-required`: their tests start with
 * auto_play=1 near the moment that matters (an episode's end, an ad, a fault) and would otherwise
 * each need a click first. That the player plays under the real policy (muted when sound is
 * refused, the pre-roll then the film, one click enough) is proven here and in the Firefox and
 * WebKit lanes (e2e-engines/).
 */
const REAL_POLICY_FILES = ['autoplay-policy.spec.ts', 'first-tap.spec.ts'];
const realPolicy = () => {
  const browser = chromium();
  const args = browser.launchOptions.args.filter((flag) => !flag.startsWith('--autoplay-policy='));
  return { ...browser, launchOptions: { ...browser.launchOptions, args: [...args, '--autoplay-policy=document-user-activation-required'] } };
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 45_000,
  expect: { timeout: 15_000, toPass: { intervals: POLL_INTERVALS } },
  fullyParallel: true,
  // Two workers: the suite took 616 s against 711 s on one, both runs green, on 2 cores on
  // 2026-12-02 (ADR 0005). `E2E_WORKERS=1` runs one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  outputDir: runName ? `.test-output/results-${runName}` : 'test-results',
  reporter: [['list'], ['json', { outputFile: runName ? `.test-output/e2e-${runName}.json` : '.test-output/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${HARNESS_PORT}`,
    viewport: VIEWPORT,
    // Recording a trace costs about a third of every test's time on 2 cores: on demand only.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
  projects: [
    { name: 'chromium', testIgnore: [...OWN_PROCESS_FILES, ...REAL_POLICY_FILES], use: chromium('--disable-site-isolation-trials') },
    { name: 'chromium-site-isolation', testMatch: OWN_PROCESS_FILES, use: chromium() },
    // Desktop Chrome's own process for the frame, as a viewer's browser has it.
    { name: 'chromium-real-policy', testMatch: REAL_POLICY_FILES, use: realPolicy() },
  ],
  webServer: {
    command: `node esbuild.config.mjs --no-report && node ${distDir}/server/index.mjs`,
    env: { PLAYER_PORT: String(PLAYER_PORT), HARNESS_PORT: String(HARNESS_PORT), DIST_DIR: distDir },
    url: `http://127.0.0.1:${HARNESS_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
