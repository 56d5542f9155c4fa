import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { makeAd, playingPreroll, preroll, setup, tag } from '../../../test-support/ads-scope';

describe('where an ad cannot be seen: native fullscreen, casting, a hidden page', () => {
  it('in native fullscreen the ad is stopped instead, without an impression', async () => {
    const { scope, ads, pinged, events, video, $nativeFullscreen } = setup({ [tag('a')]: makeAd('a') });
    await allSettled($nativeFullscreen, { scope, params: true });
    await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
    await allSettled(ads.contentPlayRequested, { scope });
    expect(video.play).not.toHaveBeenCalled();
    expect(pinged()).toEqual([]);
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('casting stops a running ad', async () => {
    const { scope, ads, events, $casting } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, ads, 'a');
    await allSettled($casting, { scope, params: true });
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('a hidden page pauses the ad and showing it resumes it', async () => {
    const { scope, ads, video } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, ads, 'a');
    await allSettled(ads.pageVisibilityChanged, { scope, params: true });
    expect(video.pause).toHaveBeenCalledTimes(1);
    await allSettled(ads.adMediaPaused, { scope, params: { ended: false } });
    await allSettled(ads.pageVisibilityChanged, { scope, params: false });
    expect(video.play).toHaveBeenCalledTimes(2);
  });

  it('a pause by the viewer is not resumed by showing the page', async () => {
    const { scope, ads, video } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, ads, 'a');
    await allSettled(ads.adMediaPaused, { scope, params: { ended: false } });
    await allSettled(ads.pageVisibilityChanged, { scope, params: true });
    await allSettled(ads.pageVisibilityChanged, { scope, params: false });
    expect(video.play).toHaveBeenCalledTimes(1);
  });
});
