import { fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { ParsedAd } from '../../../vast';
import { AdStatus } from '../status';
import { buildAds } from '../../../test-support/ads-scope';
import { linked } from '../../../test-support/linked';
import { adClock } from './overlay';

// The ads model, for this file: what the overlay shows is read off its break's current ad.
const { ads } = linked(() => buildAds());

const ad = (duration: number | null) => ({ id: 'a1', duration }) as unknown as ParsedAd;
const overlay = (current: ParsedAd | null, status: AdStatus | null, currentTime: number, duration: number) => {
  const scope = fork({ values: [[ads.$currentAd, current], [ads.$adStatus, status], [ads.$adTime, { currentTime, duration }]] });
  return { shown: scope.getState(ads.$adShown), paused: scope.getState(ads.$adPaused), clock: scope.getState(ads.$adClock), played: scope.getState(ads.$adPlayedPercent) };
};

describe('what the ad overlay shows', () => {
  it('m:ss rounded up: 4.2 s left reads 0:05, 65 s reads 1:05', () => {
    expect([adClock(4.2), adClock(65), adClock(0), adClock(-1)]).toEqual(['0:05', '1:05', '0:00', '0:00']);
  });

  it('a spinner and no clock until the ad starts; then the time left and the share played', () => {
    expect(overlay(ad(20), AdStatus.Loaded, 0, 20)).toEqual({ shown: false, paused: false, clock: null, played: 0 });
    expect(overlay(ad(20), AdStatus.Playing, 5, 20)).toEqual({ shown: true, paused: false, clock: '0:15', played: 25 });
    expect(overlay(ad(20), AdStatus.Paused, 5, 20)).toMatchObject({ shown: true, paused: true });
  });

  it('no clock while the duration is unknown (neither the media nor the VAST says it), and nothing without an ad', () => {
    expect(overlay(ad(null), AdStatus.Playing, 5, Number.NaN)).toEqual({ shown: true, paused: false, clock: null, played: 0 });
    expect(overlay(null, null, 0, Number.NaN)).toEqual({ shown: false, paused: false, clock: null, played: 0 });
  });
});
