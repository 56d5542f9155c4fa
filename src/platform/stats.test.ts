import { describe, expect, it, vi } from 'vitest';
import { createQueuedSender, findRstat4, sendStat, stat, type StatEvent } from './stats';

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

describe('queued rstat4 sender', () => {
  function harness(startupMs = 1000) {
    let clock = 0;
    let tick: (() => void) | null = null;
    const received: string[] = [];
    let sink: ((event: string) => void) | null = null;
    const win = {
      get rstat4() {
        return sink ?? undefined;
      },
    };
    const send = createQueuedSender({
      send: (stat) => sendStat(stat, win),
      startupMs,
      now: () => clock,
      every: (fn) => {
        tick = fn;
        return () => (tick = null);
      },
    });
    return {
      send,
      received,
      advance: (ms: number) => {
        clock += ms;
        tick?.();
      },
      appear: () => (sink = (event) => received.push(event)),
      get retrying() {
        return tick !== null;
      },
    };
  }

  const stat = (event: string): StatEvent => ({ event });

  it('holds events during start-up and flushes them in order when rstat4 appears', () => {
    const h = harness();
    expect(h.send(stat('progress'))).toBe(false);
    expect(h.send(stat('error'))).toBe(false);
    h.advance(500);
    expect(h.received).toEqual([]);
    h.appear();
    h.advance(250);
    expect(h.received).toEqual(['videoplayer_progress', 'videoplayer_error']);
    expect(h.retrying).toBe(false);
    expect(h.send(stat('timeupdate'))).toBe(true);
    expect(h.received).toHaveLength(3);
  });

  it('drops events once start-up is over without a sink', () => {
    const h = harness();
    h.send(stat('progress'));
    h.advance(1500);
    expect(h.retrying).toBe(false);
    h.appear();
    expect(h.send(stat('error'))).toBe(true);
    expect(h.received).toEqual(['videoplayer_error']);
    const late = harness();
    late.advance(2000);
    expect(late.send(stat('progress'))).toBe(false);
    expect(late.retrying).toBe(false);
  });
});
