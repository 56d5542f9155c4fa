import { describe, expect, it } from 'vitest';
import { INITIAL_CLOCK, clockSeeked, clockTicked, midrollDue, type PlayClock } from './schedule';
import { planAds } from './sources';
import { adDuration, adRemainingTime } from './ad-unit';

const ticks = (clock: PlayClock, from: number, to: number, step = 0.25) => {
  let next = clock;
  for (let t = from; t <= to + 1e-9; t += step) next = clockTicked(next, Math.round(t * 1000) / 1000);
  return next;
};

describe('the mid-roll clock counts played content time', () => {
  it('adds forward ticks', () => {
    expect(ticks(INITIAL_CLOCK, 0, 10).played).toBeCloseTo(10);
  });

  it('does not count a seek forward or back', () => {
    let clock = ticks(INITIAL_CLOCK, 0, 4);
    clock = clockSeeked(clock, 25);
    clock = ticks(clock, 25, 27);
    expect(clock.played).toBeCloseTo(6);
    clock = clockSeeked(clock, 1);
    clock = ticks(clock, 1, 3);
    expect(clock.played).toBeCloseTo(8);
  });

  it('ignores a jump between two ticks even without a seeked event, and pauses (no ticks)', () => {
    let clock = ticks(INITIAL_CLOCK, 0, 2);
    clock = clockTicked(clock, 20);
    clock = clockTicked(clock, 20);
    clock = clockTicked(clock, 20.25);
    expect(clock.played).toBeCloseTo(2.25);
  });

  it('is due every 10 s since the last break', () => {
    expect(midrollDue(9.99, 0)).toBe(false);
    expect(midrollDue(10, 0)).toBe(true);
    expect(midrollDue(19.5, 10)).toBe(false);
    expect(midrollDue(20.1, 10)).toBe(true);
  });
});

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

describe('ad unit times (-2 when unknown)', () => {
  it.each([
    [12.5, 12, 12.5],
    [Number.NaN, 12, 12],
    [Number.NaN, null, -2],
    [Number.POSITIVE_INFINITY, null, -2],
    [0, 0, -2],
  ])('adDuration(%s, %s) = %s', (media, declared, expected) => expect(adDuration(media, declared)).toBe(expected));

  it('remaining time', () => {
    expect(adRemainingTime(12, 4.5)).toBe(7.5);
    expect(adRemainingTime(12, 13)).toBe(0);
    expect(adRemainingTime(-2, 3)).toBe(-2);
  });
});
