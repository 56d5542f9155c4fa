/**
 * The ad's own <video> (engine/ad-video.ts), made by the media stack (`createAdVideo`, over the
 * page's start's element when it made one) once, when the first break is prepared. No store holds
 * it: the model keeps it here, its commands are effects that close over it, and its facts reach
 * the scope that made it. The overlay mounts it through `adMedia`.
 */
import { attach, createEffect, createEvent, createStore, scopeBind } from 'effector';
import type { AdVideo, AdVideoFacts } from '../../../engine/ad-video';
import type { Mountable } from '../../../platform/mount';
import { loadVastFx } from '../../../platform/vast-loader';
import type { AdCandidate } from '../sources';
import type { AdVolume } from '../tracking-rules';

/** The facts of the ad's <video>, as events of the model. */
function createAdMediaFacts() {
  return {
    adMediaCanPlayThrough: createEvent(),
    adMediaPlaying: createEvent(),
    adMediaPaused: createEvent<AdVideoFacts['paused']>(),
    adMediaEnded: createEvent(),
    adMediaTimeUpdated: createEvent<AdVideoFacts['timeUpdated']>(),
    adMediaVolumeChanged: createEvent<AdVolume>(),
    adMediaFailed: createEvent<AdVideoFacts['failed']>(),
    /** The browser paused the ad on finding its sound; the element plays on muted. */
    adMediaSoundRefused: createEvent(),
  };
}

export type AdMediaFacts = ReturnType<typeof createAdMediaFacts>;

/** Each fact of `video` fires its event in the scope that runs this (an effect's handler). */
function connectAdVideo(video: AdVideo, facts: AdMediaFacts): void {
  video.on('canPlayThrough', scopeBind(facts.adMediaCanPlayThrough, { safe: true }));
  video.on('playing', scopeBind(facts.adMediaPlaying, { safe: true }));
  video.on('paused', scopeBind(facts.adMediaPaused, { safe: true }));
  video.on('ended', scopeBind(facts.adMediaEnded, { safe: true }));
  video.on('timeUpdated', scopeBind(facts.adMediaTimeUpdated, { safe: true }));
  video.on('volumeChanged', scopeBind(facts.adMediaVolumeChanged, { safe: true }));
  video.on('failed', scopeBind(facts.adMediaFailed, { safe: true }));
  video.on('soundRefused', scopeBind(facts.adMediaSoundRefused, { safe: true }));
}

/** The ad video's facts and commands; `createAdVideo` is called once, by `makeAdVideoFx`. */
export function createAdMedia(createAdVideo: () => AdVideo) {
  let video: AdVideo | null = null;
  const facts = createAdMediaFacts();

  /** Makes the ad video and hears its facts; a second call keeps the first video. */
  const makeAdVideoFx = createEffect(() => {
    if (video) return;
    const made = createAdVideo();
    connectAdVideo(made, facts);
    video = made;
  });
  /** The ad video exists: canPlayType can choose a media file. */
  const $adMediaMade = createStore(false, { serialize: 'ignore' }).on(makeAdVideoFx.doneData, () => true);

  const resolveAdFx = attach({
    mapParams: (source: AdCandidate) => {
      const made = video;
      return { source, canPlayType: (type: string) => made?.canPlayType(type) ?? '' };
    },
    effect: loadVastFx,
  });
  const loadAdMediaFx = createEffect((url: string) => video?.load(url));
  const playAdFx = createEffect(async () => video?.play());
  const pauseAdFx = createEffect(() => video?.pause());
  const unloadAdMediaFx = createEffect(() => video?.unload());
  const setAdVolumeFx = createEffect((volume: number) => video?.setVolume(volume));
  const setAdMutedFx = createEffect((muted: boolean) => video?.setMuted(muted));
  /** The ad's element for the overlay's slot (nothing to mount before the video is made). */
  const adMedia: Mountable = { mount: (host) => video?.mount(host) ?? (() => undefined) };

  return {
    ...facts,
    makeAdVideoFx,
    $adMediaMade,
    resolveAdFx,
    loadAdMediaFx,
    playAdFx,
    pauseAdFx,
    unloadAdMediaFx,
    setAdVolumeFx,
    setAdMutedFx,
    adMedia,
  };
}

export type AdMedia = ReturnType<typeof createAdMedia>;
