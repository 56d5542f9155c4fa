/**
 * The picture after a level switched at once: a microsecond seek when the clock moves on over the
 * new rendition and no frame is presented (Chromium's frozen picture), nothing where frames move,
 * and the seek's own facts kept from the model.
 */
import { describe, expect, it } from 'vitest';
import { Events } from 'hls.js';
import type Hls from 'hls.js';
import { FakeHls, FakeVideo, timeRanges } from '../test-support/hls-fakes';
import { createSwitchNudge, FROZEN_AFTER_S } from './switch-nudge';

/** A `<video>` that counts its presented frames and records where it was sent. */
function makeVideo() {
  let time = 0;
  const seeks: number[] = [];
  const video = Object.assign(new FakeVideo(), {
    frames: 40,
    seeking: false,
    seeks,
    getVideoPlaybackQuality: () => ({ totalVideoFrames: video.frames }) as VideoPlaybackQuality,
    /** The clock moves on, with `frames` more frames presented. */
    plays(seconds: number, frames = 0) {
      time += seconds;
      video.frames += frames;
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
  const switched = () => {
    nudge.switchNow(hls as unknown as Hls, 0);
    video.buffered = timeRanges();
    hls.trigger(Events.BUFFER_FLUSHED, { type: 'video' });
  };
  /** The new rendition reaches the playhead. */
  const appended = (start = 1.5, end = 8) => {
    video.buffered = timeRanges([start, end]);
    hls.trigger(Events.BUFFER_APPENDED, {});
  };
  return { video, hls, nudge, switched, appended };
}

describe('the level switch nudge', () => {
  it('switches at once and, when the clock runs on over the new rendition with no new frame, seeks a microsecond ahead once', () => {
    const { video, hls, switched, appended } = setup();
    switched();
    expect(hls.currentLevel).toBe(0);
    video.plays(0.4);
    // Nothing new at the playhead yet: the browser is still on frames it had decoded.
    expect(video.seeks).toEqual([]);
    appended(2, 8);
    video.plays(FROZEN_AFTER_S / 2);
    expect(video.seeks).toEqual([]);
    video.plays(FROZEN_AFTER_S);
    expect(video.seeks).toHaveLength(1);
    expect(video.seeks[0]! - (2.1 + FROZEN_AFTER_S * 1.5)).toBeCloseTo(0.000001, 9);
    video.plays(1);
    appended(1.5, 12);
    expect(video.seeks).toHaveLength(1);
    expect(hls.listenerCount()).toBe(0);
    expect(video.listenerCount).toBe(0);
  });

  it('leaves the element alone where frames move on (Firefox, WebKit), and when paused', () => {
    const { video, switched, appended } = setup();
    switched();
    appended();
    // Paused: the clock stands, nothing to judge.
    appended();
    expect(video.seeks).toEqual([]);
    video.plays(1, 24);
    video.plays(1, 0);
    expect(video.seeks).toEqual([]);
    expect(video.listenerCount).toBe(0);
  });

  it("stops watching at another seek (it reloads the picture anyway), at the instance's end, and at the next switch", () => {
    const viewer = setup();
    viewer.switched();
    viewer.appended();
    viewer.video.dispatch('seeking');
    viewer.video.plays(1);
    expect(viewer.video.seeks).toEqual([]);

    const ended = setup();
    ended.switched();
    ended.hls.trigger(Events.DESTROYING, {});
    ended.appended();
    ended.video.plays(1);
    expect(ended.video.seeks).toEqual([]);

    const again = setup();
    again.switched();
    again.nudge.switchNow(again.hls as unknown as Hls, 2);
    expect(again.hls.currentLevel).toBe(2);
    again.appended();
    again.video.plays(1);
    // The second switch's flush has not come: its watch waits for it.
    expect(again.video.seeks).toEqual([]);
    again.hls.trigger(Events.BUFFER_FLUSHED, { type: 'video' });
    again.appended();
    again.video.plays(1);
    expect(again.video.seeks).toHaveLength(1);
  });

  it("withholds its own seek's seeking and seeked, and nothing of the viewer's", () => {
    const { video, nudge, switched, appended } = setup();
    expect(nudge.withholds('seeking')).toBe(false);
    switched();
    appended();
    video.plays(1);
    expect(video.seeks).toHaveLength(1);
    expect([nudge.withholds('waiting'), nudge.withholds('seeking'), nudge.withholds('seeked')]).toEqual([false, true, true]);
    // After its seeked, a seek to the same spot is the viewer's.
    expect(nudge.withholds('seeking')).toBe(false);

    const other = setup();
    other.switched();
    other.appended();
    other.video.plays(1);
    // The viewer seeks elsewhere before the nudge's events come.
    other.video.currentTime = 20;
    expect([other.nudge.withholds('seeking'), other.nudge.withholds('seeked')]).toEqual([false, false]);
  });
});
