import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appTurn, type EarlyMedia } from './app-turn';

const LIMITS = { answersMs: 1000, mediaMs: 3000, screenMs: 1000, idleMs: 4000 };

function track(turn: Promise<void>) {
  const state = { done: false };
  void turn.then(() => (state.done = true));
  return state;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const never = new Promise<never>(() => {});

/** The turn comes exactly `ms` from now: not a millisecond before. */
async function expectTurnIn(turn: { done: boolean }, ms: number) {
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(turn.done).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(turn.done).toBe(true);
}

describe('when the page evaluates its app', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('without an early stream: at once', async () => {
    const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'none' }), LIMITS));
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it("a pre-roll first: when the start's early ad is ready, not before", async () => {
    const ad = deferred();
    const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'preroll', ready: ad.promise }), LIMITS));
    await vi.advanceTimersByTimeAsync(LIMITS.mediaMs - 1);
    expect(turn.done).toBe(false);
    ad.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it('a pre-roll first whose ad is slow: the media limit after the answers', async () => {
    const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'preroll', ready: never }), LIMITS));
    await expectTurnIn(turn, LIMITS.mediaMs);
  });

  it('a stream playing early: when its buffer spares the link after its first frame, however long the CPU takes under the media limit', async () => {
    const frame = deferred();
    const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'playing', ready: frame.promise, spared: frame.promise }), LIMITS));
    // Past the answers limit: the answers are in, so only the media limit counts.
    await vi.advanceTimersByTimeAsync(LIMITS.answersMs + 500);
    expect(turn.done).toBe(false);
    frame.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it('a stream playing early, its frame shown: waits for the buffer to spare the link, past the media limit', async () => {
    const frame = deferred();
    const spared = deferred();
    const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'playing', ready: frame.promise, spared: spared.promise }), LIMITS));
    await vi.advanceTimersByTimeAsync(LIMITS.mediaMs - 200);
    frame.resolve();
    await vi.advanceTimersByTimeAsync(LIMITS.mediaMs);
    expect(turn.done).toBe(false);
    spared.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it('a page waiting for the viewer (the shell plays it): the idle limit after its frame is decoded, not the media limit', async () => {
    const decoded = deferred();
    const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'waiting', ready: decoded.promise, failed: never }), LIMITS));
    await vi.advanceTimersByTimeAsync(2000);
    decoded.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // 3000 ms after the answers has passed by then: only the idle limit counts.
    await expectTurnIn(turn, LIMITS.idleMs);
  });

  it('a page waiting for the viewer: at once when the viewer plays (its frame shown) or asks for the app, or when the stream fails', async () => {
    for (const end of ['now', 'failed'] as const) {
      const now = deferred();
      const failed = deferred();
      const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'waiting', ready: never, failed: failed.promise }), LIMITS, now.promise));
      await vi.advanceTimersByTimeAsync(500);
      expect(turn.done).toBe(false);
      (end === 'now' ? now : failed).resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(turn.done, end).toBe(true);
    }
  });

  it('a page waiting for the viewer whose frame never comes: the media and idle limits together', async () => {
    const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'waiting', ready: never, failed: never }), LIMITS));
    await vi.advanceTimersByTimeAsync(0);
    await expectTurnIn(turn, LIMITS.mediaMs + LIMITS.idleMs);
  });

  it('a stream loading for the model: when its first frame is decoded', async () => {
    const decoded = deferred();
    const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'loading', ready: decoded.promise }), LIMITS));
    await vi.advanceTimersByTimeAsync(100);
    expect(turn.done).toBe(false);
    decoded.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it('a stream loading for the model whose frame is slow (a slow network): the screen limit after it is known', async () => {
    const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'loading', ready: never }), LIMITS));
    await expectTurnIn(turn, LIMITS.screenMs);
  });

  it('a refused or failed early play: at once', async () => {
    const turn = track(appTurn(Promise.resolve(), Promise.resolve<EarlyMedia>({ kind: 'playing', ready: Promise.reject(new Error('NotAllowedError')), spared: never }), LIMITS));
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it('start-up answers not in by the answers limit (a slow network): at that limit', async () => {
    const turn = track(appTurn(never, never, LIMITS));
    await expectTurnIn(turn, LIMITS.answersMs);
  });

  it('answers in, no frame (a slow media network, a hidden page): the media limit after the answers at most', async () => {
    const answers = deferred();
    const turn = track(appTurn(answers.promise, Promise.resolve<EarlyMedia>({ kind: 'playing', ready: never, spared: never }), LIMITS));
    await vi.advanceTimersByTimeAsync(600);
    answers.resolve();
    await expectTurnIn(turn, LIMITS.mediaMs);
  });

  it('a slow CPU (the engine ready late, the frame later still) never reaches the answers limit once they are in', async () => {
    const answers = deferred();
    const early = deferred<EarlyMedia>();
    const frame = deferred();
    const turn = track(appTurn(answers.promise, early.promise, LIMITS));
    await vi.advanceTimersByTimeAsync(900);
    answers.resolve();
    await vi.advanceTimersByTimeAsync(800);
    early.resolve({ kind: 'playing', ready: frame.promise, spared: frame.promise });
    await vi.advanceTimersByTimeAsync(1500);
    expect(turn.done).toBe(false);
    frame.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });

  it('start-up answers that failed: at once', async () => {
    const turn = track(appTurn(Promise.reject(new Error('offline')), never, LIMITS));
    await vi.advanceTimersByTimeAsync(0);
    expect(turn.done).toBe(true);
  });
});
