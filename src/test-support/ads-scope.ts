/**
 * An ads model of its own per test (createAds, with a fake ad <video> given through
 * `createAdVideo`, and fullscreen's two stores as stores of the test), in a scope whose VAST tags
 * are served from a table, shared by the ads model's tests (break, schedule, environment,
 * tracking, the media time-out, the ad unit). The model keeps the video it made, and its facts
 * reach the scope that made it: so each setup builds its own, cleared when its test is over.
 */
import { allSettled, clearNode, createNode, createStore, createWatch, fork, withRegion, type Scope } from 'effector';
import { onTestFinished, vi } from 'vitest';
import { VastError, VastErrorCode, type ParsedAd } from '../vast';
import { createAds, type AdSettings, type AdsModel } from '../features/ads';
import type { AdVideo } from '../engine/ad-video';
import { loadVastFx, type VastLoadRequest } from '../platform/vast-loader';
import { firePixelFx, type PixelRequest } from '../platform/pixel';
import { sendStatFx, type StatEvent } from '../platform/stats';

export const BASE = 'http://localhost:4100';
/** The tracking link of one event of one ad. */
export const track = (event: string, id: string) => `${BASE}/track/${event}?ad=${id}`;

/** A parsed 8 s ad with a link for every tracking event, one progress offset at 3 s. */
export function makeAd(id: string, overrides: Partial<ParsedAd> = {}): ParsedAd {
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

/** The ad's <video>, its commands spied. */
export function fakeVideo() {
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

/**
 * For the features' tests that play no ad: making the ad video fails (as the media stack's needs a
 * page), so a break is prepared and holds the content, but asks for no VAST.
 */
export function noAdVideo(): never {
  throw new Error('no ad video in this test');
}

/**
 * The ads model over `createAdVideo`, with fullscreen's native fullscreen and casting as stores of
 * the test (set them with allSettled). For a test file's own region (test-support/linked.ts), or
 * through `setup`, one per test.
 */
export function buildAds(createAdVideo: () => AdVideo = fakeVideo) {
  const $nativeFullscreen = createStore(false);
  const $casting = createStore(false);
  const ads = createAds({ createAdVideo, $nativeFullscreen, $casting });
  return { ads, $nativeFullscreen, $casting };
}

/** `buildAds` for one test: the model's units are cleared when the test is over. */
function adsForThisTest(createAdVideo: () => AdVideo) {
  const region = createNode();
  const built = withRegion(region, () => buildAds(createAdVideo));
  onTestFinished(() => clearNode(region, { deep: true }));
  return built;
}

/** What each VAST link resolves to: an ad, or the error it fails with. */
export type Tags = Record<string, ParsedAd | VastError>;

/**
 * A model and a scope, inside a test. `mediaTimesOut`: the media time-out elapses at once; else
 * there is none, unless `mediaTimeoutMs` sets one.
 */
export function setup(tags: Tags, { mediaTimesOut = false, mediaTimeoutMs }: { mediaTimesOut?: boolean; mediaTimeoutMs?: number } = {}) {
  const video = fakeVideo();
  const { ads, $nativeFullscreen, $casting } = adsForThisTest(() => video);
  const pings: PixelRequest[] = [];
  const stats: StatEvent[] = [];
  const requested: string[] = [];
  /** The wall clock the model reads, in ms; tests move it. */
  const clock = { now: 0 };
  const scope = fork({
    values: [[ads.$adMediaTimeoutMs, mediaTimeoutMs ?? (mediaTimesOut ? 0 : null)]],
    handlers: [
      [ads.readWallClockFx, () => clock.now],
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
      [ads.reportAdErrorFx, () => {}],
      [ads.watchVisibilityFx, () => false],
    ],
  });
  const events: string[] = [];
  createWatch({ unit: ads.contentHoldRequested, scope, fn: () => events.push('hold') });
  createWatch({ unit: ads.contentPauseRequested, scope, fn: () => events.push('pause-content') });
  createWatch({ unit: ads.contentResumeRequested, scope, fn: ({ resume }) => events.push(resume ? 'resume-content' : 'release-content') });
  const pinged = () => pings.flatMap(({ urls, errorCode }) => urls.map((url) => (errorCode ? url.replace('[ERRORCODE]', String(errorCode)) : url)));
  return { scope, ads, video, $nativeFullscreen, $casting, pings, pinged, stats, requested, events, clock };
}

export const settings = (items: AdSettings['adList']): AdSettings => ({ adList: items, adListUrl: `${BASE}/ads/list.json`, advert: false, baseUrl: BASE });
/** The VAST link of ad `id`, as the ad list's `/ads/vast/<id>.xml` resolves. */
export const tag = (id: string) => `${BASE}/ads/vast/${id}.xml`;
export const preroll = (...ids: string[]) => settings({ prerollList: ids.map((id) => ({ vastUrl: `/ads/vast/${id}.xml` })) });

/** The ad's media reports each time in turn. */
export async function play(scope: Scope, ads: AdsModel, times: number[], duration = 8) {
  for (const currentTime of times) await allSettled(ads.adMediaTimeUpdated, { scope, params: { currentTime, duration } });
}

/** A pre-roll of `ids` configured, the content's first play asked, and the first ad's media playing. */
export async function playingPreroll(scope: Scope, ads: AdsModel, ...ids: string[]) {
  await allSettled(ads.adsConfigured, { scope, params: preroll(...ids) });
  await allSettled(ads.contentPlayRequested, { scope });
  await allSettled(ads.adMediaPlaying, { scope });
}

/**
 * A model whose ad <video> exists (a break was prepared: the model makes it then), in a scope where
 * it reports `volume` and `muted`; `commands` lists the sound commands the model sent to the video.
 */
export async function soundScope(volume: number, muted: boolean) {
  const { scope, ads, video } = setup({ [tag('a')]: makeAd('a') });
  await allSettled(ads.adsConfigured, { scope, params: preroll('a') });
  await allSettled(ads.$adVolume, { scope, params: { volume, muted } });
  const commands = () => [
    ...video.setVolume.mock.calls.map(([level]) => `volume ${level}`),
    ...video.setMuted.mock.calls.map(([flag]) => `muted ${flag}`),
  ];
  return { scope, ads, video, commands };
}
