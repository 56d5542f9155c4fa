import { describe, expect, it } from 'vitest';
import { newSection, put, putMax, skipAll } from './report';
import { figure } from './stats';

describe('bench report', () => {
  it('writes a figure with its p10, p90 and n, and a reason when it is missing', () => {
    const section = newSection();
    put(section, 'player_ms', figure([100.04, 200, 300]));
    put(section, 'ratio_vs_bare', null, 'no pairs');
    expect(section).toMatchObject({ player_ms: 200, player_ms_p10: 120, player_ms_p90: 280, player_ms_n: 3, ratio_vs_bare: null, ratio_vs_bare_n: 0 });
    expect(section.null_reasons).toEqual({ ratio_vs_bare: 'no pairs' });
  });

  it('writes the worst load of a count, so one bad load shows', () => {
    const section = newSection();
    putMax(section, 'player_rebuffers_max', [0, 0, 0, 0, 2, null]);
    expect(section).toMatchObject({ player_rebuffers_max: 2, player_rebuffers_max_n: 5, player_rebuffers_max_p10: 0 });
    putMax(section, 'bare_hls_rebuffers_max', [null], 'never played');
    expect(section.bare_hls_rebuffers_max).toBeNull();
    expect(section.null_reasons.bare_hls_rebuffers_max).toBe('never played');
  });

  it('skips the figures of a part (`player.lost`) inside it, with their reason', () => {
    const section = newSection();
    skipAll(section, ['method_ms', 'player.lost', 'player.tap_to_frame_ms'], 'section not selected (--only)');
    expect(section).toMatchObject({ method_ms: null, player: { lost: null, lost_n: 0, tap_to_frame_ms: null } });
    expect((section.player as typeof section).null_reasons).toEqual({ lost: 'section not selected (--only)', tap_to_frame_ms: 'section not selected (--only)' });
  });
});
