import { describe, expect, it, vi } from 'vitest';
import { findRstat4, sendStat } from './stats';

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
