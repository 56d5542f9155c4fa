import { allSettled, createWatch, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { ContentDto } from '../../api/dto';
import { createScriptedEngine } from '../../engine/scripted-engine';
import type { ParsedAd } from '../../vast';
import { parseConfig, type StartupData } from '../../features/session';
import type { AdSettings } from '../../features/ads';
import type { AdVideo } from '../../engine/ad-video';
import { loadVastFx } from '../../platform/vast-loader';
import { firePixelFx } from '../../platform/pixel';
import { sendStatFx } from '../../platform/stats';
import { linkFeatures } from '../link-features';
import { linkedEach } from '../../test-support/linked';
import { noAdVideo } from '../../test-support/ads-scope';

/** Makes the ad <video> at the model's first break: none, unless the test gives its own. */
let makeAdVideo: () => AdVideo = noAdVideo;
// The features' links, as the player makes them, for each test: the ads model keeps the ad video
// it made, and hears its facts in the scope that made it.
const features = linkedEach(() => {
  makeAdVideo = noAdVideo;
  return linkFeatures({ createAdVideo: () => makeAdVideo() });
});

const config = parseConfig({ search: '?movie_id=102&advert=1', pageUrl: 'http://player.test/', rootData: { adListUrl: '/ads/list.json' } });
const startup = (available: boolean): StartupData => ({
  content: { id: 102, title: 'F', hasMultipleEpisodes: false } as ContentDto,
  seasons: [],
  episodes: [],
  available,
  adList: { prerollList: [{ vastUrl: '/vast/a.xml' }] },
});

/** A scope whose pre-roll resolves to one 5 s ad on a fake ad element, which records its plays and keeps its listeners. */
function prerollScope() {
  const order: string[] = [];
  const listeners: Record<string, () => void> = {};
  const ad = { id: 'a', skipOffset: null, duration: 5, mediaFile: { url: 'http://ads.test/a.mp4' }, impressions: [], errors: [], tracking: {}, progress: [] } as unknown as ParsedAd;
  const video = {
    element: {} as HTMLVideoElement,
    load: () => {},
    play: async () => (order.push('ad play'), 'sound' as const),
    pause: () => {},
    setVolume: () => {},
    setMuted: () => {},
    unload: () => {},
    canPlayType: () => 'probably',
    on: (fact: string, listener: () => void) => ((listeners[fact] = listener), () => {}),
  };
  makeAdVideo = () => video as unknown as AdVideo;
  const { ads } = features();
  const scope = fork({
    values: [[ads.$adMediaTimeoutMs, null]],
    handlers: [
      [loadVastFx, async () => ad],
      [firePixelFx, () => {}],
      [sendStatFx, () => true],
      [ads.reportAdErrorFx, () => {}],
      [ads.watchVisibilityFx, () => false],
    ],
  });
  return { order, listeners, scope };
}

describe('ads wiring', () => {
  it.each([true, false])('the start-up answers configure the ad plan when the content is available (%s)', async (available) => {
    const { ads, session } = features();
    const { $config, loadStartupFx } = session;
    const scope = fork({ values: [[$config, config]], handlers: [[loadStartupFx, async () => startup(available)]] });
    const configured: AdSettings[] = [];
    createWatch({ unit: ads.adsConfigured, scope, fn: (settings) => configured.push(settings) });
    await allSettled(loadStartupFx, { scope, params: { ...config, movieId: 102 } });
    expect(configured).toEqual(
      available ? [{ adList: startup(true).adList, adListUrl: 'http://player.test/ads/list.json', advert: true, baseUrl: 'http://player.test' }] : [],
    );
  });

  it("a break holds, pauses and resumes the content; a held play is the ads' cue", async () => {
    const { ads } = features();
    const scope = fork();
    const engine = createScriptedEngine();
    await allSettled(features().playback.engineAttached, { scope, params: engine });
    const cues: string[] = [];
    createWatch({ unit: ads.contentPlayRequested, scope, fn: () => cues.push('play requested') });

    await allSettled(ads.contentHoldRequested, { scope });
    expect(scope.getState(features().playback.$playHeld)).toBe(true);
    await allSettled(features().playback.playClicked, { scope });
    expect(cues).toEqual(['play requested']);
    expect(engine.calls.map((c) => c.command)).not.toContain('play');

    await allSettled(ads.contentResumeRequested, { scope, params: { resume: true } });
    expect(scope.getState(features().playback.$playHeld)).toBe(false);
    expect(engine.calls.map((c) => c.command)).toContain('play');

    engine.calls.length = 0;
    await allSettled(ads.contentPauseRequested, { scope });
    expect(scope.getState(features().playback.$playHeld)).toBe(true);
    expect(engine.calls.map((c) => c.command)).toEqual(['pause']);
    await allSettled(ads.contentResumeRequested, { scope, params: { resume: false } });
    expect(scope.getState(features().playback.$playHeld)).toBe(false);
    expect(engine.calls.map((c) => c.command)).toEqual(['pause']);
  });

  it("the schedule hears the content's time and seeks", async () => {
    const { ads } = features();
    const scope = fork();
    const heard: string[] = [];
    createWatch({ unit: ads.contentTimeUpdated, scope, fn: (time) => heard.push(`time ${time}`) });
    createWatch({ unit: ads.contentSeeked, scope, fn: (time) => heard.push(`seeked ${time}`) });
    await allSettled(features().playback.mediaTimeUpdated, { scope, params: { currentTime: 12, duration: 600, bufferedAhead: 3 } });
    await allSettled(features().playback.mediaSeeked, { scope, params: { currentTime: 300 } });
    expect(heard).toEqual(['time 12', 'seeked 300']);
  });

  it("an ad starts at the content's volume", async () => {
    const { ads } = features();
    const scope = fork({ values: [[features().playback.$volume, 0.4], [features().playback.$muted, true], [ads.$adMediaTimeoutMs, null]] });
    const matched: unknown[] = [];
    createWatch({ unit: ads.adVolumeMatched, scope, fn: (volume) => matched.push(volume) });
    await allSettled(ads.adCreated, { scope, params: { id: 'a', mediaFile: { url: 'http://ads/a.mp4' } } as ParsedAd });
    expect(matched).toEqual([{ volume: 0.4, muted: true }]);
  });

  it("the viewer's click held for a pre-roll unlocks the content inside it, before the ad plays (Safari's engine)", async () => {
    const { ads } = features();
    const { order, scope } = prerollScope();
    const engine = createScriptedEngine();
    engine.unlock = () => void order.push('content unlock');
    await allSettled(features().playback.engineAttached, { scope, params: engine });
    await allSettled(ads.adsConfigured, { scope, params: { adList: { prerollList: [{ vastUrl: 'http://ads.test/vast.xml' }] }, adListUrl: null, advert: false, baseUrl: 'http://player.test' } });
    expect(scope.getState(features().playback.$playHeld)).toBe(true);
    await allSettled(features().playback.playClicked, { scope });
    expect(order).toEqual(['content unlock', 'ad play']);
  });

  it('a play asked before the pre-roll was known: the content pauses, the ad plays, then the content', async () => {
    const { ads } = features();
    const { order, listeners, scope } = prerollScope();
    const engine = createScriptedEngine();
    await allSettled(features().playback.engineAttached, { scope, params: engine });
    const content = () => engine.calls.map((c) => c.command).filter((command) => command === 'play' || command === 'pause');
    await allSettled(features().playback.playClicked, { scope });
    expect(content()).toEqual(['play']);
    await allSettled(ads.adsConfigured, { scope, params: { adList: { prerollList: [{ vastUrl: 'http://ads.test/vast.xml' }] }, adListUrl: null, advert: false, baseUrl: 'http://player.test' } });
    expect(content()).toEqual(['play', 'pause']);
    expect(order).toEqual(['ad play']);
    listeners.ended?.();
    await allSettled(scope);
    expect(content()).toEqual(['play', 'pause', 'play']);
  });

  it("an ad the browser made play muted offers 'Включить звук' and mutes the content it holds; one click unmutes both", async () => {
    const { ads } = features();
    const scope = fork({ handlers: [[ads.playAdFx, async () => 'muted' as const]] });
    const engine = createScriptedEngine();
    await allSettled(features().playback.engineAttached, { scope, params: engine });
    const adMuted: boolean[] = [];
    createWatch({ unit: ads.adMutedRequested, scope, fn: (muted) => adMuted.push(muted) });
    await allSettled(ads.playAdFx, { scope });
    expect(scope.getState(features().playback.$unmuteOffered)).toBe(true);
    expect(engine.muted).toBe(true);
    await allSettled(features().playback.unmuteClicked, { scope });
    expect(adMuted).toEqual([false]);
    expect(engine.muted).toBe(false);
    expect(engine.calls.map((c) => c.command)).toContain('unlock');
  });
});
