/** The ad's element adapter: sound refused at play() or after it (Safari's engine), and the pauses it asked for. */
import { describe, expect, it, vi } from 'vitest';
import { createAdVideo, type AdVideoFacts } from './ad-video';

/** A <video> enough for the adapter: attributes, listeners, play/pause under a policy. */
class FakeAdElement {
  className = '';
  playsInline = false;
  preload = '';
  disablePictureInPicture = false;
  controls = true;
  muted = false;
  volume = 1;
  paused = true;
  ended = false;
  currentTime = 0;
  duration = 5;
  error = null;
  /** The browser's answer to play(): 'ok', or refuse sound (NotAllowedError while unmuted). */
  policy: 'ok' | 'refuse-sound' = 'ok';
  private attributes = new Map<string, string>();
  private listeners = new Map<string, Array<() => void>>();
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  set src(url: string) {
    this.attributes.set('src', url);
  }
  load() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  dispatch(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  play = vi.fn(async () => {
    if (this.policy === 'refuse-sound' && !this.muted) throw Object.assign(new Error('refused'), { name: 'NotAllowedError' });
    this.paused = false;
  });
  pause = vi.fn(() => {
    this.paused = true;
  });
}

function setup() {
  const element = new FakeAdElement();
  const video = createAdVideo(element as unknown as HTMLVideoElement);
  video.load('http://ads.test/a.mp4');
  const facts: string[] = [];
  const record = <K extends keyof AdVideoFacts>(fact: K) => video.on(fact, (value) => facts.push(value === undefined ? fact : `${fact} ${JSON.stringify(value)}`));
  record('paused');
  record('soundRefused');
  return { element, video, facts };
}

describe('the ad element and the browser\'s refusal of sound', () => {
  it('play() refused with sound: plays muted, and says so', async () => {
    const { element, video } = setup();
    element.policy = 'refuse-sound';
    await expect(video.play()).resolves.toBe('muted');
    expect(element.muted).toBe(true);
    expect(element.play).toHaveBeenCalledTimes(2);
  });

  it('allowed with sound, then paused by the browser on finding it (Safari): muted, it plays on, and the model hears soundRefused, not a pause', async () => {
    const { element, video, facts } = setup();
    await expect(video.play()).resolves.toBe('sound');
    element.currentTime = 0.2;
    element.paused = true;
    element.dispatch('pause');
    expect(facts).toEqual(['soundRefused']);
    expect(element.muted).toBe(true);
    expect(element.play).toHaveBeenCalledTimes(2);
  });

  it('a pause it asked for, one at the end, or one later in the ad is a pause', async () => {
    const { element, video, facts } = setup();
    await video.play();
    element.currentTime = 0.2;
    video.pause();
    element.dispatch('pause');
    await video.play();
    element.currentTime = 3;
    element.paused = true;
    element.dispatch('pause');
    element.ended = true;
    element.dispatch('pause');
    expect(facts).toEqual(['paused {"ended":false}', 'paused {"ended":false}', 'paused {"ended":true}']);
    expect(element.muted).toBe(false);
  });

  it('a muted ad (the viewer muted the film) is never taken for a refusal', async () => {
    const { element, video, facts } = setup();
    video.setMuted(true);
    await expect(video.play()).resolves.toBe('sound');
    element.paused = true;
    element.dispatch('pause');
    expect(facts).toEqual(['paused {"ended":false}']);
  });
});

describe('what the browser can play', () => {
  it('the ad video asks its own element, so no other <video> stays alive for it', () => {
    const { video, element } = setup();
    (element as unknown as { canPlayType: (type: string) => string }).canPlayType = (type) => (type === 'video/mp4' ? 'probably' : '');
    expect([video.canPlayType('video/mp4'), video.canPlayType('video/x-flv')]).toEqual(['probably', '']);
  });
});

describe("an element the page's start is loading already", () => {
  it('is not loaded again for the same media, and tells the facts it gave before anyone listened', async () => {
    const element = new FakeAdElement();
    element.src = 'http://ads.test/a.mp4';
    const load = vi.spyOn(element, 'load');
    Object.assign(element, { readyState: 4 });
    const video = createAdVideo(element as unknown as HTMLVideoElement);
    const facts: string[] = [];
    video.on('canPlayThrough', () => facts.push('canPlayThrough'));
    video.on('timeUpdated', (time) => facts.push(`timeUpdated ${JSON.stringify(time)}`));
    video.load('http://ads.test/a.mp4');
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(facts).toEqual(['timeUpdated {"currentTime":0,"duration":5}', 'canPlayThrough']);
    video.load('http://ads.test/b.mp4');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('one the start plays for the viewer is adopted playing; one that ended before the app, ended', async () => {
    const adopt = async (state: Partial<FakeAdElement>) => {
      const element = Object.assign(new FakeAdElement(), { readyState: 4 }, state);
      element.src = 'http://ads.test/a.mp4';
      const video = createAdVideo(element as unknown as HTMLVideoElement);
      const facts: string[] = [];
      for (const fact of ['canPlayThrough', 'playing', 'ended'] as const) video.on(fact, () => facts.push(fact));
      video.load('http://ads.test/a.mp4');
      await Promise.resolve();
      return facts;
    };
    expect(await adopt({ paused: false, currentTime: 1.5 })).toEqual(['canPlayThrough', 'playing']);
    expect(await adopt({ paused: true, ended: true, currentTime: 5 })).toEqual(['canPlayThrough', 'playing', 'ended']);
    expect(await adopt({ paused: true })).toEqual(['canPlayThrough']);
    // Asked to play, its data still on the way: its own 'playing' comes when it starts.
    expect(await adopt({ paused: false, readyState: 1 } as Partial<FakeAdElement>)).toEqual([]);
  });
});
