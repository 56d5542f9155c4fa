import { describe, expect, it } from 'vitest';
import { isSlowLink, startLevel } from './start-level';

const LADDER = [{ height: 240 }, { height: 360 }, { height: 720 }];

describe('isSlowLink', () => {
  it.each([
    ['no Network Information API', undefined, false],
    ['4g', { effectiveType: '4g' }, false],
    ['3g (Lighthouse\'s mobile profile reports it)', { effectiveType: '3g' }, true],
    ['2g', { effectiveType: '2g' }, true],
    ['slow-2g', { effectiveType: 'slow-2g' }, true],
    ['4g with Save-Data', { effectiveType: '4g', saveData: true }, true],
    ['an unknown type', { effectiveType: '5g' }, false],
  ])('%s', (_, link, slow) => expect(isSlowLink(link)).toBe(slow));
});

describe('startLevel', () => {
  it('leaves the choice to hls.js on a fast or unreported link', () => {
    expect(startLevel(LADDER, 2, { effectiveType: '4g' })).toBeNull();
    expect(startLevel(LADDER, 2, undefined)).toBeNull();
  });

  it('starts a slow link at 360p where hls.js would start at 720p', () => {
    expect(startLevel(LADDER, 2, { effectiveType: '3g' })).toBe(1);
  });

  it('never starts higher than hls.js would', () => {
    expect(startLevel(LADDER, 0, { effectiveType: '3g' })).toBeNull();
  });

  it('takes the nearest level above 360 lines, or the highest when every level is lower', () => {
    expect(startLevel([{ height: 180 }, { height: 480 }, { height: 1080 }], 2, { effectiveType: '3g' })).toBe(1);
    expect(startLevel([{ height: 144 }, { height: 240 }], 1, { effectiveType: '2g' })).toBe(1);
  });

  it('an unknown first auto level (-1) or an audio-only stream', () => {
    expect(startLevel(LADDER, -1, { effectiveType: '3g' })).toBe(1);
    expect(startLevel([], -1, { effectiveType: '3g' })).toBeNull();
  });
});
