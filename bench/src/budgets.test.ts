import { describe, expect, it } from 'vitest';
import { BUDGETS, evaluateBudgets, exitCodeFor, readPath } from './budgets';

describe('bench budgets', () => {
  it('covers every budget of the issue', () => {
    expect(BUDGETS.map((b) => b.key)).toEqual([
      'ttff.ratio_vs_bare',
      'ttff.ratio_vs_videojs',
      'ttff.cpu4x.ratio_vs_bare',
      'ttff.cpu4x.p90_ratio_vs_bare',
      'ttff.cpu4x.ratio_vs_videojs',
      'ttff.cpu4x.player_frame_to_controls_ms',
      'ttff.mobile.ratio_vs_bare',
      'ttff.mobile.ratio_vs_bare_p90',
      'ttff.mobile.buffer_ratio_vs_bare',
      'ttff.mobile.player_rebuffers_max',
      'ttff.mobile.player_frame_to_controls_ms',
      'first_tap.player.lost',
      'first_tap.player_preroll.lost',
      'first_tap.player.tap_to_frame_ratio_vs_bare',
      'first_tap.player_preroll.tap_to_frame_ratio_vs_bare',
      'ads.play_to_ad_frame_ms',
      'ads.ad_end_to_content_ms',
      'next_episode.ratio_vs_cold',
      'steady.main_thread_ratio_vs_bare',
      'steady.ts.main_thread_ratio_vs_bare',
      'steady.cpu4x.main_thread_ratio_vs_bare',
      'steady.cpu4x_ts.main_thread_ratio_vs_bare',
      'steady.cpu4x.longest_task_over_bare_ms',
      'steady.cpu4x_ts.longest_task_over_bare_ms',
      'steady.cpu4x_ts.first_frame_ratio_vs_bare',
      'memory.heap_growth_bytes',
      'memory.leaked_video_elements',
      'memory.leaked_media_sources',
      'bundle.initial_js_gzip_bytes',
      'bundle.own_code_gzip_bytes',
    ]);
  });

  it('passes at the limit, fails above it and skips a missing figure with its reason', () => {
    const report = {
      ttff: { ratio_vs_bare: 1.0, ratio_vs_videojs: 0.71 },
      ads: { play_to_ad_frame_ms: null, null_reasons: { play_to_ad_frame_ms: 'no pre-roll' } },
      memory: { leaked_video_elements: 1 },
    };
    const byKey = Object.fromEntries(evaluateBudgets(report).map((r) => [r.key, r]));
    expect(byKey['ttff.ratio_vs_bare']!.status).toBe('PASS');
    expect(byKey['ttff.ratio_vs_videojs']!.status).toBe('FAIL');
    expect(byKey['ads.play_to_ad_frame_ms']).toMatchObject({ status: 'SKIP', reason: 'no pre-roll' });
    expect(byKey['ads.ad_end_to_content_ms']).toMatchObject({ status: 'SKIP', reason: 'not measured' });
    expect(byKey['memory.leaked_video_elements']!.status).toBe('FAIL');
  });

  it('reads the throttled figures nested in the ttff section, with their reasons', () => {
    const report = { ttff: { cpu4x: { ratio_vs_bare: 1.2, p90_ratio_vs_bare: null, null_reasons: { p90_ratio_vs_bare: 'the bare page never played' } } } };
    const byKey = Object.fromEntries(evaluateBudgets(report).map((r) => [r.key, r]));
    expect(byKey['ttff.cpu4x.ratio_vs_bare']!.status).toBe('FAIL');
    expect(byKey['ttff.cpu4x.p90_ratio_vs_bare']).toMatchObject({ status: 'SKIP', reason: 'the bare page never played' });
  });

  it('judges the mobile figures: ratios at most their limits, the buffer at least 0.90× the bare page, no rebuffer', () => {
    const byKey = (report: unknown) => Object.fromEntries(evaluateBudgets(report).map((r) => [r.key, r]));
    const pass = byKey({ ttff: { mobile: { ratio_vs_bare: 0.9, ratio_vs_bare_p90: 1.0, buffer_ratio_vs_bare: 0.9, player_rebuffers_max: 0 } } });
    for (const key of ['ttff.mobile.ratio_vs_bare', 'ttff.mobile.ratio_vs_bare_p90', 'ttff.mobile.buffer_ratio_vs_bare', 'ttff.mobile.player_rebuffers_max']) expect(pass[key]!.status, key).toBe('PASS');
    const fail = byKey({ ttff: { mobile: { ratio_vs_bare: 0.91, ratio_vs_bare_p90: 1.01, buffer_ratio_vs_bare: 0.89, player_rebuffers_max: 1 } } });
    for (const key of ['ttff.mobile.ratio_vs_bare', 'ttff.mobile.ratio_vs_bare_p90', 'ttff.mobile.buffer_ratio_vs_bare', 'ttff.mobile.player_rebuffers_max']) expect(fail[key]!.status, key).toBe('FAIL');
    expect(byKey({ ttff: { mobile: { buffer_ratio_vs_bare: 3 } } })['ttff.mobile.buffer_ratio_vs_bare']!.status).toBe('PASS');
    expect(BUDGETS.find((b) => b.key === 'ttff.mobile.buffer_ratio_vs_bare')).toMatchObject({ kind: 'min', limit: 0.9 });
  });

  it('holds the controls to 300 ms after the first frame, at 4× CPU and on the mobile profile', () => {
    const byKey = (ms: number) => Object.fromEntries(evaluateBudgets({ ttff: { cpu4x: { player_frame_to_controls_ms: ms }, mobile: { player_frame_to_controls_ms: ms } } }).map((r) => [r.key, r]));
    for (const key of ['ttff.cpu4x.player_frame_to_controls_ms', 'ttff.mobile.player_frame_to_controls_ms']) {
      expect(byKey(300)[key]!.status, key).toBe('PASS');
      expect(byKey(300.1)[key]!.status, key).toBe('FAIL');
    }
  });

  it('judges the first taps: one lost tap fails, and our tap → frame may not exceed the bare page\'s', () => {
    const results = (player: unknown, preroll: unknown) => Object.fromEntries(evaluateBudgets({ first_tap: { player, player_preroll: preroll } }).map((r) => [r.key, r]));
    const pass = results({ lost: 0, tap_to_frame_ratio_vs_bare: 1.0 }, { lost: 0, tap_to_frame_ratio_vs_bare: 0.6 });
    for (const key of ['first_tap.player.lost', 'first_tap.player_preroll.lost', 'first_tap.player.tap_to_frame_ratio_vs_bare', 'first_tap.player_preroll.tap_to_frame_ratio_vs_bare']) expect(pass[key]!.status, key).toBe('PASS');
    const fail = results({ lost: 1, tap_to_frame_ratio_vs_bare: 1.01 }, { lost: 0, tap_to_frame_ratio_vs_bare: null, null_reasons: { tap_to_frame_ratio_vs_bare: 'no moment where both were honoured' } });
    expect(fail['first_tap.player.lost']!.status).toBe('FAIL');
    expect(fail['first_tap.player.tap_to_frame_ratio_vs_bare']!.status).toBe('FAIL');
    expect(fail['first_tap.player_preroll.tap_to_frame_ratio_vs_bare']).toMatchObject({ status: 'SKIP', reason: 'no moment where both were honoured' });
  });

  it("gives a missing p90 the reason of its figure", () => {
    const report = { ttff: { mobile: { ratio_vs_bare: null, ratio_vs_bare_p90: null, null_reasons: { ratio_vs_bare: 'no iteration with both figures' } } } };
    const byKey = Object.fromEntries(evaluateBudgets(report).map((r) => [r.key, r]));
    expect(byKey['ttff.mobile.ratio_vs_bare_p90']).toMatchObject({ status: 'SKIP', reason: 'no iteration with both figures' });
  });

  it('holds steady playback to the bare page: 1.00× on the full CPU, 1.10× at 4× CPU, no longer task, and the TS first frame', () => {
    const steady = { main_thread_ratio_vs_bare: 1.0, ts: { main_thread_ratio_vs_bare: 1.01 }, cpu4x: { main_thread_ratio_vs_bare: 1.1, longest_task_over_bare_ms: 0 }, cpu4x_ts: { main_thread_ratio_vs_bare: 1.11, longest_task_over_bare_ms: 12.5, first_frame_ratio_vs_bare: 0.98, null_reasons: {} } };
    const results = evaluateBudgets({ steady }).filter((r) => r.key.startsWith('steady.'));
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['steady', 'PASS'],
      ['steady-ts', 'FAIL'],
      ['steady-cpu4x', 'PASS'],
      ['steady-cpu4x-ts', 'FAIL'],
      ['longest-task-cpu4x', 'PASS'],
      ['longest-task-cpu4x-ts', 'FAIL'],
      ['ttff-ts-cpu4x', 'PASS'],
    ]);
    const missing = evaluateBudgets({ steady: { cpu4x_ts: { null_reasons: { first_frame_ratio_vs_bare: 'ffmpeg is not installed' } } } }).find((r) => r.id === 'ttff-ts-cpu4x');
    expect(missing).toMatchObject({ status: 'SKIP', reason: 'ffmpeg is not installed' });
  });

  it('holds the initial JavaScript to 210 KiB gzip', () => {
    const byKey = (bytes: number) => evaluateBudgets({ bundle: { initial_js_gzip_bytes: bytes } }).find((r) => r.id === 'initial-js')!;
    expect(byKey(210 * 1024).status).toBe('PASS');
    expect(byKey(210 * 1024 + 1).status).toBe('FAIL');
  });

  it('exits non-zero on a FAIL only in strict mode', () => {
    const results = evaluateBudgets({ ttff: { ratio_vs_bare: 2 } });
    expect(exitCodeFor(results, false)).toBe(0);
    expect(exitCodeFor(results, true)).toBe(1);
    expect(exitCodeFor(evaluateBudgets({ ttff: { ratio_vs_bare: 0.5 } }), true)).toBe(0);
  });

  it('reads dotted paths', () => {
    expect(readPath({ a: { b: 3 } }, 'a.b')).toBe(3);
    expect(readPath({ a: null }, 'a.b')).toBeUndefined();
  });
});
