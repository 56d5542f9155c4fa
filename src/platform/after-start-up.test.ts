// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bufferedAhead, bufferSafe, firstFrame } from './after-start-up';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('firstFrame', () => {
  it('waits past `playing` for the first presented frame where the browser reports frames', async () => {
    const root = document.createElement('div');
    const video = document.createElement('video');
    root.append(video);
    const frameCallbacks: Array<() => void> = [];
    Object.assign(video, { requestVideoFrameCallback: (callback: () => void) => frameCallbacks.push(callback) });
    const frame = firstFrame(root);

    video.dispatchEvent(new Event('playing'));
    expect(await settled(frame)).toBe(false);
    expect(frameCallbacks).toHaveLength(1);

    frameCallbacks[0]!();
    expect(await settled(frame)).toBe(true);
  });

  it('takes `playing` itself where frames are not reported', async () => {
    const root = document.createElement('div');
    const video = document.createElement('video');
    root.append(video);
    Object.assign(video, { requestVideoFrameCallback: undefined });
    const frame = firstFrame(root);
    expect(await settled(frame)).toBe(false);

    video.dispatchEvent(new Event('playing'));
    expect(await settled(frame)).toBe(true);
  });
});

/** A media element's buffer and playhead, with the events bufferSafe listens to. */
class FakeMedia extends EventTarget {
  constructor(
    public ranges: Array<[number, number]>,
    public currentTime = 0,
    public duration = 120,
  ) {
    super();
  }
  get buffered() {
    return { length: this.ranges.length, start: (i: number) => this.ranges[i]![0], end: (i: number) => this.ranges[i]![1] };
  }
  asElement() {
    return this as unknown as HTMLMediaElement;
  }
}

/** Whether a promise has resolved, read after fake timers moved on. */
function track(promise: Promise<unknown>) {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
}

describe('bufferedAhead', () => {
  it.each([
    ['nothing buffered', [], 0, 0],
    ['the range the playhead is in', [[0, 4], [6, 20]], 1, 3],
    ['a later range', [[0, 4], [6, 20]], 7.5, 12.5],
    ['a range that starts a frame after the playhead', [[2.04, 14]], 2, 12],
    ['the playhead in a gap', [[0, 4], [6, 20]], 5, 0],
    ['the playhead at the end of a range', [[0, 4]], 4, 0],
  ] as Array<[string, Array<[number, number]>, number, number]>)('%s', (_, ranges, at, ahead) => {
    expect(bufferedAhead(new FakeMedia(ranges, at).asElement())).toBeCloseTo(ahead, 5);
  });
});

describe('bufferSafe', () => {
  afterEach(() => vi.useRealTimers());
  const limits = { aheadS: 10, maxMs: 10_000 };

  it('waits for the first frame, then for 10 s ahead of the playhead', async () => {
    vi.useFakeTimers();
    const media = new FakeMedia([[0, 30]]);
    let frame!: () => void;
    const safe = track(bufferSafe(new Promise<void>((resolve) => (frame = resolve)), media.asElement(), limits));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(safe.done).toBe(false);

    media.ranges = [[0, 4]];
    frame();
    await vi.advanceTimersByTimeAsync(3000);
    expect(safe.done).toBe(false);

    media.ranges = [[0, 10.5]];
    media.dispatchEvent(new Event('progress'));
    await vi.advanceTimersByTimeAsync(0);
    expect(safe.done).toBe(true);
  });

  it('resolves at once when the buffer is already full at the first frame', async () => {
    expect(await settled(bufferSafe(Promise.resolve(), new FakeMedia([[0, 12]]).asElement(), limits))).toBe(true);
  });

  it('near the end, all that is left buffered is enough (a start at 6 s of a 10 s episode)', async () => {
    expect(await settled(bufferSafe(Promise.resolve(), new FakeMedia([[5, 10]], 6, 10).asElement(), limits))).toBe(true);
    expect(await settled(bufferSafe(Promise.resolve(), new FakeMedia([[5, 9]], 6, 10).asElement(), limits))).toBe(false);
  });

  it('gives up waiting 10 s after the first frame (a pre-roll plays, or the link stays slow)', async () => {
    vi.useFakeTimers();
    const safe = track(bufferSafe(Promise.resolve(), new FakeMedia([[0, 3]]).asElement(), limits));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(safe.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(safe.done).toBe(true);
  });
});
