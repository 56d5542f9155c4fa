// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { firstFrame } from './after-start-up';

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
