/**
 * A level switched at once: once hls.js has flushed the buffer, a seek to the playhead (so the
 * segment there loads first and the picture is not left on the flushed rendition), and that seek's
 * own facts kept from the model.
 */
import { describe, expect, it } from 'vitest';
import { Events } from 'hls.js';
import type Hls from 'hls.js';
import { FakeHls, FakeVideo, timeRanges } from '../test-support/hls-fakes';
import { createSwitchNudge } from './switch-nudge';

/** A `<video>` that records where it was sent. */
function makeVideo() {
  let time = 0;
  const seeks: number[] = [];
  const video = Object.assign(new FakeVideo(), {
    seeks,
    /** The clock moves on. */
    plays(seconds: number) {
      time += seconds;
      video.dispatch('timeupdate');
    },
  });
  Object.defineProperty(video, 'currentTime', {
    get: () => time,
    set: (to: number) => {
      time = to;
      seeks.push(to);
    },
  });
  return video;
}

function setup() {
  const video = makeVideo();
  video.plays(1.7);
  const hls = new FakeHls();
  const nudge = createSwitchNudge(video as unknown as HTMLVideoElement);
  const switched = (level = 0) => nudge.switchNow(hls as unknown as Hls, level);
  const flushed = () => hls.trigger(Events.BUFFER_FLUSHED, { type: 'video' });
  return { video, hls, nudge, switched, flushed };
}

describe('the level switch nudge', () => {
  it('switches at once and, once the buffer is flushed, seeks to the playhead once', () => {
    const { video, hls, switched, flushed } = setup();
    switched(0);
    expect(hls.currentLevel).toBe(0);
    // The flush takes a moment; the clock runs on meanwhile.
    video.plays(0.2);
    expect(video.seeks).toEqual([]);
    flushed();
    expect(video.seeks).toEqual([1.9]);
    flushed();
    expect(video.seeks).toEqual([1.9]);
    expect(hls.listenerCount()).toBe(0);
    expect(video.listenerCount).toBe(0);
  });

  it("leaves the playhead alone after another seek (it loads from there anyway), at the instance's end, and for a switch superseded", () => {
    const viewer = setup();
    viewer.switched();
    viewer.video.dispatch('seeking');
    viewer.flushed();
    expect(viewer.video.seeks).toEqual([]);

    const ended = setup();
    ended.switched();
    ended.hls.trigger(Events.DESTROYING, {});
    ended.flushed();
    expect(ended.video.seeks).toEqual([]);
    expect(ended.hls.listenerCount()).toBe(0);

    const again = setup();
    again.switched(0);
    again.switched(2);
    expect(again.hls.currentLevel).toBe(2);
    again.flushed();
    again.flushed();
    expect(again.video.seeks).toEqual([1.7]);
  });

  it("withholds its own seek's seeking and seeked, and nothing of the viewer's", () => {
    const { video, nudge, switched, flushed } = setup();
    expect(nudge.withholds('seeking')).toBe(false);
    switched();
    flushed();
    expect([nudge.withholds('waiting'), nudge.withholds('seeking'), nudge.withholds('seeked')]).toEqual([false, true, true]);
    // After its seeked, a seek to the same spot is the viewer's.
    expect(nudge.withholds('seeking')).toBe(false);
    expect(video.seeks).toHaveLength(1);

    const other = setup();
    other.switched();
    other.flushed();
    // The viewer seeks elsewhere before the nudge's events come.
    other.video.currentTime = 20;
    expect([other.nudge.withholds('seeking'), other.nudge.withholds('seeked')]).toEqual([false, false]);
  });
});
