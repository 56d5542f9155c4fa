import { describe, expect, it } from 'vitest';
import { currentQoe, qoeRows } from './qoe-card';

const startup = (episodeId: number, startupMs: number) => ({ event: 'videoplayer_qoe_startup', payload: { contentId: 102, episodeId, startupMs, adMs: 0 } });
const summary = (episodeId: number, rebufferCount: number) => ({
  event: 'videoplayer_qoe_summary',
  payload: {
    contentId: 102, episodeId, watchedMs: 12_345, rebufferCount, rebufferMs: 1500, rebufferRatio: 0.1084, startupMs: 640,
    exitedBeforeStart: false, adStartFailures: 0, averageBitrate: 2_428_571, qualitySwitches: 1,
  },
});
const other = { event: 'videoplayer_progress', payload: { contentId: 102, episodeId: 1, mark: 0.1 } };

describe('the QoE card: the current playback from the QoE events', () => {
  it('is absent before any QoE event', () => {
    expect(currentQoe([other])).toBeNull();
  });

  it('shows the startup at once and the summary as "—" until it comes', () => {
    const card = currentQoe([startup(1, 640), other])!;
    expect(qoeRows(card)).toEqual([
      ['Startup', '640 ms'], ['Ad time before start', '0 ms'], ['Watched', '—'], ['Rebuffers', '—'],
      ['Average bitrate', '—'], ['Quality switches', '—'], ['Ad start failures', '—'], ['Exited before start', '—'],
    ]);
  });

  it('joins the summary to its startup; the next episode starts a new card', () => {
    const card = currentQoe([startup(1, 640), summary(1, 1)])!;
    expect(Object.fromEntries(qoeRows(card))).toMatchObject({ Startup: '640 ms', Watched: '12.3 s', Rebuffers: '1 · 1500 ms · 10.84 %', 'Average bitrate': '2429 kbps' });
    const next = currentQoe([startup(1, 640), summary(1, 1), startup(2, 900)])!;
    expect(next).toMatchObject({ episodeId: 2, summary: null, startup: { startupMs: 900 } });
  });

  it('a summary with no startup (left before the first frame) shows alone', () => {
    const card = currentQoe([startup(1, 640), summary(1, 0), { event: 'videoplayer_qoe_summary', payload: { contentId: 102, episodeId: 2, exitedBeforeStart: true, startupMs: null } }])!;
    expect(Object.fromEntries(qoeRows(card))).toMatchObject({ Startup: '—', 'Exited before start': 'yes' });
  });
});
