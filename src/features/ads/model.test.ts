import { allSettled, createWatch, fork, scopeBind, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_MEDIA_TIMEOUT_MS } from '../../lib/constants';
import { VastError, VastErrorCode, type ParsedAd } from '../../vast';
import { createAdVideoFx, type AdVideo } from '../../platform/ad-video';
import { loadVastFx, type VastLoadRequest } from '../../platform/vast-loader';
import { firePixelFx, type PixelRequest } from '../../platform/pixel';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import {
  $adHistory,
  $adPosition,
  $adStatus,
  $breakPhase,
  $midrollMarks,
  $nextMidrollAt,
  $skipCountdown,
  $skippable,
  AdStatus,
  adClicked,
  adsConfigured,
  castingChanged,
  contentHoldRequested,
  contentPauseRequested,
  contentPlayRequested,
  contentDurationChanged,
  contentResumeRequested,
  contentSeeked,
  contentTimeUpdated,
  createAdUnit,
  nativeFullscreenChanged,
  pageVisibilityChanged,
  reportAdErrorFx,
  skipClicked,
  type AdSettings,
} from './index';
import {
  adMediaCanPlayThrough,
  adMediaEnded,
  adMediaFailed,
  adMediaPaused,
  adMediaPlaying,
  adMediaTimeUpdated,
  adMediaVolumeChanged,
  $adMediaTimeoutMs,
  $adHeardVolume,
  $adSilent,
  $adVideo,
  $adVolume,
  adMuteClicked,
  adVolumeMatched,
  adVolumeSlid,
} from './model/break';
import { watchVisibilityFx } from './model/environment';
import { readWallClockFx } from './model/tracking';

const BASE = 'http://localhost:4100';
const track = (event: string, id: string) => `${BASE}/track/${event}?ad=${id}`;

function makeAd(id: string, overrides: Partial<ParsedAd> = {}): ParsedAd {
  const events = ['loaded', 'start', 'creativeView', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'pause', 'resume', 'skip', 'mute', 'unmute', 'progress'];
  const mediaFile = { url: `${BASE}/media/ads/${id}.mp4`, type: 'video/mp4', width: 640, height: 360, codec: null };
  return {
    id,
    skipOffset: null,
    duration: 8,
    mediaFiles: [mediaFile],
    mediaFile,
    impressions: [track('impression', id)],
    errors: [`${BASE}/track/error?ad=${id}&code=[ERRORCODE]`],
    clickThrough: `${BASE}/advertiser`,
    clickTracking: [track('click', id)],
    tracking: Object.fromEntries(events.map((event) => [event, [track(event, id)]])),
    progressOffset: 3,
    progress: [{ offset: 3, url: track('progress', id) }],
    ...overrides,
  };
}

function fakeVideo() {
  return {
    mount: () => () => undefined,
    load: vi.fn(),
    play: vi.fn(async (): Promise<'sound' | 'muted'> => 'sound'),
    pause: vi.fn(),
    setVolume: vi.fn(),
    setMuted: vi.fn(),
    unload: vi.fn(),
    canPlayType: () => 'probably',
    on: () => () => {},
  } satisfies AdVideo;
}

type Tags = Record<string, ParsedAd | VastError>;

