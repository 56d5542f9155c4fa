import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appTurn, type EarlyMedia, type TurnVideo } from './app-turn';

const LIMIT = 400;
const GRACE = 250;

/** A <video> stand-in: its state is set by the test, its frames presented on demand. */
function fakeVideo(init: { paused: boolean; readyState: number }) {
  const events = new EventTarget();
  const frames: Array<() => void> = [];
  const video = {
    ...init,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    requestVideoFrameCallback: (cb: () => void) => frames.push(cb),
  };
  return {
    video: video as unknown as TurnVideo & { paused: boolean; readyState: number },
    fire: (type: string) => events.dispatchEvent(new Event(type)),
    presentFrame: () => frames.splice(0).forEach((cb) => cb()),
  };
}

function track(turn: Promise<void>) {
  const state = { done: false };
  void turn.then(() => (state.done = true));
  return state;
}

const never = new Promise<never>(() => {});

/** The turn comes exactly `ms` after the start: not a millisecond before. */
async function expectTurnAt(turn: { done: boolean }, ms: number) {
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(turn.done).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(turn.done).toBe(true);
}

describe('when the page evaluates its app', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('without an early stream: at once', async () => {
    const { video } = fakeVideo({ paused: true, readyState: 0 });
    const turn = track(appTurn(video, Promise.resolve<EarlyMedia>({ kind: 'none' }), LIMIT, GRACE));
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it('a stream loading for the model: at its first decoded frame (loadeddata)', async () => {
    const { video, fire } = fakeVideo({ paused: true, readyState: 0 });
    const turn = track(appTurn(video, Promise.resolve<EarlyMedia>({ kind: 'loading' }), LIMIT, GRACE));
    await vi.advanceTimersByTimeAsync(100);
    expect(turn.done).toBe(false);
    fire('loadeddata');
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it('a stream playing early: when its first frame is shown', async () => {
    const { video } = fakeVideo({ paused: false, readyState: 0 });
    let shown!: () => void;
    const started = new Promise<void>((resolve) => (shown = resolve));
    const turn = track(appTurn(video, Promise.resolve<EarlyMedia>({ kind: 'playing', started }), LIMIT, GRACE));
    await vi.advanceTimersByTimeAsync(300);
    expect(turn.done).toBe(false);
    shown();
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it('at the limit, a stream with nothing in yet: no longer waited for', async () => {
    const { video } = fakeVideo({ paused: false, readyState: 0 });
    const turn = track(appTurn(video, Promise.resolve<EarlyMedia>({ kind: 'playing', started: never }), LIMIT, GRACE));
    await expectTurnAt(turn, LIMIT);
  });

  it('at the limit, a paused stream (the model decides its start): no longer waited for', async () => {
    const { video } = fakeVideo({ paused: true, readyState: 1 });
    const turn = track(appTurn(video, Promise.resolve<EarlyMedia>({ kind: 'loading' }), LIMIT, GRACE));
    await vi.advanceTimersByTimeAsync(LIMIT);
    expect(turn.done).toBe(true);
  });

  it('at the limit, a stream asked to play with its first segments in: waits for its first frame', async () => {
    const { video, fire, presentFrame } = fakeVideo({ paused: false, readyState: 1 });
    const turn = track(appTurn(video, Promise.resolve<EarlyMedia>({ kind: 'playing', started: never }), LIMIT, GRACE));
    await vi.advanceTimersByTimeAsync(LIMIT + 100);
    expect(turn.done).toBe(false);
    // Decoded but not yet shown: 'loadeddata' no longer ends the wait.
    video.readyState = 4;
    fire('loadeddata');
    fire('playing');
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(false);
    presentFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it('at the limit, a stream about to play whose frame does not come (a hidden page): the grace at most', async () => {
    const { video } = fakeVideo({ paused: false, readyState: 3 });
    const turn = track(appTurn(video, Promise.resolve<EarlyMedia>({ kind: 'playing', started: never }), LIMIT, GRACE));
    await expectTurnAt(turn, LIMIT + GRACE);
  });
});
