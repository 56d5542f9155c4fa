import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { VastError, VastErrorCode } from '../../../vast';
import { BASE, makeAd, play, playingPreroll, preroll, settings, setup, soundScope, tag, track } from '../../../test-support/ads-scope';
import { AdStatus } from '../status';

describe('a pre-roll break', () => {
  it('plays on the first play request, pings in order, and releases the content when it completes', async () => {
    const { scope, ads, video, pinged, stats, events } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
    await allSettled(ads.adMediaCanPlayThrough, { scope });
    await allSettled(ads.contentPlayRequested, { scope });
    expect(scope.getState(ads.$breakPhase)).toBe('running');
    expect(video.play).toHaveBeenCalledTimes(1);
    await allSettled(ads.adMediaPlaying, { scope });
    expect(scope.getState(ads.$adStatus)).toBe(AdStatus.Started);
    await play(scope, ads, [0.25, 1, 2.1, 3.2, 4.1, 5, 6.1, 7, 7.9]);
    await allSettled(ads.adMediaPaused, { scope, params: { ended: true } });
    await allSettled(ads.adMediaEnded, { scope });
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
    expect(scope.getState(ads.$breakPhase)).toBe('idle');
    expect(video.unload).toHaveBeenCalled();
    expect(scope.getState(ads.$adHistory)).toEqual([{ id: 'a', type: 'preroll', duration: 8, perc: 100, position: 0 }]);
    expect(stats.map((s) => s.event)).toEqual(expect.arrayContaining(['ad_init', 'ad_loaded', 'ad_play', 'ad_ended', 'ad_timeupdate']));
    expect(stats.find((s) => s.event === 'ad_play')?.payload).toMatchObject({ adId: 'a', type: 'preroll' });
  });

  it('plays queued ads in turn, then fires ad-stopped once', async () => {
    const { scope, ads, video, events, requested } = setup({ [tag('a')]: makeAd('a'), [tag('b')]: makeAd('b') });
    await playingPreroll(scope, ads, 'a', 'b');
    await allSettled(ads.adMediaEnded, { scope });
    expect(requested).toEqual([tag('a'), tag('b')]);
    expect(video.load).toHaveBeenLastCalledWith(`${BASE}/media/ads/b.mp4`);
    expect(video.play).toHaveBeenCalledTimes(2);
    expect(events).toEqual(['hold']);
    await allSettled(ads.adMediaPlaying, { scope });
    await allSettled(ads.adMediaEnded, { scope });
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('a VAST error pings the error links with its code, and the content goes on', async () => {
    const errorUrl = `${BASE}/track/error?ad=x&code=[ERRORCODE]`;
    const { scope, ads, pinged, events, video } = setup({ [tag('x')]: new VastError(VastErrorCode.NoSupportedMediaFile, [errorUrl]) });
    await allSettled(ads.adsConfigured, { scope, params: preroll('x') });
    expect(pinged()).toEqual([`${BASE}/track/error?ad=x&code=403`]);
    expect(events).toEqual(['hold', 'release-content']);
    expect(scope.getState(ads.$breakPhase)).toBe('idle');
    await allSettled(ads.contentPlayRequested, { scope });
    expect(video.play).not.toHaveBeenCalled();
  });

  it('tries dataUrls in turn until one resolves', async () => {
    const { scope, ads, requested, video } = setup({ [`${BASE}/b.xml`]: makeAd('b') });
    await allSettled(ads.adsConfigured, { scope, params: settings({ prerollList: [{ dataUrls: ['/a.xml', '/b.xml', '/c.xml'] }] }) });
    expect(requested).toEqual([`${BASE}/a.xml`, `${BASE}/b.xml`]);
    expect(video.load).toHaveBeenCalledWith(`${BASE}/media/ads/b.mp4`);
  });

  it('a media error ends the ad with ERROR, pings 405 and moves on', async () => {
    const { scope, ads, pinged, events } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, ads, 'a');
    await allSettled(ads.adMediaFailed, { scope, params: { mediaErrorCode: 2, message: 'network' } });
    expect(pinged()).toContain(`${BASE}/track/error?ad=a&code=405`);
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('a play() refusal fails with 450; an AbortError is ignored', async () => {
    const { scope, ads, video, pinged } = setup({ [tag('a')]: makeAd('a') });
    video.play.mockRejectedValueOnce(Object.assign(new Error('interrupted'), { name: 'AbortError' }));
    await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
    await allSettled(ads.contentPlayRequested, { scope });
    expect(pinged()).toEqual([]);
    expect(scope.getState(ads.$adStatus)).toBe(AdStatus.Created);
    const second = setup({ [tag('a')]: makeAd('a') });
    second.video.play.mockRejectedValueOnce(Object.assign(new Error('nope'), { name: 'NotSupportedError' }));
    await allSettled(second.ads.adsConfigured, { scope: second.scope, params: preroll('a') });
    await allSettled(second.ads.contentPlayRequested, { scope: second.scope });
    expect(second.pinged()).toEqual([`${BASE}/track/error?ad=a&code=450`]);
  });
});

describe('ad pods: which ad of the break shows, out of the ads planned', () => {
  it('a two-ad break reads 1 of 2, then 2 of 2; nothing between breaks', async () => {
    const { scope, ads, events } = setup({ [tag('a')]: makeAd('a'), [tag('b')]: makeAd('b') });
    expect(scope.getState(ads.$adPosition)).toBeNull();
    await allSettled(ads.adsConfigured, { scope, params: preroll('a', 'b') });
    expect(scope.getState(ads.$adPosition)).toEqual({ index: 1, count: 2 });
    await allSettled(ads.contentPlayRequested, { scope });
    await allSettled(ads.adMediaPlaying, { scope });
    expect(scope.getState(ads.$adPosition)).toEqual({ index: 1, count: 2 });
    await allSettled(ads.adMediaEnded, { scope });
    expect(scope.getState(ads.$adPosition)).toEqual({ index: 2, count: 2 });
    await allSettled(ads.adMediaPlaying, { scope });
    await allSettled(ads.adMediaEnded, { scope });
    expect(events).toEqual(['hold', 'release-content']);
    expect(scope.getState(ads.$adPosition)).toBeNull();
  });

  it('a single-ad break is no pod', async () => {
    const { scope, ads } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
    await allSettled(ads.contentPlayRequested, { scope });
    expect(scope.getState(ads.$breakPhase)).toBe('running');
    expect(scope.getState(ads.$adPosition)).toBeNull();
  });

  it('a failed first ad keeps its place: the second reads 2 of 2', async () => {
    const { scope, ads, requested } = setup({ [tag('x')]: new VastError(VastErrorCode.NoSupportedMediaFile, []), [tag('b')]: makeAd('b') });
    await allSettled(ads.adsConfigured, { scope, params: preroll('x', 'b') });
    await allSettled(ads.contentPlayRequested, { scope });
    expect(requested).toEqual([tag('x'), tag('b')]);
    expect(scope.getState(ads.$adStatus)).toBe(AdStatus.Created);
    expect(scope.getState(ads.$adPosition)).toEqual({ index: 2, count: 2 });
  });

  it('an ad failing while it plays, or skipped, moves on to 2 of 2 the same way', async () => {
    const failed = setup({ [tag('a')]: makeAd('a'), [tag('b')]: makeAd('b') });
    await allSettled(failed.ads.adsConfigured, { scope: failed.scope, params: preroll('a', 'b') });
    await allSettled(failed.ads.contentPlayRequested, { scope: failed.scope });
    await allSettled(failed.ads.adMediaPlaying, { scope: failed.scope });
    await allSettled(failed.ads.adMediaFailed, { scope: failed.scope, params: { mediaErrorCode: 3, message: 'decode' } });
    expect(failed.scope.getState(failed.ads.$adPosition)).toEqual({ index: 2, count: 2 });

    const skipped = setup({ [tag('s')]: makeAd('s', { skipOffset: 1 }), [tag('b')]: makeAd('b') });
    await allSettled(skipped.ads.adsConfigured, { scope: skipped.scope, params: preroll('s', 'b') });
    await allSettled(skipped.ads.contentPlayRequested, { scope: skipped.scope });
    await allSettled(skipped.ads.adMediaPlaying, { scope: skipped.scope });
    await play(skipped.scope, skipped.ads, [1.5]);
    await allSettled(skipped.ads.adSkipClicked, { scope: skipped.scope });
    expect(skipped.scope.getState(skipped.ads.$adStatus)).toBe(AdStatus.Created);
    expect(skipped.scope.getState(skipped.ads.$adPosition)).toEqual({ index: 2, count: 2 });
  });

  it("an ad's fallback links are the same ad: a first link failing stays at 1 of 2", async () => {
    const { scope, ads, requested } = setup({ [`${BASE}/a2.xml`]: makeAd('a'), [tag('b')]: makeAd('b') });
    await allSettled(ads.adsConfigured, { scope, params: settings({ prerollList: [{ dataUrls: ['/a1.xml', '/a2.xml'] }, { vastUrl: '/ads/vast/b.xml' }] }) });
    expect(requested).toEqual([`${BASE}/a1.xml`, `${BASE}/a2.xml`]);
    expect(scope.getState(ads.$adPosition)).toEqual({ index: 1, count: 2 });
  });

  it('a planned ad that never resolves still counts: three planned, the last reads 3 of 3', async () => {
    const { scope, ads } = setup({ [tag('a')]: makeAd('a'), [tag('c')]: makeAd('c') });
    await allSettled(ads.adsConfigured, { scope, params: preroll('a', 'missing', 'c') });
    await allSettled(ads.contentPlayRequested, { scope });
    expect(scope.getState(ads.$adPosition)).toEqual({ index: 1, count: 3 });
    await allSettled(ads.adMediaPlaying, { scope });
    await allSettled(ads.adMediaEnded, { scope });
    expect(scope.getState(ads.$adPosition)).toEqual({ index: 3, count: 3 });
  });
});

describe('skip', () => {
  it('is allowed only from the skip offset, counting down whole seconds', async () => {
    const { scope, ads, pinged, stats, events } = setup({ [tag('s')]: makeAd('s', { skipOffset: 5, duration: 12 }) });
    await playingPreroll(scope, ads, 's');
    expect(scope.getState(ads.$skipCountdown)).toBe(5);
    await play(scope, ads, [0.3], 12);
    expect(scope.getState(ads.$skipCountdown)).toBe(5);
    await play(scope, ads, [1.0], 12);
    expect(scope.getState(ads.$skipCountdown)).toBe(4);
    await play(scope, ads, [4.9], 12);
    expect(scope.getState(ads.$skipCountdown)).toBe(1);
    await allSettled(ads.adSkipClicked, { scope });
    expect(scope.getState(ads.$adStatus)).toBe(AdStatus.Playing);
    await play(scope, ads, [5.0], 12);
    expect(scope.getState(ads.$skippable)).toBe(true);
    await allSettled(ads.adSkipClicked, { scope });
    expect(pinged()).toContain(track('skip', 's'));
    expect(stats.filter((s) => s.event === 'ad_skip_btn_click')).toHaveLength(1);
    expect(events).toEqual(['hold', 'release-content']);
    expect(scope.getState(ads.$adHistory)).toEqual([{ id: 's', type: 'preroll', duration: 12, perc: 42, position: 0 }]);
  });
});

describe('ad sound: the overlay and the ad unit fire intents, the model decides', () => {
  it('an ad starts at the content volume', async () => {
    const { scope, ads, video } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
    await allSettled(ads.adVolumeMatched, { scope, params: { volume: 0.35, muted: true } });
    expect(video.setVolume).toHaveBeenCalledWith(0.35);
    expect(video.setMuted).toHaveBeenCalledWith(true);
  });

  it.each([
    ['playing at 0.5: mutes', 0.5, false, ['muted true']],
    ['muted at 0.5: unmutes', 0.5, true, ['muted false']],
    ['at volume 0: full volume, the mute flag untouched', 0, false, ['volume 1']],
    ['muted at volume 0: full volume, still muted', 0, true, ['volume 1']],
  ])('the mute button %s', async (_, volume, muted, expected) => {
    const { scope, ads, commands } = await soundScope(volume, muted);
    await allSettled(ads.adMuteClicked, { scope });
    expect(commands()).toEqual(expected);
  });

  it('the slider sets the volume; moving it above 0 unmutes a muted ad; a value that is not a number does nothing', async () => {
    const muted = await soundScope(0.5, true);
    await allSettled(muted.ads.adVolumeSlid, { scope: muted.scope, params: 0.3 });
    expect(muted.commands()).toEqual(['volume 0.3', 'muted false']);
    const down = await soundScope(0.5, true);
    await allSettled(down.ads.adVolumeSlid, { scope: down.scope, params: 0 });
    expect(down.commands()).toEqual(['volume 0']);
    const heard = await soundScope(0.5, false);
    await allSettled(heard.ads.adVolumeSlid, { scope: heard.scope, params: 0.8 });
    expect(heard.commands()).toEqual(['volume 0.8']);
    const junk = await soundScope(0.5, true);
    await allSettled(junk.ads.adVolumeSlid, { scope: junk.scope, params: Number.NaN });
    expect(junk.commands()).toEqual([]);
  });

  it.each([
    [{ volume: 0.6, muted: false }, false, 0.6],
    [{ volume: 0.6, muted: true }, true, 0],
    [{ volume: 0, muted: false }, true, 0],
  ])('%o is silent: %s, heard at %s', (reported, silent, heard) => {
    const { ads } = setup({});
    const scope = fork({ values: [[ads.$adVolume, reported]] });
    expect(scope.getState(ads.$adSilent)).toBe(silent);
    expect(scope.getState(ads.$adHeardVolume)).toBe(heard);
  });
});
