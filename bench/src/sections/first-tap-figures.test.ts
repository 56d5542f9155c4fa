import { describe, expect, it } from 'vitest';
import { describeUnderFinger, dueAt, lostTaps, momentTable, NOTHING_PAINTED, QUICK_TAP_MOMENTS, ratioVsBare, TAP_MOMENTS, tapToFrame, type TapSample, type UnderFinger } from './first-tap-figures';

const finger = (over: Partial<UnderFinger>): UnderFinger => ({ painted: true, tag: 'DIV', testid: null, withinTestid: null, ariaLabel: null, className: null, controls: false, text: null, ...over });

const tap = (over: Partial<TapSample>): TapSample => ({
  moment: 'paint+0.5s',
  iteration: 0,
  paintMs: 1000,
  fcpMs: 1200,
  controlsMs: null,
  tapMs: 1500,
  under: 'video',
  honoured: true,
  tapToFrameMs: 400,
  played: 'film',
  ...over,
});

describe('first-tap figures', () => {
  it('taps from half a second after the first paint to 2 s after the controls; --quick at the last of the first and once after the controls', () => {
    expect(TAP_MOMENTS.map((m) => m.id)).toEqual(['paint+0.5s', 'paint+1.5s', 'paint+2.5s', 'paint+3.5s', 'paint+4.5s', 'paint+6s', 'controls+0.5s', 'controls+2s']);
    expect(QUICK_TAP_MOMENTS.map((m) => m.id)).toEqual(['paint+6s', 'controls+0.5s']);
  });

  it('counts each moment from its base: the paint (navigation when none) or the controls', () => {
    const [paint, , , , , , controls] = TAP_MOMENTS;
    expect(dueAt(paint!, 1200, 4000)).toBe(1700);
    expect(dueAt(paint!, null, null)).toBe(500);
    expect(dueAt(controls!, 1200, 4000)).toBe(4500);
    expect(dueAt(controls!, 1200, null)).toBeNull();
  });

  it('says what lay under the finger', () => {
    expect(describeUnderFinger(finger({ painted: false }))).toBe(NOTHING_PAINTED);
    expect(describeUnderFinger(finger({ tag: null }))).toBe('nothing');
    expect(describeUnderFinger(finger({ tag: 'VIDEO', controls: true }))).toBe('video[controls]');
    expect(describeUnderFinger(finger({ tag: 'BUTTON', testid: 'big-play', text: 'Смотреть' }))).toBe("button[data-testid=big-play] 'Смотреть'");
    expect(describeUnderFinger(finger({ tag: 'BUTTON', className: 'a b c', ariaLabel: 'Пауза', withinTestid: 'controls' }))).toBe("button.a.b aria-label='Пауза' in [data-testid=controls]");
    expect(describeUnderFinger(finger({ tag: 'BODY' }))).toBe('body');
  });

  it('counts a tap not honoured as lost, and a load that made no tap as none', () => {
    const samples = [tap({}), tap({ honoured: false, tapToFrameMs: null }), tap({ tapMs: null, honoured: false, tapToFrameMs: null, reason: 'no controls' })];
    expect(lostTaps(samples)).toBe(1);
    expect(tapToFrame(samples)).toMatchObject({ median: 400, n: 1 });
  });

  it('compares ours with the bare page only on moments where both painted and both played', () => {
    const ours = [
      tap({ moment: 'paint+0.5s', tapToFrameMs: 900 }),
      tap({ moment: 'paint+1.5s', tapToFrameMs: 300 }),
      tap({ moment: 'paint+2.5s', honoured: false, tapToFrameMs: null }),
      tap({ moment: 'paint+3.5s', tapToFrameMs: 200, under: NOTHING_PAINTED }),
      tap({ moment: 'controls+0.5s', tapToFrameMs: 500 }),
    ];
    const bare = [
      tap({ moment: 'paint+0.5s', honoured: false, tapToFrameMs: null }),
      tap({ moment: 'paint+1.5s', tapToFrameMs: 600 }),
      tap({ moment: 'paint+2.5s', tapToFrameMs: 100 }),
      tap({ moment: 'paint+3.5s', tapToFrameMs: 100 }),
      tap({ moment: 'controls+0.5s', tapToFrameMs: 400 }),
    ];
    // paint+1.5s and controls+0.5s: ours 300, 500 (median 400) against 600, 400 (median 500).
    expect(ratioVsBare(ours, bare)).toEqual({ ratio: 0.8, moments: ['0/paint+1.5s', '0/controls+0.5s'] });
    expect(ratioVsBare(ours, [])).toEqual({ ratio: null, moments: [] });
    // Another iteration's tap does not pair.
    expect(ratioVsBare([tap({ iteration: 1 })], [tap({ iteration: 0 })]).ratio).toBeNull();
  });

  it('lays the taps out per moment, one column per page', () => {
    const lines = momentTable(TAP_MOMENTS.slice(0, 1), {
      player: [tap({ honoured: false, tapToFrameMs: null, under: 'video' })],
      bare_hls: [tap({ under: 'video[controls]', tapMs: 1520 })],
    });
    expect(lines).toEqual([
      '| moment | player | bare_hls |',
      '|---|---|---|',
      '| paint+0.5s | ✗ lost (paint+0.5 s, on video) | ✓ film 400 ms (paint+0.5 s, on video[controls]) |',
    ]);
    expect(momentTable(TAP_MOMENTS.slice(6, 7), { player: [tap({ moment: 'controls+0.5s', tapMs: null, reason: 'no controls' })], bare_hls: [] })[2]).toBe('| controls+0.5s | — (no controls) | — |');
  });
});
