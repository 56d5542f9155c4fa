import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { makeAd, play, playingPreroll, preroll, setup, tag, track } from '../../../test-support/ads-scope';
import { AdStatus } from '../status';

describe('tracking pings', () => {
  it('a click-through pauses the ad and pings click tracking; resume pings resume', async () => {
    const { scope, ads, video, pinged, stats } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, ads, 'a');
    await play(scope, ads, [0.5]);
    await allSettled(ads.adClicked, { scope });
    expect(video.pause).toHaveBeenCalled();
    expect(pinged()).toContain(track('click', 'a'));
    expect(stats.some((s) => s.event === 'ad_banner_click')).toBe(true);
    await allSettled(ads.adMediaPaused, { scope, params: { ended: false } });
    await allSettled(ads.adMediaPlaying, { scope });
    expect(pinged().slice(-2)).toEqual([track('pause', 'a'), track('resume', 'a')]);
  });

  it('mute and unmute ping once each', async () => {
    const { scope, ads, pinged } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, ads, 'a');
    await allSettled(ads.adMediaVolumeChanged, { scope, params: { volume: 1, muted: true } });
    await allSettled(ads.adMediaVolumeChanged, { scope, params: { volume: 0.5, muted: true } });
    await allSettled(ads.adMediaVolumeChanged, { scope, params: { volume: 0.5, muted: false } });
    expect(pinged().filter((url) => /mute/.test(url))).toEqual([track('mute', 'a'), track('unmute', 'a')]);
  });

  it("the browser's mute before the ad's first frame pings nothing; the viewer's unmute (Включить звук) pings unmute", async () => {
    const { scope, ads, pinged, video } = setup({ [tag('a')]: makeAd('a') });
    video.play.mockImplementation(async () => 'muted');
    await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
    await allSettled(ads.contentPlayRequested, { scope });
    // AdVideo.play muted the element after the refusal of sound: its volumechange comes before 'playing'.
    await allSettled(ads.adMediaVolumeChanged, { scope, params: { volume: 1, muted: true } });
    await allSettled(ads.adMediaPlaying, { scope });
    expect(pinged().filter((url) => /mute/.test(url))).toEqual([]);
    await allSettled(ads.adMediaVolumeChanged, { scope, params: { volume: 1, muted: false } });
    expect(pinged().filter((url) => /mute/.test(url))).toEqual([track('unmute', 'a')]);
  });
});

describe('ad statistics', () => {
  it('ad_timeupdate goes at most once per second of wall time, the next ad of a break included', async () => {
    const { scope, ads, stats, clock } = setup({ [tag('a')]: makeAd('a'), [tag('b')]: makeAd('b') });
    const timeupdates = () => stats.filter((s) => s.event === 'ad_timeupdate');
    const sent: Array<{ at: number; adId: unknown; currentTime: unknown }> = [];
    // Time updates four times a second of wall time, the ad's clock in step with it.
    const playFor = async (ms: number) => {
      for (let t = 250; t <= ms; t += 250) {
        clock.now += 250;
        await allSettled(ads.adMediaTimeUpdated, { scope, params: { currentTime: t / 1000, duration: 8 } });
        for (const { payload } of timeupdates().slice(sent.length)) sent.push({ at: clock.now, adId: payload?.adId, currentTime: payload?.currentTime });
      }
    };
    await playingPreroll(scope, ads, 'a', 'b');
    await playFor(2_750);
    await allSettled(ads.adMediaEnded, { scope });
    clock.now += 100;
    await allSettled(ads.adMediaPlaying, { scope });
    await playFor(2_000);
    expect(sent).toEqual([
      { at: 250, adId: 'a', currentTime: 0.3 },
      { at: 1_250, adId: 'a', currentTime: 1.3 },
      { at: 2_250, adId: 'a', currentTime: 2.3 },
      // Ad b's clock starts again at 0, but its first update (at 3,100) is within a second of a's last stat.
      { at: 3_350, adId: 'b', currentTime: 0.5 },
      { at: 4_350, adId: 'b', currentTime: 1.5 },
    ]);
    // Updates with the wall clock standing still send nothing, however far the ad's time moves.
    for (const currentTime of [2.25, 3.5, 5, 7]) await allSettled(ads.adMediaTimeUpdated, { scope, params: { currentTime, duration: 8 } });
    expect(timeupdates()).toHaveLength(5);
  });

  it('ad_pause is sent when the viewer pauses the ad, with the ad and its time; not when it ends', async () => {
    const { scope, ads, stats } = setup({ [tag('a')]: makeAd('a') });
    await playingPreroll(scope, ads, 'a');
    await play(scope, ads, [2.5]);
    await allSettled(ads.adClicked, { scope });
    await allSettled(ads.adMediaPaused, { scope, params: { ended: false } });
    const pauses = () => stats.filter((s) => s.event === 'ad_pause');
    expect(pauses()).toEqual([
      { event: 'ad_pause', payload: { adId: 'a', type: 'preroll', currentTime: 2.5, duration: 8, status: AdStatus.Paused, from: AdStatus.Playing } },
    ]);
    await allSettled(ads.adMediaPlaying, { scope });
    expect(stats.at(-1)).toMatchObject({ event: 'ad_play', payload: { status: AdStatus.Playing, from: AdStatus.Paused } });
    await play(scope, ads, [8]);
    await allSettled(ads.adMediaPaused, { scope, params: { ended: true } });
    expect(pauses()).toHaveLength(1);
    expect(stats.at(-1)?.event).toBe('ad_ended');
  });
});
