import { allSettled, createWatch, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { adsCastingChanged, adsNativeFullscreenChanged } from '../../features/ads';
import { linkFeatures } from '../link-features';
import { linked } from '../../test-support/linked';

// The features' links, as the player makes them.
const { castingChanged, videoFullscreenChanged } = linked(linkFeatures).fullscreen;

describe('fullscreen wiring', () => {
  it('ads hear the video element alone in fullscreen, and casting', async () => {
    const scope = fork();
    const heard: string[] = [];
    createWatch({ unit: adsNativeFullscreenChanged, scope, fn: (on) => heard.push(`fullscreen ${on}`) });
    createWatch({ unit: adsCastingChanged, scope, fn: (on) => heard.push(`casting ${on}`) });
    await allSettled(videoFullscreenChanged, { scope, params: true });
    await allSettled(castingChanged, { scope, params: true });
    await allSettled(videoFullscreenChanged, { scope, params: false });
    await allSettled(castingChanged, { scope, params: false });
    expect(heard).toEqual(['fullscreen true', 'casting true', 'fullscreen false', 'casting false']);
  });
});
