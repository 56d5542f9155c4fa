import { describe, expect, it } from 'vitest';
import { createQueuedSender, sendStat, type StatEvent } from './stats';

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

describe('queued rstat4 sender', () => {
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
