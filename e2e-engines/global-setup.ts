/**
 * Builds the player and the harness and serves them on the lanes' own ports (4300/4301 unless
 * ENGINES_PLAYER_PORT / ENGINES_HARNESS_PORT say otherwise), as playwright.config.ts's webServer
 * does for the Chromium suite. A server already answering there is reused outside CI.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HARNESS_ORIGIN, HARNESS_PORT, PLAYER_PORT } from './env';

const root = path.resolve(import.meta.dirname, '..');
const distDir = process.env.DIST_DIR || 'dist';

const answers = () =>
  fetch(`${HARNESS_ORIGIN}/__harness/info`).then(
    (response) => response.ok,
    () => false,
  );

function build() {
  const built = spawnSync(process.execPath, ['esbuild.config.mjs', '--no-report'], { cwd: root, env: { ...process.env, DIST_DIR: distDir }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('the build failed');
}

export default async function setup() {
  if (!process.env.CI && (await answers())) return undefined;
  // `npm test` sets ENGINES_BUILT when its Chromium suite has just built this DIST_DIR.
  if (process.env.ENGINES_BUILT !== distDir) build();
  const server = spawn(process.execPath, [path.join(distDir, 'server/index.mjs')], {
    cwd: root,
    env: { ...process.env, PLAYER_PORT: String(PLAYER_PORT), HARNESS_PORT: String(HARNESS_PORT), DIST_DIR: distDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; !(await answers()); i++) {
    if (i > 200 || server.exitCode !== null) throw new Error(`the harness server did not start on ${HARNESS_ORIGIN}`);
    await sleep(50);
  }
  return () => {
    server.kill();
  };
}
