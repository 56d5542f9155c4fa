import { describe, expect, it } from 'vitest';
import { parseVast, type ParsedAd } from '../../vast';
import { canPlayType, inlineVast, parseXml } from '../../vast/test-support';
import { UNSAFE_URLS } from '../../test-support/unsafe-urls';
import { AdStatus } from './status';
import { effectiveDuration, pixelUrls, progressCrossed, quartilesCrossed, safeHttpUrl, transitionEvents, volumeEvents } from './tracking-rules';

const ad = {
  impressions: ['i1', 'i2'],
  tracking: { start: ['s'], loaded: ['l'], firstQuartile: ['q1'], complete: ['c'] },
  progress: [
    { offset: 3, url: 'p3' },
    { offset: 8, url: 'p8' },
  ],
  duration: 12,
} as unknown as ParsedAd;

describe('quartilesCrossed (25, 50, 75 % of the duration)', () => {
  it.each([
    [0, 2.9, 12, []],
    [2.9, 3, 12, ['firstQuartile']],
    [2.9, 3.1, 12, ['firstQuartile']],
    [3, 3.2, 12, []],
    [5.9, 9.1, 12, ['midpoint', 'thirdQuartile']],
    [0, 12, 12, ['firstQuartile', 'midpoint', 'thirdQuartile']],
    [9, 12, 12, []],
    [4, 3, 12, []],
    [0, 5, Number.NaN, []],
    [0, 5, 0, []],
  ])('%s → %s of %s s: %j', (prev, next, duration, events) => expect(quartilesCrossed(prev, next, duration)).toEqual(events));
});

describe('progressCrossed (each offset once, when crossed)', () => {
  it.each([
    [0, 2.99, []],
    [2.99, 3, ['p3']],
    [3, 7.9, []],
    [2, 9, ['p3', 'p8']],
    [9, 2, []],
  ])('%s → %s: %j', (prev, next, urls) => expect(progressCrossed(prev, next, ad.progress)).toEqual(urls));
});

describe('transitionEvents', () => {
  it.each([
    [AdStatus.Created, AdStatus.Loaded, ['loaded']],
    [AdStatus.Loaded, AdStatus.Started, ['impression', 'creativeView', 'start']],
    [AdStatus.Created, AdStatus.Started, ['loaded', 'impression', 'creativeView', 'start']],
    [AdStatus.Started, AdStatus.Playing, []],
    [AdStatus.Playing, AdStatus.Paused, ['pause']],
    [AdStatus.Paused, AdStatus.Playing, ['resume']],
    [AdStatus.Playing, AdStatus.Completed, ['complete']],
    [AdStatus.Playing, AdStatus.Skipped, ['skip']],
    [AdStatus.Playing, AdStatus.Stopped, []],
    [AdStatus.Playing, AdStatus.Error, []],
  ])('%s → %s pings %j', (from, to, events) => expect(transitionEvents(from, to)).toEqual(events));

  it('maps events to links, impressions included', () => {
    expect(pixelUrls(ad, ['loaded', 'impression', 'creativeView', 'start'])).toEqual(['l', 'i1', 'i2', 's']);
    expect(pixelUrls(ad, ['mute'])).toEqual([]);
  });
});

describe('volumeEvents', () => {
  it.each([
    [{ volume: 1, muted: false }, { volume: 1, muted: true }, ['mute']],
    [{ volume: 1, muted: true }, { volume: 1, muted: false }, ['unmute']],
    [{ volume: 1, muted: false }, { volume: 0, muted: false }, ['mute']],
    [{ volume: 0, muted: false }, { volume: 0.5, muted: false }, ['unmute']],
    [{ volume: 1, muted: false }, { volume: 0.4, muted: false }, []],
    [{ volume: 0, muted: true }, { volume: 0.5, muted: true }, []],
  ])('%j → %j: %j', (prev, next, events) => expect(volumeEvents(prev, next)).toEqual(events));
});

describe('links and durations', () => {
  it.each([
    ['https://ads.test/landing?a=1', 'https://ads.test/landing?a=1'],
    [' http://127.0.0.1:4101/advertiser ', 'http://127.0.0.1:4101/advertiser'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['//ads.test/x', null],
    ['/relative', null],
    [null, null],
  ])('safeHttpUrl(%j) = %j', (url, expected) => expect(safeHttpUrl(url)).toBe(expected));

  it('prefers the media duration, then the VAST Duration', () => {
    expect(effectiveDuration(11.96, ad)).toBe(11.96);
    expect(effectiveDuration(Number.NaN, ad)).toBe(12);
    expect(effectiveDuration(Number.POSITIVE_INFINITY, null)).toBeNull();
  });
});

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('click-through, share and tracking links', () => {
  it.each(UNSAFE_URLS)('click-through %s → %s', (url, expected) => {
    expect(safeHttpUrl(url)).toBe(expected);
  });

  it('javascript: click-through of a parsed VAST document is parsed as is but never offered', () => {
    const ad = parseVast(inlineVast({ click: '<ClickThrough><![CDATA[javascript:alert(1)]]></ClickThrough>' }), { parseXml, canPlayType });
    expect(ad.clickThrough).toBe('javascript:alert(1)');
    expect(safeHttpUrl(ad.clickThrough)).toBeNull();
  });
});