/** `mediaTimesOut`: the media time-out elapses at once; else there is none, unless `mediaTimeoutMs` sets one. */
function setup(tags: Tags, { mediaTimesOut = false, mediaTimeoutMs }: { mediaTimesOut?: boolean; mediaTimeoutMs?: number } = {}) {
  const video = fakeVideo();
  const pings: PixelRequest[] = [];
  const stats: StatEvent[] = [];
  const requested: string[] = [];
  /** The wall clock the model reads, in ms; tests move it. */
  const clock = { now: 0 };
  const scope = fork({
    values: [[$adMediaTimeoutMs, mediaTimeoutMs ?? (mediaTimesOut ? 0 : null)]],
    handlers: [
      [readWallClockFx, () => clock.now],
      [createAdVideoFx, () => video],
      [
        loadVastFx,
        async ({ source }: VastLoadRequest) => {
          const key = 'url' in source ? source.url : 'xml';
          requested.push(key);
          const tag = tags[key];
          if (!tag) throw new VastError(VastErrorCode.Undefined, [], key);
          if (tag instanceof VastError) throw tag;
          return tag;
        },
      ],
      [firePixelFx, (request: PixelRequest) => void pings.push(request)],
      [sendStatFx, (stat: StatEvent) => (stats.push(stat), true)],
      [reportAdErrorFx, () => {}],
      [watchVisibilityFx, () => false],
    ],
  });
  const events: string[] = [];
  createWatch({ unit: contentHoldRequested, scope, fn: () => events.push('hold') });
  createWatch({ unit: contentPauseRequested, scope, fn: () => events.push('pause-content') });
  createWatch({ unit: contentResumeRequested, scope, fn: ({ resume }) => events.push(resume ? 'resume-content' : 'release-content') });
  const pinged = () => pings.flatMap(({ urls, errorCode }) => urls.map((url) => (errorCode ? url.replace('[ERRORCODE]', String(errorCode)) : url)));
  return { scope, video, pings, pinged, stats, requested, events, clock };
}

const settings = (items: AdSettings['adList']): AdSettings => ({ adList: items, adListUrl: `${BASE}/ads/list.json`, advert: false, baseUrl: BASE });
const tag = (id: string) => `${BASE}/ads/vast/${id}.xml`;
const preroll = (...ids: string[]) => settings({ prerollList: ids.map((id) => ({ vastUrl: `/ads/vast/${id}.xml` })) });

async function play(scope: Scope, times: number[], duration = 8) {
  for (const currentTime of times) await allSettled(adMediaTimeUpdated, { scope, params: { currentTime, duration } });
}

