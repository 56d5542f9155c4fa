import { allSettled, createWatch, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { ParsedAd } from '../../vast';
import { linkedFeatures } from '../../test-support/linked-features';

// The features' links, as the player makes them.
const features = linkedFeatures();
const { castingChanged, videoFullscreenChanged } = features.fullscreen;
const { ads } = features;

describe('fullscreen wiring', () => {
  // Ads is given fullscreen's two stores when the player builds it (create-features.ts).
  it('ads hear the video element alone in fullscreen, and casting: each stops the ad on screen as it starts', async () => {
    const ad = { id: 'a', errors: [], mediaFile: { url: 'http://ads.test/a.mp4' } } as unknown as ParsedAd;
    const heard: string[] = [];
    for (const [name, changed] of [['fullscreen', videoFullscreenChanged], ['casting', castingChanged]] as const) {
      const scope = fork({ values: [[ads.$currentAd, ad], [ads.$adMediaTimeoutMs, null]] });
      createWatch({ unit: ads.stopRequested, scope, fn: () => heard.push(`${name}: the ad stops`) });
      await allSettled(changed, { scope, params: true });
      await allSettled(changed, { scope, params: false });
    }
    expect(heard).toEqual(['fullscreen: the ad stops', 'casting: the ad stops']);
  });
});
