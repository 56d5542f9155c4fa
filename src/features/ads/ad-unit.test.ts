import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { makeAd, play, playingPreroll, setup, soundScope, tag } from '../../test-support/ads-scope';
import { AdStatus } from './status';
import { adDuration, adRemainingTime, createAdUnit } from './ad-unit';

describe('the ad unit over a scope', () => {
  it('a non-skippable ad has no countdown and ignores skipAd', async () => {
    const { scope, ads } = setup({ [tag('n')]: makeAd('n') });
    await playingPreroll(scope, ads, 'n');
    await play(scope, ads, [7]);
    expect(scope.getState(ads.$skipCountdown)).toBeNull();
    const unit = createAdUnit(scope, ads);
    await unit.skipAd();
    expect(scope.getState(ads.$adStatus)).toBe(AdStatus.Playing);
    expect(unit.getAdDuration()).toBe(8);
    expect(unit.getAdRemainingTime()).toBe(1);
    await unit.stopAd();
    expect(scope.getState(ads.$breakPhase)).toBe('idle');
    expect(unit.getAdDuration()).toBe(-2);
    expect(unit.getAdRemainingTime()).toBe(-2);
  });

  // VPAID 2.0's handshake: the player offers the newest version it speaks; the ad unit answers with its
  // own, not the offer.
  it("handshakeVersion answers the unit's own version, '2.0' (SPEC.md §9), whatever the player offers", () => {
    const unit = createAdUnit(fork(), setup({}).ads);
    for (const offered of ['2.0', '1.0', '1.1', '3.0', '']) expect(unit.handshakeVersion(offered)).toBe('2.0');
  });

  it('the ad unit sets the level and mutes exactly at 0, and reads the volume as heard', async () => {
    const { scope, ads, video } = await soundScope(0.5, true);
    const unit = createAdUnit(scope, ads);
    expect(unit.getAdVolume()).toBe(0);
    await unit.setAdVolume(0.7);
    expect(video.setVolume).toHaveBeenLastCalledWith(0.7);
    expect(video.setMuted).toHaveBeenLastCalledWith(false);
    await allSettled(ads.adMediaVolumeChanged, { scope, params: { volume: 0.7, muted: false } });
    expect(unit.getAdVolume()).toBe(0.7);
    await unit.setAdVolume(0);
    expect(video.setMuted).toHaveBeenLastCalledWith(true);
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
