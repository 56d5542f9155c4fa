/**
 * An ads scope over a fake ad <video> and VAST tags served from a table, shared by the ads model's
 * tests (break, schedule, environment, tracking, the ad unit).
 */
import { allSettled, createWatch, fork, type Scope } from 'effector';
import { vi } from 'vitest';
import { VastError, VastErrorCode, type ParsedAd } from '../vast';
import { createAdVideoFx } from '../features/ads';
import type { AdVideo } from '../engine/ad-video';
import { loadVastFx, type VastLoadRequest } from '../platform/vast-loader';
import { firePixelFx, type PixelRequest } from '../platform/pixel';
import { sendStatFx, type StatEvent } from '../platform/stats';
import {
  $adVideo,
  $adVolume,
  adsConfigured,
  contentHoldRequested,
  contentPauseRequested,
  contentPlayRequested,
  contentResumeRequested,
  reportAdErrorFx,
  type AdSettings,
} from '../features/ads';
import { adMediaPlaying, adMediaTimeUpdated } from '../features/ads/model/break';
import { $adMediaTimeoutMs } from '../features/ads/model/media-timeout';
import { watchVisibilityFx } from '../features/ads/model/environment';
import { readWallClockFx } from '../features/ads/model/tracking';

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

/** What each VAST link resolves to: an ad, or the error it fails with. */
export type Tags = Record<string, ParsedAd | VastError>;

/** `mediaTimesOut`: the media time-out elapses at once; else there is none, unless `mediaTimeoutMs` sets one. */
export function setup(tags: Tags, { mediaTimesOut = false, mediaTimeoutMs }: { mediaTimesOut?: boolean; mediaTimeoutMs?: number } = {}) {
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

export const settings = (items: AdSettings['adList']): AdSettings => ({ adList: items, adListUrl: `${BASE}/ads/list.json`, advert: false, baseUrl: BASE });
/** The VAST link of ad `id`, as the ad list's `/ads/vast/<id>.xml` resolves. */
export const tag = (id: string) => `${BASE}/ads/vast/${id}.xml`;
export const preroll = (...ids: string[]) => settings({ prerollList: ids.map((id) => ({ vastUrl: `/ads/vast/${id}.xml` })) });

/** The ad's media reports each time in turn. */
export async function play(scope: Scope, times: number[], duration = 8) {
  for (const currentTime of times) await allSettled(adMediaTimeUpdated, { scope, params: { currentTime, duration } });
}

/** A pre-roll of `ids` configured, the content's first play asked, and the first ad's media playing. */
export async function playingPreroll(scope: Scope, ...ids: string[]) {
  await allSettled(adsConfigured, { scope, params: preroll(...ids) });
  await allSettled(contentPlayRequested, { scope });
  await allSettled(adMediaPlaying, { scope });
}

/** A scope with the ad's <video> and its reported volume; `commands` lists what the model sent to the video. */
export function soundScope(volume: number, muted: boolean) {
  const video = fakeVideo();
  const scope = fork({ values: [[$adVideo, video], [$adVolume, { volume, muted }]] });
  const commands = () => [
    ...video.setVolume.mock.calls.map(([level]) => `volume ${level}`),
    ...video.setMuted.mock.calls.map(([flag]) => `muted ${flag}`),
  ];
  return { scope, video, commands };
}
