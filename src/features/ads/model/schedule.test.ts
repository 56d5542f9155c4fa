import { allSettled, type Scope } from 'effector';
import { describe, expect, it } from 'vitest';
import { BASE, makeAd, preroll, setup, tag } from '../../../test-support/ads-scope';
import type { AdsModel } from '../index';
import { AdStatus } from '../status';

describe('the pre-roll', () => {
  it('loads the VAST and preloads the media as soon as the ad list is known, holding the content', async () => {
    const { scope, ads, video, requested, events } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
    expect(events).toEqual(['hold']);
    expect(requested).toEqual([tag('a')]);
    expect(video.load).toHaveBeenCalledWith(`${BASE}/media/ads/a.mp4`);
    expect(video.play).not.toHaveBeenCalled();
    expect(scope.getState(ads.$breakPhase)).toBe('prepared');
    expect(scope.getState(ads.$adStatus)).toBe(AdStatus.Created);
  });
});

describe('demo mid-rolls', () => {
  const demo = { adList: null, adListUrl: null, advert: true, baseUrl: BASE };
  const demoTag = (n: number) => `${BASE}/ads/vast/demo-${n}.xml?creativeId=demo-${n}`;

  async function watch(scope: Scope, ads: AdsModel, from: number, to: number) {
    for (let t = from; t <= to + 1e-9; t += 0.25) await allSettled(ads.contentTimeUpdated, { scope, params: Math.round(t * 100) / 100 });
  }

  it('come after every 10 s of played content, not counting seeks, and resume the content', async () => {
    const { scope, ads, events, requested } = setup({ [demoTag(1)]: makeAd('demo-1'), [demoTag(2)]: makeAd('demo-2') });
    await allSettled(ads.adsConfigured, { scope, params: demo });
    await allSettled(ads.contentPlayRequested, { scope });
    await allSettled(ads.adMediaPlaying, { scope });
    await allSettled(ads.adMediaEnded, { scope });
    expect(events).toEqual(['hold', 'release-content']);

    await watch(scope, ads, 0, 6);
    await allSettled(ads.contentSeeked, { scope, params: 20 });
    await watch(scope, ads, 20, 23.75);
    expect(events).toEqual(['hold', 'release-content']);
    await watch(scope, ads, 24, 24.5);
    expect(events).toEqual(['hold', 'release-content', 'pause-content']);
    expect(requested).toEqual([demoTag(1), demoTag(2)]);
    expect(scope.getState(ads.$breakPhase)).toBe('running');
    await allSettled(ads.adMediaPlaying, { scope });
    await allSettled(ads.adMediaEnded, { scope });
    expect(events).toEqual(['hold', 'release-content', 'pause-content', 'resume-content']);
    expect(scope.getState(ads.$adHistory).map(({ type, position }) => [type, position])).toEqual([
      ['preroll', 0],
      ['midroll', 24],
    ]);
  });

  it('are marked on the seek slider where they will come if the viewer plays on', async () => {
    const { scope, ads } = setup({ [demoTag(1)]: makeAd('demo-1'), [demoTag(2)]: makeAd('demo-2') });
    await allSettled(ads.adsConfigured, { scope, params: demo });
    await allSettled(ads.contentDurationChanged, { scope, params: 30 });
    // No content time yet (a resumed film starts elsewhere): no marks.
    expect(scope.getState(ads.$midrollMarks)).toEqual([]);
    await allSettled(ads.contentPlayRequested, { scope });
    await allSettled(ads.adMediaPlaying, { scope });
    await allSettled(ads.adMediaEnded, { scope });
    await watch(scope, ads, 0, 6);
    expect(scope.getState(ads.$nextMidrollAt)).toBe(10);
    expect(scope.getState(ads.$midrollMarks)).toEqual([10 / 30, 20 / 30]);
    // 6 s played: a seek to 20 puts the next one 4 s on, and the one after past the end.
    await allSettled(ads.contentSeeked, { scope, params: 20 });
    expect(scope.getState(ads.$midrollMarks)).toEqual([24 / 30]);
    await watch(scope, ads, 20, 24);
    expect(scope.getState(ads.$breakPhase)).toBe('running');
    // The break at 24: the next would be at 34, past the end of a 30 s film.
    expect(scope.getState(ads.$nextMidrollAt)).toBe(34);
    expect(scope.getState(ads.$midrollMarks)).toEqual([]);
    await allSettled(ads.contentDurationChanged, { scope, params: 60 });
    expect(scope.getState(ads.$midrollMarks)).toEqual([34 / 60, 44 / 60, 54 / 60]);
  });

  it('are not marked outside demo mode', async () => {
    const { scope, ads } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
    await allSettled(ads.contentDurationChanged, { scope, params: 30 });
    await allSettled(ads.contentSeeked, { scope, params: 5 });
    await allSettled(ads.contentTimeUpdated, { scope, params: 5.25 });
    expect(scope.getState(ads.$nextMidrollAt)).toBeNull();
    expect(scope.getState(ads.$midrollMarks)).toEqual([]);
  });

  it('wait while in native fullscreen', async () => {
    const { scope, ads, events, $nativeFullscreen } = setup({ [demoTag(1)]: makeAd('demo-1'), [demoTag(2)]: makeAd('demo-2') });
    await allSettled(ads.adsConfigured, { scope, params: { ...demo, advert: true } });
    await allSettled(ads.contentPlayRequested, { scope });
    await allSettled(ads.adMediaEnded, { scope });
    await allSettled($nativeFullscreen, { scope, params: true });
    await watch(scope, ads, 0, 12);
    expect(events).not.toContain('pause-content');
    await allSettled($nativeFullscreen, { scope, params: false });
    await watch(scope, ads, 12.25, 12.5);
    expect(events).toContain('pause-content');
  });
});
