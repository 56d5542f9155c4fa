import { describe, expect, it } from 'vitest';
import { planAds } from './sources';

describe('planAds', () => {
  it('turns vastUrl, dataUrls and dataXml items into ads, resolving links against the ad list', () => {
    const plan = planAds({
      adList: { prerollList: [{ vastUrl: '/ads/vast/a.xml?creativeId=a' }, { dataUrls: ['b.xml', 'javascript:x', 'https://ads.test/c.xml'] }, { dataXml: '<VAST/>' }, { dataXml: ' ' }] },
      adListUrl: 'http://localhost:4100/ads/list.json?set=x',
      advert: false,
      baseUrl: 'http://localhost:4100',
    });
    expect(plan).toEqual({
      preroll: [
        { candidates: [{ url: 'http://localhost:4100/ads/vast/a.xml?creativeId=a' }] },
        { candidates: [{ url: 'http://localhost:4100/ads/b.xml' }, { url: 'https://ads.test/c.xml' }] },
        { candidates: [{ xml: '<VAST/>' }] },
      ],
      midroll: [],
    });
  });

  it('demo mode uses the two sample links from the base URL, for the pre-roll and the mid-rolls', () => {
    const plan = planAds({ adList: { prerollList: [{ vastUrl: '/x.xml' }] }, adListUrl: null, advert: true, baseUrl: 'http://localhost:4100/base' });
    expect(plan.preroll).toEqual([{ candidates: [{ url: 'http://localhost:4100/base/ads/vast/demo-1.xml?creativeId=demo-1' }] }]);
    expect(plan.midroll.map((item) => item.candidates)).toEqual([
      [{ url: 'http://localhost:4100/base/ads/vast/demo-1.xml?creativeId=demo-1' }],
      [{ url: 'http://localhost:4100/base/ads/vast/demo-2.xml?creativeId=demo-2' }],
    ]);
  });

  it('no ad list means no ads', () => {
    expect(planAds({ adList: null, adListUrl: null, advert: false, baseUrl: 'http://x' })).toEqual({ preroll: [], midroll: [] });
  });
});
