import { describe, expect, it, vi } from 'vitest';
import { findRstat4, sendStat, stat } from './stats';

describe('rstat4 sink', () => {
  it('sends videoplayer_{event} with the payload to rstat4 on the window', () => {
    const rstat4 = vi.fn();
    expect(sendStat({ event: 'ad_play', payload: { adId: 'a' } }, { rstat4 })).toBe(true);
    expect(rstat4).toHaveBeenCalledWith('videoplayer_ad_play', { adId: 'a' });
  });

  it('falls back to the top window', () => {
    const rstat4 = vi.fn();
    const win = { top: { rstat4 } };
    expect(sendStat({ event: 'ad_skip_btn_click' }, win)).toBe(true);
    expect(rstat4).toHaveBeenCalledWith('videoplayer_ad_skip_btn_click', {});
  });

  it('never throws: a cross-origin top, a missing sink, a throwing sink', () => {
    const crossOrigin = {
      get top(): never {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
    };
    expect(findRstat4(crossOrigin)).toBeNull();
    expect(sendStat({ event: 'ad_init' }, crossOrigin)).toBe(false);
    expect(sendStat({ event: 'ad_init' }, {})).toBe(false);
    expect(
      sendStat(
        {
          event: 'ad_init',
        },
        {
          rstat4: () => {
            throw new Error('boom');
          },
        },
      ),
    ).toBe(false);
    expect(findRstat4({ rstat4: 'not a function', top: null })).toBeNull();
  });
});

describe('stat', () => {
  it('builds an event of the catalogue as the sink sends it: a payload when given, none (sent as {}) when not', () => {
    const rstat4 = vi.fn();
    expect(stat('popup_share_open')).toEqual({ event: 'popup_share_open' });
    expect('payload' in stat('popup_share_open')).toBe(false);
    expect(stat('autoplay', { result: 'muted' })).toEqual({ event: 'autoplay', payload: { result: 'muted' } });
    sendStat(stat('popup_share_open'), { rstat4 });
    sendStat(stat('seasonsAndEpisodes_season_click', { seasonId: 7 }), { rstat4 });
    expect(rstat4.mock.calls).toEqual([
      ['videoplayer_popup_share_open', {}],
      ['videoplayer_seasonsAndEpisodes_season_click', { seasonId: 7 }],
    ]);
  });
});
