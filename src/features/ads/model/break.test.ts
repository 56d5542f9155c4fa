import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { VastError, VastErrorCode } from '../../../vast';
import { BASE, makeAd, play, playingPreroll, preroll, settings, setup, soundScope, tag, track } from '../../../test-support/ads-scope';
import { AdStatus } from '../status';
import { adsConfigured, contentPlayRequested } from './schedule';
import { $adHistory, adSkipClicked } from './tracking';
import {
  $adHeardVolume,
  $adPosition,
  $adSilent,
  $adStatus,
  $adVolume,
  $breakPhase,
  $skipCountdown,
  $skippable,
  adMediaCanPlayThrough,
  adMediaEnded,
  adMediaFailed,
  adMediaPaused,
  adMediaPlaying,
  adMuteClicked,
  adVolumeMatched,
  adVolumeSlid,
} from './break';

describe('a pre-roll break', () => {
  it('plays on the first play request, pings in order, and releases the content when it completes', async () => {
    const { scope, video, pinged, stats, events } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(adMediaCanPlayThrough, { scope });
    await allSettled(contentPlayRequested, { scope });
    expect(scope.getState($breakPhase)).toBe('running');
    expect(video.play).toHaveBeenCalledTimes(1);
    await allSettled(adMediaPlaying, { scope });
    expect(scope.getState($adStatus)).toBe(AdStatus.Started);
    await play(scope, [0.25, 1, 2.1, 3.2, 4.1, 5, 6.1, 7, 7.9]);
    await allSettled(adMediaPaused, { scope, params: { ended: true } });
    await allSettled(adMediaEnded, { scope });
    expect(pinged()).toEqual([
      track('loaded', 'a'),
      track('impression', 'a'),
      track('creativeView', 'a'),
      track('start', 'a'),
      track('firstQuartile', 'a'),
      track('progress', 'a'),
      track('midpoint', 'a'),
      track('thirdQuartile', 'a'),
      track('complete', 'a'),
    ]);
    expect(events).toEqual(['hold', 'release-content']);
    expect(scope.getState($breakPhase)).toBe('idle');
    expect(video.unload).toHaveBeenCalled();
    expect(scope.getState($adHistory)).toEqual([{ id: 'a', type: 'preroll', duration: 8, perc: 100, position: 0 }]);
    expect(stats.map((s) => s.event)).toEqual(expect.arrayContaining(['ad_init', 'ad_loaded', 'ad_play', 'ad_ended', 'ad_timeupdate']));
    expect(stats.find((s) => s.event === 'ad_play')?.payload).toMatchObject({ adId: 'a', type: 'preroll' });
  });

  it('plays queued ads in turn, then fires ad-stopped once', async () => {
    const { scope, video, events, requested } = setup({ [tag('a')]: makeAd('a'), [tag('b')]: makeAd('b') });
    await playingPreroll(scope, 'a', 'b');
    await allSettled(adMediaEnded, { scope });
    expect(requested).toEqual([tag('a'), tag('b')]);
    expect(video.load).toHaveBeenLastCalledWith(`${BASE}/media/ads/b.mp4`);
    expect(video.play).toHaveBeenCalledTimes(2);
    expect(events).toEqual(['hold']);
    await allSettled(adMediaPlaying, { scope });
    await allSettled(adMediaEnded, { scope });
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('a VAST error pings the error links with its code, and the content goes on', async () => {
    const errorUrl = `${BASE}/track/error?ad=x&code=[ERRORCODE]`;
    const { scope, pinged, events, video } = setup({ [tag('x')]: new VastError(VastErrorCode.NoSupportedMediaFile, [errorUrl]) });
    await allSettled(adsConfigured, { scope, params: preroll('x') });
    expect(pinged()).toEqual([`${BASE}/track/error?ad=x&code=403`]);
    expect(events).toEqual(['hold', 'release-content']);
    expect(scope.getState($breakPhase)).toBe('idle');
    await allSettled(contentPlayRequested, { scope });
    expect(video.play).not.toHaveBeenCalled();
  });

  it('tries dataUrls in turn until one resolves', async () => {
    const { scope, requested, video } = setup({ [`${BASE}/b.xml`]: makeAd('b') });
    await allSettled(adsConfigured, { scope, params: settings({ prerollList: [{ dataUrls: ['/a.xml', '/b.xml', '/c.xml'] }] }) });
    expect(requested).toEqual([`${BASE}/a.xml`, `${BASE}/b.xml`]);
    expect(video.load).toHaveBeenCalledWith(`${BASE}/media/ads/b.mp4`);
  });

  it('a media error ends the ad with ERROR, pings 405 and moves on', async () => {
    const { scope, pinged, events } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, 'a');
    await allSettled(adMediaFailed, { scope, params: { mediaErrorCode: 2, message: 'network' } });
    expect(pinged()).toContain(`${BASE}/track/error?ad=a&code=405`);
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('a play() refusal fails with 450; an AbortError is ignored', async () => {
    const { scope, video, pinged } = setup({ [tag('a')]: makeAd('a') });
    video.play.mockRejectedValueOnce(Object.assign(new Error('interrupted'), { name: 'AbortError' }));
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    expect(pinged()).toEqual([]);
    expect(scope.getState($adStatus)).toBe(AdStatus.Created);
    const second = setup({ [tag('a')]: makeAd('a') });
    second.video.play.mockRejectedValueOnce(Object.assign(new Error('nope'), { name: 'NotSupportedError' }));
    await allSettled(adsConfigured, { scope: second.scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope: second.scope });
    expect(second.pinged()).toEqual([`${BASE}/track/error?ad=a&code=450`]);
  });
});

describe('ad pods: which ad of the break shows, out of the ads planned', () => {
  it('a two-ad break reads 1 of 2, then 2 of 2; nothing between breaks', async () => {
    const { scope, events } = setup({ [tag('a')]: makeAd('a'), [tag('b')]: makeAd('b') });
    expect(scope.getState($adPosition)).toBeNull();
    await allSettled(adsConfigured, { scope, params: preroll('a', 'b') });
    expect(scope.getState($adPosition)).toEqual({ index: 1, count: 2 });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    expect(scope.getState($adPosition)).toEqual({ index: 1, count: 2 });
    await allSettled(adMediaEnded, { scope });
    expect(scope.getState($adPosition)).toEqual({ index: 2, count: 2 });
    await allSettled(adMediaPlaying, { scope });
    await allSettled(adMediaEnded, { scope });
    expect(events).toEqual(['hold', 'release-content']);
    expect(scope.getState($adPosition)).toBeNull();
  });

  it('a single-ad break is no pod', async () => {
    const { scope } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    expect(scope.getState($breakPhase)).toBe('running');
    expect(scope.getState($adPosition)).toBeNull();
  });

  it('a failed first ad keeps its place: the second reads 2 of 2', async () => {
    const { scope, requested } = setup({ [tag('x')]: new VastError(VastErrorCode.NoSupportedMediaFile, []), [tag('b')]: makeAd('b') });
    await allSettled(adsConfigured, { scope, params: preroll('x', 'b') });
    await allSettled(contentPlayRequested, { scope });
    expect(requested).toEqual([tag('x'), tag('b')]);
    expect(scope.getState($adStatus)).toBe(AdStatus.Created);
    expect(scope.getState($adPosition)).toEqual({ index: 2, count: 2 });
  });

  it('an ad failing while it plays, or skipped, moves on to 2 of 2 the same way', async () => {
    const failed = setup({ [tag('a')]: makeAd('a'), [tag('b')]: makeAd('b') });
    await allSettled(adsConfigured, { scope: failed.scope, params: preroll('a', 'b') });
    await allSettled(contentPlayRequested, { scope: failed.scope });
    await allSettled(adMediaPlaying, { scope: failed.scope });
    await allSettled(adMediaFailed, { scope: failed.scope, params: { mediaErrorCode: 3, message: 'decode' } });
    expect(failed.scope.getState($adPosition)).toEqual({ index: 2, count: 2 });

    const skipped = setup({ [tag('s')]: makeAd('s', { skipOffset: 1 }), [tag('b')]: makeAd('b') });
    await allSettled(adsConfigured, { scope: skipped.scope, params: preroll('s', 'b') });
    await allSettled(contentPlayRequested, { scope: skipped.scope });
    await allSettled(adMediaPlaying, { scope: skipped.scope });
    await play(skipped.scope, [1.5]);
    await allSettled(adSkipClicked, { scope: skipped.scope });
    expect(skipped.scope.getState($adStatus)).toBe(AdStatus.Created);
    expect(skipped.scope.getState($adPosition)).toEqual({ index: 2, count: 2 });
  });

  it("an ad's fallback links are the same ad: a first link failing stays at 1 of 2", async () => {
    const { scope, requested } = setup({ [`${BASE}/a2.xml`]: makeAd('a'), [tag('b')]: makeAd('b') });
    await allSettled(adsConfigured, { scope, params: settings({ prerollList: [{ dataUrls: ['/a1.xml', '/a2.xml'] }, { vastUrl: '/ads/vast/b.xml' }] }) });
    expect(requested).toEqual([`${BASE}/a1.xml`, `${BASE}/a2.xml`]);
    expect(scope.getState($adPosition)).toEqual({ index: 1, count: 2 });
  });

  it('a planned ad that never resolves still counts: three planned, the last reads 3 of 3', async () => {
    const { scope } = setup({ [tag('a')]: makeAd('a'), [tag('c')]: makeAd('c') });
    await allSettled(adsConfigured, { scope, params: preroll('a', 'missing', 'c') });
    await allSettled(contentPlayRequested, { scope });
    expect(scope.getState($adPosition)).toEqual({ index: 1, count: 3 });
    await allSettled(adMediaPlaying, { scope });
    await allSettled(adMediaEnded, { scope });
    expect(scope.getState($adPosition)).toEqual({ index: 3, count: 3 });
  });
});

describe('skip', () => {
  it('is allowed only from the skip offset, counting down whole seconds', async () => {
    const { scope, pinged, stats, events } = setup({ [tag('s')]: makeAd('s', { skipOffset: 5, duration: 12 }) });
    await playingPreroll(scope, 's');
    expect(scope.getState($skipCountdown)).toBe(5);
    await play(scope, [0.3], 12);
    expect(scope.getState($skipCountdown)).toBe(5);
    await play(scope, [1.0], 12);
    expect(scope.getState($skipCountdown)).toBe(4);
    await play(scope, [4.9], 12);
    expect(scope.getState($skipCountdown)).toBe(1);
    await allSettled(adSkipClicked, { scope });
    expect(scope.getState($adStatus)).toBe(AdStatus.Playing);
    await play(scope, [5.0], 12);
    expect(scope.getState($skippable)).toBe(true);
    await allSettled(adSkipClicked, { scope });
    expect(pinged()).toContain(track('skip', 's'));
    expect(stats.filter((s) => s.event === 'ad_skip_btn_click')).toHaveLength(1);
    expect(events).toEqual(['hold', 'release-content']);
    expect(scope.getState($adHistory)).toEqual([{ id: 's', type: 'preroll', duration: 12, perc: 42, position: 0 }]);
  });
});

describe('ad sound: the overlay and the ad unit fire intents, the model decides', () => {
  it('an ad starts at the content volume', async () => {
    const { scope, video } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(adVolumeMatched, { scope, params: { volume: 0.35, muted: true } });
    expect(video.setVolume).toHaveBeenCalledWith(0.35);
    expect(video.setMuted).toHaveBeenCalledWith(true);
  });

  it.each([
    ['playing at 0.5: mutes', 0.5, false, ['muted true']],
    ['muted at 0.5: unmutes', 0.5, true, ['muted false']],
    ['at volume 0: full volume, the mute flag untouched', 0, false, ['volume 1']],
    ['muted at volume 0: full volume, still muted', 0, true, ['volume 1']],
  ])('the mute button %s', async (_, volume, muted, expected) => {
    const { scope, commands } = soundScope(volume, muted);
    await allSettled(adMuteClicked, { scope });
    expect(commands()).toEqual(expected);
  });

  it('the slider sets the volume; moving it above 0 unmutes a muted ad; a value that is not a number does nothing', async () => {
    const muted = soundScope(0.5, true);
    await allSettled(adVolumeSlid, { scope: muted.scope, params: 0.3 });
    expect(muted.commands()).toEqual(['volume 0.3', 'muted false']);
    const down = soundScope(0.5, true);
    await allSettled(adVolumeSlid, { scope: down.scope, params: 0 });
    expect(down.commands()).toEqual(['volume 0']);
    const heard = soundScope(0.5, false);
    await allSettled(adVolumeSlid, { scope: heard.scope, params: 0.8 });
    expect(heard.commands()).toEqual(['volume 0.8']);
    const junk = soundScope(0.5, true);
    await allSettled(adVolumeSlid, { scope: junk.scope, params: Number.NaN });
    expect(junk.commands()).toEqual([]);
  });

  it.each([
    [{ volume: 0.6, muted: false }, false, 0.6],
    [{ volume: 0.6, muted: true }, true, 0],
    [{ volume: 0, muted: false }, true, 0],
  ])('%o is silent: %s, heard at %s', (reported, silent, heard) => {
    const scope = fork({ values: [[$adVolume, reported]] });
    expect(scope.getState($adSilent)).toBe(silent);
    expect(scope.getState($adHeardVolume)).toBe(heard);
  });
});