describe('pre-roll', () => {
  it('loads the VAST and preloads the media as soon as the ad list is known, holding the content', async () => {
    const { scope, video, requested, events } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    expect(events).toEqual(['hold']);
    expect(requested).toEqual([tag('a')]);
    expect(video.load).toHaveBeenCalledWith(`${BASE}/media/ads/a.mp4`);
    expect(video.play).not.toHaveBeenCalled();
    expect(scope.getState($breakPhase)).toBe('prepared');
    expect(scope.getState($adStatus)).toBe(AdStatus.Created);
  });

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
    await allSettled(adsConfigured, { scope, params: preroll('a', 'b') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
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
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
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

  it('an ad that shows no frame in time fails with 402', async () => {
    const { scope, pinged, events } = setup({ [tag('a')]: makeAd('a') }, { mediaTimesOut: true });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(adMediaCanPlayThrough, { scope });
    await allSettled(contentPlayRequested, { scope });
    expect(pinged()).toEqual([track('loaded', 'a'), `${BASE}/track/error?ad=a&code=402`]);
    expect(events).toEqual(['hold', 'release-content']);

  });

  describe('the media time-out, on the scope\'s timer', () => {
    beforeEach(() => void vi.useFakeTimers());
    afterEach(() => void vi.useRealTimers());

    it('fails an ad that shows no frame for AD_MEDIA_TIMEOUT_MS with 402, not a moment before', async () => {
      const { scope, pinged, events } = setup({ [tag('a')]: makeAd('a') }, { mediaTimeoutMs: AD_MEDIA_TIMEOUT_MS });
      await allSettled(adsConfigured, { scope, params: preroll('a') });
      const playing = allSettled(contentPlayRequested, { scope });
      await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS - 1);
      expect(pinged()).toEqual([]);
      expect(scope.getState($adStatus)).toBe(AdStatus.Created);
      await vi.advanceTimersByTimeAsync(1);
      await playing;
      expect(pinged()).toEqual([`${BASE}/track/error?ad=a&code=402`]);
      expect(events).toEqual(['hold', 'release-content']);
    });

    it('is ignored once the ad shows a frame, and for an ad that has ended', async () => {
      const { scope, pinged, events } = setup({ [tag('a')]: makeAd('a'), [tag('b')]: makeAd('b') }, { mediaTimeoutMs: AD_MEDIA_TIMEOUT_MS });
      await allSettled(adsConfigured, { scope, params: preroll('a', 'b') });
      const playing = allSettled(contentPlayRequested, { scope });
      await vi.advanceTimersByTimeAsync(1000);
      scopeBind(adMediaPlaying, { scope })();
      scopeBind(adMediaEnded, { scope })();
      // b was asked to play at a's end: its own time-out has not run out when a's does.
      await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS - 1000);
      expect(pinged().filter((url) => url.includes('code='))).toEqual([]);
      scopeBind(adMediaPlaying, { scope })();
      scopeBind(adMediaEnded, { scope })();
      await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS);
      await playing;
      expect(pinged().filter((url) => url.includes('code='))).toEqual([]);
      expect(events).toEqual(['hold', 'release-content']);
    });
  });

  it('in native fullscreen the ad is stopped instead, without an impression', async () => {
    const { scope, pinged, events, video } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(nativeFullscreenChanged, { scope, params: true });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    expect(video.play).not.toHaveBeenCalled();
    expect(pinged()).toEqual([]);
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('casting stops a running ad', async () => {
    const { scope, events } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    await allSettled(castingChanged, { scope, params: true });
    expect(events).toEqual(['hold', 'release-content']);
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
    await allSettled(skipClicked, { scope: skipped.scope });
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
    await allSettled(adsConfigured, { scope, params: preroll('s') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    expect(scope.getState($skipCountdown)).toBe(5);
    await play(scope, [0.3], 12);
    expect(scope.getState($skipCountdown)).toBe(5);
    await play(scope, [1.0], 12);
    expect(scope.getState($skipCountdown)).toBe(4);
    await play(scope, [4.9], 12);
    expect(scope.getState($skipCountdown)).toBe(1);
    await allSettled(skipClicked, { scope });
    expect(scope.getState($adStatus)).toBe(AdStatus.Playing);
    await play(scope, [5.0], 12);
    expect(scope.getState($skippable)).toBe(true);
    await allSettled(skipClicked, { scope });
    expect(pinged()).toContain(track('skip', 's'));
    expect(stats.filter((s) => s.event === 'ad_skip_btn_click')).toHaveLength(1);
    expect(events).toEqual(['hold', 'release-content']);
    expect(scope.getState($adHistory)).toEqual([{ id: 's', type: 'preroll', duration: 12, perc: 42, position: 0 }]);
  });

  it('a non-skippable ad has no countdown and ignores skipAd', async () => {
    const { scope } = setup({ [tag('n')]: makeAd('n') });
    await allSettled(adsConfigured, { scope, params: preroll('n') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    await play(scope, [7]);
    expect(scope.getState($skipCountdown)).toBeNull();
    const unit = createAdUnit(scope);
    await unit.skipAd();
    expect(scope.getState($adStatus)).toBe(AdStatus.Playing);
    expect(unit.handshakeVersion('2.0')).toBe('2.0');
    expect(unit.getAdDuration()).toBe(8);
    expect(unit.getAdRemainingTime()).toBe(1);
    await unit.stopAd();
    expect(scope.getState($breakPhase)).toBe('idle');
    expect(unit.getAdDuration()).toBe(-2);
    expect(unit.getAdRemainingTime()).toBe(-2);
  });
});

describe('viewer actions and the page', () => {
  it('a click-through pauses the ad and pings click tracking; resume pings resume', async () => {
    const { scope, video, pinged, stats } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    await play(scope, [0.5]);
    await allSettled(adClicked, { scope });
    expect(video.pause).toHaveBeenCalled();
    expect(pinged()).toContain(track('click', 'a'));
    expect(stats.some((s) => s.event === 'ad_banner_click')).toBe(true);
    await allSettled(adMediaPaused, { scope, params: { ended: false } });
    await allSettled(adMediaPlaying, { scope });
    expect(pinged().slice(-2)).toEqual([track('pause', 'a'), track('resume', 'a')]);
  });

  it('an ad starts at the content volume', async () => {
    const { scope, video } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(adVolumeMatched, { scope, params: { volume: 0.35, muted: true } });
    expect(video.setVolume).toHaveBeenCalledWith(0.35);
    expect(video.setMuted).toHaveBeenCalledWith(true);
  });

  it('mute and unmute ping once each', async () => {
    const { scope, pinged } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    await allSettled(adMediaVolumeChanged, { scope, params: { volume: 1, muted: true } });
    await allSettled(adMediaVolumeChanged, { scope, params: { volume: 0.5, muted: true } });
    await allSettled(adMediaVolumeChanged, { scope, params: { volume: 0.5, muted: false } });
    expect(pinged().filter((url) => /mute/.test(url))).toEqual([track('mute', 'a'), track('unmute', 'a')]);
  });

  it("the browser's mute before the ad's first frame pings nothing; the viewer's unmute (Включить звук) pings unmute", async () => {
    const { scope, pinged, video } = setup({ [tag('a')]: makeAd('a') });
    video.play.mockImplementation(async () => 'muted');
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    // AdVideo.play muted the element after the refusal of sound: its volumechange comes before 'playing'.
    await allSettled(adMediaVolumeChanged, { scope, params: { volume: 1, muted: true } });
    await allSettled(adMediaPlaying, { scope });
    expect(pinged().filter((url) => /mute/.test(url))).toEqual([]);
    await allSettled(adMediaVolumeChanged, { scope, params: { volume: 1, muted: false } });
    expect(pinged().filter((url) => /mute/.test(url))).toEqual([track('unmute', 'a')]);
  });

  it('a hidden page pauses the ad and showing it resumes it', async () => {
    const { scope, video } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    await allSettled(pageVisibilityChanged, { scope, params: true });
    expect(video.pause).toHaveBeenCalledTimes(1);
    await allSettled(adMediaPaused, { scope, params: { ended: false } });
    await allSettled(pageVisibilityChanged, { scope, params: false });
    expect(video.play).toHaveBeenCalledTimes(2);
  });

  it('a pause by the viewer is not resumed by showing the page', async () => {
    const { scope, video } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    await allSettled(adMediaPaused, { scope, params: { ended: false } });
    await allSettled(pageVisibilityChanged, { scope, params: true });
    await allSettled(pageVisibilityChanged, { scope, params: false });
    expect(video.play).toHaveBeenCalledTimes(1);
  });
});

describe('ad sound: the overlay and the ad unit fire intents, the model decides', () => {
  /** A scope with the ad's <video> and its reported volume; `commands` lists what the model sent to the video. */
  function sound(volume: number, muted: boolean) {
    const video = fakeVideo();
    const scope = fork({ values: [[$adVideo, video], [$adVolume, { volume, muted }]] });
    const commands = () => [
      ...video.setVolume.mock.calls.map(([level]) => `volume ${level}`),
      ...video.setMuted.mock.calls.map(([flag]) => `muted ${flag}`),
    ];
    return { scope, video, commands };
  }

  it.each([
    ['playing at 0.5: mutes', 0.5, false, ['muted true']],
    ['muted at 0.5: unmutes', 0.5, true, ['muted false']],
    ['at volume 0: full volume, the mute flag untouched', 0, false, ['volume 1']],
    ['muted at volume 0: full volume, still muted', 0, true, ['volume 1']],
  ])('the mute button %s', async (_, volume, muted, expected) => {
    const { scope, commands } = sound(volume, muted);
    await allSettled(adMuteClicked, { scope });
    expect(commands()).toEqual(expected);
  });

  it('the slider sets the volume; moving it above 0 unmutes a muted ad; a value that is not a number does nothing', async () => {
    const muted = sound(0.5, true);
    await allSettled(adVolumeSlid, { scope: muted.scope, params: 0.3 });
    expect(muted.commands()).toEqual(['volume 0.3', 'muted false']);
    const down = sound(0.5, true);
    await allSettled(adVolumeSlid, { scope: down.scope, params: 0 });
    expect(down.commands()).toEqual(['volume 0']);
    const heard = sound(0.5, false);
    await allSettled(adVolumeSlid, { scope: heard.scope, params: 0.8 });
    expect(heard.commands()).toEqual(['volume 0.8']);
    const junk = sound(0.5, true);
    await allSettled(adVolumeSlid, { scope: junk.scope, params: Number.NaN });
    expect(junk.commands()).toEqual([]);
  });

  it('the ad unit sets the level and mutes exactly at 0, and reads the volume as heard', async () => {
    const { scope, video } = sound(0.5, true);
    const unit = createAdUnit(scope);
    expect(unit.getAdVolume()).toBe(0);
    await unit.setAdVolume(0.7);
    expect(video.setVolume).toHaveBeenLastCalledWith(0.7);
    expect(video.setMuted).toHaveBeenLastCalledWith(false);
    await allSettled(adMediaVolumeChanged, { scope, params: { volume: 0.7, muted: false } });
    expect(unit.getAdVolume()).toBe(0.7);
    await unit.setAdVolume(0);
    expect(video.setMuted).toHaveBeenLastCalledWith(true);
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

describe('ad statistics', () => {
  it('ad_timeupdate goes at most once per second of wall time, the next ad of a break included', async () => {
    const { scope, stats, clock } = setup({ [tag('a')]: makeAd('a'), [tag('b')]: makeAd('b') });
    const timeupdates = () => stats.filter((s) => s.event === 'ad_timeupdate');
    const sent: Array<{ at: number; adId: unknown; currentTime: unknown }> = [];
    // Time updates four times a second of wall time, the ad's clock in step with it.
    const playFor = async (ms: number) => {
      for (let t = 250; t <= ms; t += 250) {
        clock.now += 250;
        await allSettled(adMediaTimeUpdated, { scope, params: { currentTime: t / 1000, duration: 8 } });
        for (const { payload } of timeupdates().slice(sent.length)) sent.push({ at: clock.now, adId: payload?.adId, currentTime: payload?.currentTime });
      }
    };
    await allSettled(adsConfigured, { scope, params: preroll('a', 'b') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    await playFor(2_750);
    await allSettled(adMediaEnded, { scope });
    clock.now += 100;
    await allSettled(adMediaPlaying, { scope });
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
    for (const currentTime of [2.25, 3.5, 5, 7]) await allSettled(adMediaTimeUpdated, { scope, params: { currentTime, duration: 8 } });
    expect(timeupdates()).toHaveLength(5);
  });

  it('ad_pause is sent when the viewer pauses the ad, with the ad and its time; not when it ends', async () => {
    const { scope, stats } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    await play(scope, [2.5]);
    await allSettled(adClicked, { scope });
    await allSettled(adMediaPaused, { scope, params: { ended: false } });
    const pauses = () => stats.filter((s) => s.event === 'ad_pause');
    expect(pauses()).toEqual([
      { event: 'ad_pause', payload: { adId: 'a', type: 'preroll', currentTime: 2.5, duration: 8, status: AdStatus.Paused, from: AdStatus.Playing } },
    ]);
    await allSettled(adMediaPlaying, { scope });
    expect(stats.at(-1)).toMatchObject({ event: 'ad_play', payload: { status: AdStatus.Playing, from: AdStatus.Paused } });
    await play(scope, [8]);
    await allSettled(adMediaPaused, { scope, params: { ended: true } });
    expect(pauses()).toHaveLength(1);
    expect(stats.at(-1)?.event).toBe('ad_ended');
  });
});

describe('demo mid-rolls', () => {
  const demo = { adList: null, adListUrl: null, advert: true, baseUrl: BASE };
  const demoTag = (n: number) => `${BASE}/ads/vast/demo-${n}.xml?creativeId=demo-${n}`;

  async function watch(scope: Scope, from: number, to: number) {
    for (let t = from; t <= to + 1e-9; t += 0.25) await allSettled(contentTimeUpdated, { scope, params: Math.round(t * 100) / 100 });
  }

  it('come after every 10 s of played content, not counting seeks, and resume the content', async () => {
    const { scope, events, requested } = setup({ [demoTag(1)]: makeAd('demo-1'), [demoTag(2)]: makeAd('demo-2') });
    await allSettled(adsConfigured, { scope, params: demo });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    await allSettled(adMediaEnded, { scope });
    expect(events).toEqual(['hold', 'release-content']);

    await watch(scope, 0, 6);
    await allSettled(contentSeeked, { scope, params: 20 });
    await watch(scope, 20, 23.75);
    expect(events).toEqual(['hold', 'release-content']);
    await watch(scope, 24, 24.5);
    expect(events).toEqual(['hold', 'release-content', 'pause-content']);
    expect(requested).toEqual([demoTag(1), demoTag(2)]);
    expect(scope.getState($breakPhase)).toBe('running');
    await allSettled(adMediaPlaying, { scope });
    await allSettled(adMediaEnded, { scope });
    expect(events).toEqual(['hold', 'release-content', 'pause-content', 'resume-content']);
    expect(scope.getState($adHistory).map(({ type, position }) => [type, position])).toEqual([
      ['preroll', 0],
      ['midroll', 24],
    ]);
  });

  it('are marked on the seek slider where they will come if the viewer plays on', async () => {
    const { scope } = setup({ [demoTag(1)]: makeAd('demo-1'), [demoTag(2)]: makeAd('demo-2') });
    await allSettled(adsConfigured, { scope, params: demo });
    await allSettled(contentDurationChanged, { scope, params: 30 });
    // No content time yet (a resumed film starts elsewhere): no marks.
    expect(scope.getState($midrollMarks)).toEqual([]);
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaPlaying, { scope });
    await allSettled(adMediaEnded, { scope });
    await watch(scope, 0, 6);
    expect(scope.getState($nextMidrollAt)).toBe(10);
    expect(scope.getState($midrollMarks)).toEqual([10 / 30, 20 / 30]);
    // 6 s played: a seek to 20 puts the next one 4 s on, and the one after past the end.
    await allSettled(contentSeeked, { scope, params: 20 });
    expect(scope.getState($midrollMarks)).toEqual([24 / 30]);
    await watch(scope, 20, 24);
    expect(scope.getState($breakPhase)).toBe('running');
    // The break at 24: the next would be at 34, past the end of a 30 s film.
    expect(scope.getState($nextMidrollAt)).toBe(34);
    expect(scope.getState($midrollMarks)).toEqual([]);
    await allSettled(contentDurationChanged, { scope, params: 60 });
    expect(scope.getState($midrollMarks)).toEqual([34 / 60, 44 / 60, 54 / 60]);
  });

  it('are not marked outside demo mode', async () => {
    const { scope } = setup({ [tag('a')]: makeAd('a') });
    await allSettled(adsConfigured, { scope, params: preroll('a') });
    await allSettled(contentDurationChanged, { scope, params: 30 });
    await allSettled(contentSeeked, { scope, params: 5 });
    await allSettled(contentTimeUpdated, { scope, params: 5.25 });
    expect(scope.getState($nextMidrollAt)).toBeNull();
    expect(scope.getState($midrollMarks)).toEqual([]);
  });

  it('wait while in native fullscreen', async () => {
    const { scope, events } = setup({ [demoTag(1)]: makeAd('demo-1'), [demoTag(2)]: makeAd('demo-2') });
    await allSettled(adsConfigured, { scope, params: { ...demo, advert: true } });
    await allSettled(contentPlayRequested, { scope });
    await allSettled(adMediaEnded, { scope });
    await allSettled(nativeFullscreenChanged, { scope, params: true });
    await watch(scope, 0, 12);
    expect(events).not.toContain('pause-content');
    await allSettled(nativeFullscreenChanged, { scope, params: false });
    await watch(scope, 12.25, 12.5);
    expect(events).toContain('pause-content');
  });
});
