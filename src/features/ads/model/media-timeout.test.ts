import { allSettled, scopeBind, type EventCallable, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_MEDIA_TIMEOUT_MS } from '../../../lib/constants';
import { BASE, makeAd, preroll, setup, tag, track } from '../../../test-support/ads-scope';
import { AdStatus } from '../status';
import type { AdsModel } from '../index';

const error402 = (id: string) => `${BASE}/track/error?ad=${id}&code=402`;

it('an ad that shows no frame in time fails with 402', async () => {
  const { scope, ads, pinged, events } = setup({ [tag('a')]: makeAd('a') }, { mediaTimesOut: true });
  await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
  await allSettled(ads.adMediaCanPlayThrough, { scope });
  await allSettled(ads.contentPlayRequested, { scope });
  expect(pinged()).toEqual([track('loaded', 'a'), error402('a')]);
  expect(events).toEqual(['hold', 'release-content']);
});

describe('the media time-out, on the scope\'s timer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  /** Fires an event in the scope at once: allSettled would wait for the time-out's timers. */
  const fire = <T>(scope: Scope, unit: EventCallable<T>, params: T) => scopeBind(unit, { scope })(params);
  const at = (scope: Scope, ads: AdsModel, currentTime: number) => fire(scope, ads.adMediaTimeUpdated, { currentTime, duration: 8 });
  const errors = (pinged: () => string[]) => pinged().filter((url) => url.includes('code='));

  /** A pre-roll of `ids` with the real time-out: the first ad has started and played to 1 s. */
  async function started(...ids: string[]) {
    const run = setup(Object.fromEntries(ids.map((id) => [tag(id), makeAd(id)])), { mediaTimeoutMs: AD_MEDIA_TIMEOUT_MS });
    const { scope, ads } = run;
    await allSettled(ads.adsConfigured, { scope, params: preroll(...ids) });
    const settled = allSettled(ads.contentPlayRequested, { scope });
    fire(scope, ads.adMediaPlaying, undefined);
    for (const time of [0.25, 0.5, 0.75, 1]) at(scope, ads, time);
    return { ...run, settled };
  }

  it('fails an ad that shows no frame for AD_MEDIA_TIMEOUT_MS with 402, not a moment before', async () => {
    const { scope, ads, pinged, events } = setup({ [tag('a')]: makeAd('a') }, { mediaTimeoutMs: AD_MEDIA_TIMEOUT_MS });
    await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
    const playing = allSettled(ads.contentPlayRequested, { scope });
    await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS - 1);
    expect(pinged()).toEqual([]);
    expect(scope.getState(ads.$adStatus)).toBe(AdStatus.Created);
    await vi.advanceTimersByTimeAsync(1);
    await playing;
    expect(pinged()).toEqual([error402('a')]);
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('is ignored once the ad shows a frame, and for an ad that has ended', async () => {
    const { scope, ads, pinged, events } = setup({ [tag('a')]: makeAd('a'), [tag('b')]: makeAd('b') }, { mediaTimeoutMs: AD_MEDIA_TIMEOUT_MS });
    await allSettled(ads.adsConfigured, { scope, params: preroll('a', 'b') });
    const playing = allSettled(ads.contentPlayRequested, { scope });
    await vi.advanceTimersByTimeAsync(1000);
    scopeBind(ads.adMediaPlaying, { scope })();
    scopeBind(ads.adMediaEnded, { scope })();
    // b was asked to play at a's end: its own time-out has not run out when a's does.
    await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS - 1000);
    expect(errors(pinged)).toEqual([]);
    scopeBind(ads.adMediaPlaying, { scope })();
    scopeBind(ads.adMediaEnded, { scope })();
    await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS);
    await playing;
    expect(errors(pinged)).toEqual([]);
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('a started ad whose media stops moving fails with 402 a whole time-out after its last progress, and the break goes on: the next ad, then the film', async () => {
    const { scope, ads, pinged, events, video, settled } = await started('a', 'b');
    await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS - 100);
    // An update at the same time (a durationchange) is no progress.
    at(scope, ads, 1);
    await vi.advanceTimersByTimeAsync(99);
    expect(errors(pinged)).toEqual([]);
    expect(scope.getState(ads.$adStatus)).toBe(AdStatus.Playing);
    await vi.advanceTimersByTimeAsync(1);
    expect(errors(pinged)).toEqual([error402('a')]);
    expect(pinged()).toContain(track('start', 'a'));
    expect(scope.getState(ads.$currentAd)?.id).toBe('b');
    expect(video.load).toHaveBeenLastCalledWith(`${BASE}/media/ads/b.mp4`);
    expect(video.play).toHaveBeenCalledTimes(2);
    fire(scope, ads.adMediaPlaying, undefined);
    fire(scope, ads.adMediaEnded, undefined);
    await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS);
    await settled;
    expect(errors(pinged)).toEqual([error402('a')]);
    expect(events).toEqual(['hold', 'release-content']);
    expect(scope.getState(ads.$breakPhase)).toBe('idle');
  });

  it('a single stuck ad fails with 402 and releases the film', async () => {
    const { scope, ads, pinged, events, settled } = await started('a');
    await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS);
    await settled;
    expect(errors(pinged)).toEqual([error402('a')]);
    expect(events).toEqual(['hold', 'release-content']);
  });

  it('stalls shorter than the time-out, each recovered, cost nothing', async () => {
    const { scope, ads, pinged, settled } = await started('a');
    for (const time of [1.25, 2, 4, 7.9]) {
      await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS - 1);
      at(scope, ads, time);
    }
    expect(errors(pinged)).toEqual([]);
    fire(scope, ads.adMediaPaused, { ended: true });
    fire(scope, ads.adMediaEnded, undefined);
    await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS);
    await settled;
    expect(errors(pinged)).toEqual([]);
    expect(pinged()).toContain(track('complete', 'a'));
  });

  it.each<[string, (scope: Scope, ads: AdsModel) => void, (scope: Scope, ads: AdsModel) => void]>([
    ["the viewer's pause", (scope, ads) => fire(scope, ads.adPauseRequested, undefined), (scope, ads) => fire(scope, ads.adPlayRequested, undefined)],
    ['a click-through', (scope, ads) => fire(scope, ads.adClicked, undefined), (scope, ads) => fire(scope, ads.adPlayRequested, undefined)],
    ['a hidden page', (scope, ads) => fire(scope, ads.pageVisibilityChanged, true), (scope, ads) => fire(scope, ads.pageVisibilityChanged, false)],
  ])('%s stops the clock however long; the play after it starts a fresh one', async (_, pause, resume) => {
    const { scope, ads, pinged, video, settled } = await started('a');
    await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS - 1000);
    pause(scope, ads);
    expect(video.pause).toHaveBeenCalledTimes(1);
    fire(scope, ads.adMediaPaused, { ended: false });
    expect(scope.getState(ads.$adStatus)).toBe(AdStatus.Paused);
    await vi.advanceTimersByTimeAsync(10 * AD_MEDIA_TIMEOUT_MS);
    expect(errors(pinged)).toEqual([]);
    resume(scope, ads);
    expect(video.play).toHaveBeenCalledTimes(2);
    fire(scope, ads.adMediaPlaying, undefined);
    expect(scope.getState(ads.$adStatus)).toBe(AdStatus.Playing);
    await vi.advanceTimersByTimeAsync(AD_MEDIA_TIMEOUT_MS - 1);
    expect(errors(pinged)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(errors(pinged)).toEqual([error402('a')]);
  });
});
