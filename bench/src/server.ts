/** Builds the player into the bench's own dist folder and runs the harness server on the bench's ports. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import * as esbuild from 'esbuild';

export interface BenchServer {
  playerOrigin: string;
  harnessOrigin: string;
  stop(): Promise<void>;
}

function run(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...opts, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.trim()}`))));
  });
}

/** `node esbuild.config.mjs` into `distDir`. */
export async function buildAll(repo: string, distDir: string): Promise<void> {
  await run(process.execPath, ['esbuild.config.mjs', '--no-report'], { cwd: repo, env: { ...process.env, DIST_DIR: distDir } });
}

/** The instrumentation script, as one IIFE for Playwright's addInitScript. */
export async function instrumentSource(repo: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(repo, 'bench/pages/instrument.ts')],
    bundle: true,
    format: 'iife',
    target: ['chrome100'],
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.text;
}

export function startHarness(repo: string, distDir: string, playerPort: number, harnessPort: number): Promise<BenchServer> {
  const server = path.resolve(repo, distDir, 'server/index.mjs');
  const child: ChildProcess = spawn(process.execPath, [server], {
    cwd: repo,
    env: { ...process.env, PLAYER_PORT: String(playerPort), HARNESS_PORT: String(harnessPort), DIST_DIR: distDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`harness server did not start in 20 s: ${err.trim()}`));
    }, 20_000);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const player = /player: (\S+)/.exec(out)?.[1];
      const harness = /harness: (\S+)/.exec(out)?.[1];
      if (player && harness) {
        clearTimeout(timer);
        resolve({ playerOrigin: player.replace(/\/$/, ''), harnessOrigin: harness.replace(/\/$/, ''), stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`harness server exited (${code}) before it started: ${err.trim()}`));
    });
  });
}
