import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { makeAd, playingPreroll, preroll, setup, tag } from '../../../test-support/ads-scope';
import { adMediaPaused } from './break';
import { adsConfigured, contentPlayRequested } from './schedule';
import { adsCastingChanged, adsNativeFullscreenChanged, pageVisibilityChanged } from './environment';

describe('where an ad cannot be seen: native fullscreen, casting, a hidden page', () => {
  it('in native fullscreen the ad is stopped instead, without an impression', async () => {
    const { scope, pinged, events, video } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsNativeFullscreenChanged, { scope, params: true });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    expect(video.play).not.toHaveBeenCalled();
    expect(pinged()).toEqual([]);
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('casting stops a running ad', async () => {
    const { scope, events } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, 'a');
    await allSettled(adsCastingChanged, { scope, params: true });
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('a hidden page pauses the ad and showing it resumes it', async () => {
    const { scope, video } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, 'a');
    await allSettled(pageVisibilityChanged, { scope, params: true });
    expect(video.pause).toHaveBeenCalledTimes(1);
    await allSettled(adMediaPaused, { scope, params: { ended: false } });
    await allSettled(pageVisibilityChanged, { scope, params: false });
    expect(video.play).toHaveBeenCalledTimes(2);
  });

  it('a pause by the viewer is not resumed by showing the page', async () => {
    const { scope, video } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, 'a');
    await allSettled(adMediaPaused, { scope, params: { ended: false } });
    await allSettled(pageVisibilityChanged, { scope, params: true });
    await allSettled(pageVisibilityChanged, { scope, params: false });
    expect(video.play).toHaveBeenCalledTimes(1);
  });
});
