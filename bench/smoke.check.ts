/**
 * Smoke of `npm run bench`, run by `npm run bench:smoke` (not part of `npm test`): one quick
 * iteration (slow sections skipped) on ports of its own must build, serve, drive Chromium and
 * write a well-formed report. No figure is judged here: the bench is for measuring, not a
 * timed test.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUDGETS, readPath } from './src/budgets';

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(os.tmpdir(), `bench-smoke-${process.pid}.json`);
const dist = '.dist-bench-smoke';

/** The figure keys the issue asks the JSON to keep. */
const REQUIRED = [
  'ttff.bare_hls_ms',
  'ttff.videojs_ms',
  'ttff.player_ms',
  'ttff.mp4_floor_ms',
  'ttff.ratio_vs_bare',
  'ttff.ratio_vs_videojs',
  'ttff.cpu4x.player_ms',
  'ttff.cpu4x.player_controls_ms',
  'ttff.cpu4x.player_frame_to_controls_ms',
  'ttff.mobile.player_ms',
  'ttff.mobile.ratio_vs_bare',
  'ttff.mobile.player_js_before_frame_bytes',
  'ttff.mobile.player_controls_ms',
  'ttff.mobile.player_buffer_ahead_5s_ms',
  'ttff.mobile.buffer_ratio_vs_bare',
  'ttff.mobile.player_rebuffers_max',
  'first_tap.player.lost',
  'first_tap.player.tap_to_frame_ms',
  'first_tap.player.tap_to_frame_ratio_vs_bare',
  'first_tap.player_preroll.lost',
  'first_tap.player_preroll.tap_to_frame_ms',
  'first_tap.player_preroll.tap_to_frame_ratio_vs_bare',
  'first_tap.bare_hls.lost',
  'first_tap.bare_hls.tap_to_frame_ms',
  'ads.play_to_ad_frame_ms',
  'ads.ad_end_to_content_ms',
  'next_episode.switch_ms',
  'next_episode.cold_ms',
  'steady.main_thread_ratio_vs_bare',
  'memory.heap_growth_bytes',
  'memory.leaked_video_elements',
  'bundle.initial_js_gzip_bytes',
  'bundle.own_code_gzip_bytes',
];

function runBench(args: string[], timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bench/run.mjs', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

afterAll(async () => {
  await rm(out, { force: true });
  await rm(path.join(repo, dist), { recursive: true, force: true });
});

describe('npm run bench (smoke)', () => {
  it('runs one quick iteration and writes a well-formed report', { timeout: 300_000 }, async () => {
    const run = await runBench(
      ['--iterations', '1', '--quick', '--player-port', '4342', '--harness-port', '4343', '--dist', dist, '--out', out],
      290_000,
    );
    expect(run.code, `bench exited ${run.code}: ${run.stderr}`).toBe(0);

    const report = JSON.parse(await readFile(out, 'utf8')) as Record<string, unknown>;
    for (const key of REQUIRED) {
      const value = readPath(report, key);
      expect(value === null || typeof value === 'number', `${key} = ${JSON.stringify(value)}`).toBe(true);
      if (value !== null) {
        expect(typeof readPath(report, `${key}_p10`), `${key}_p10`).toBe('number');
        expect(typeof readPath(report, `${key}_p90`), `${key}_p90`).toBe('number');
      }
    }
    // One quick iteration still loads every TTFF contender and measures the bundle.
    for (const key of ['ttff.bare_hls_ms', 'ttff.videojs_ms', 'ttff.player_ms', 'ttff.mp4_floor_ms', 'bundle.initial_js_gzip_bytes', 'bundle.own_code_gzip_bytes']) {
      expect(readPath(report, key), key).toBeGreaterThan(0);
    }
    // The mobile profile's loads too; --quick does not watch the 30 s after the first frame.
    for (const key of ['ttff.mobile.player_ms', 'ttff.mobile.bare_hls_ms', 'ttff.mobile.player_js_before_frame_bytes', 'ttff.mobile.bare_hls_js_before_frame_bytes']) {
      expect(readPath(report, key), key).toBeGreaterThan(0);
    }
    expect(readPath(report, 'ttff.mobile.null_reasons.player_rebuffers_max')).toMatch(/--quick/);
    // --quick taps at two moments (the bare page, without controls of ours, only at the first): each load made its tap.
    for (const key of ['first_tap.player.lost', 'first_tap.player_preroll.lost', 'first_tap.bare_hls.lost']) expect(readPath(report, key), key).toEqual(expect.any(Number));
    expect(readPath(report, 'first_tap.moments')).toEqual(['paint+6s', 'controls+0.5s']);
    expect(run.stdout).toContain('first tap on a phone, per moment');
    expect(readPath(report, 'ads.null_reasons.play_to_ad_frame_ms')).toBe('skipped (--quick)');
    expect(readPath(report, 'memory.leaked_video_elements')).toEqual(expect.any(Number));

    expect(readPath(report, 'meta.machine.cpus')).toBeGreaterThan(0);
    expect(readPath(report, 'meta.machine.memory_bytes')).toBeGreaterThan(0);
    expect(readPath(report, 'meta.chromium')).toMatch(/^\d+\.\d+/);
    expect((report.meta as { packages: Record<string, string> }).packages['hls.js']).toMatch(/^1\./);
    expect((report.meta as { packages: Record<string, string> }).packages['video.js']).toMatch(/^8\./);
    expect(Date.parse(String(readPath(report, 'meta.date')))).not.toBeNaN();

    const budgets = report.budgets as Array<{ key: string; status: string }>;
    expect(budgets.map((b) => b.key)).toEqual(BUDGETS.map((b) => b.key));
    for (const budget of budgets) expect(['PASS', 'FAIL', 'SKIP']).toContain(budget.status);

    expect(run.stdout).toContain('ttff.player_ms');
    expect(run.stdout).toMatch(/^(PASS|FAIL|SKIP) {2}TTFF ≤ 1\.00× bare hls\.js page/m);
    expect(existsSync(path.join(repo, dist))).toBe(false);
  });
});
