/**
 * Picture-in-picture (entering it forces play, SPEC.md §4) and wireless playback: AirPlay and
 * the Remote Playback API for casting. Each button shows only when the browser supports it;
 * `$casting` is true while the video plays on another device (no ads then).
 */
import { attach, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { enterPip, exitPip, isPip, pipSupported, watchPip } from '../../platform/pip';
import {
  promptRemotePlayback,
  watchCasting,
  watchRemoteAvailability,
  type RemoteAvailability,
} from '../../platform/remote-playback';
import { $isPlaying, playClicked } from '../playback';
import { $mediaElement, mediaElementAttached } from './model';

export const pipClicked = createEvent();
export const pipChanged = createEvent<boolean>();
export const castClicked = createEvent();
export const remoteAvailabilityChanged = createEvent<RemoteAvailability>();
export const castingChanged = createEvent<boolean>();

export const $pip = createStore(false).on(pipChanged, (_, on) => on);
export const $pipSupported = createStore(false);
export const $remoteAvailability = createStore<RemoteAvailability>({ cast: false, airplay: false }).on(
  remoteAvailabilityChanged,
  (_, availability) => availability,
);
/** A wireless target (Cast or AirPlay) is reachable: the button shows. */
export const $castAvailable = $remoteAvailability.map(({ cast, airplay }) => cast || airplay);
/** The video plays on a remote device (casting or AirPlaying). */
export const $casting = createStore(false).on(castingChanged, (_, casting) => casting);

const connectDevicesFx = createEffect((video: HTMLVideoElement) => {
  const pip = scopeBind(pipChanged, { safe: true });
  watchPip(video, pip);
  pip(isPip(video));
  watchRemoteAvailability(video, scopeBind(remoteAvailabilityChanged, { safe: true }));
  watchCasting(video, scopeBind(castingChanged, { safe: true }));
  return pipSupported(video);
});
sample({ clock: mediaElementAttached, target: connectDevicesFx });
sample({ clock: connectDevicesFx.doneData, target: $pipSupported });

const enterPipFx = attach({ source: $mediaElement, effect: (video) => (video ? enterPip(video) : undefined) });
const exitPipFx = attach({ source: $mediaElement, effect: (video) => (video ? exitPip(video) : undefined) });
const promptRemoteFx = attach({
  source: { video: $mediaElement, availability: $remoteAvailability },
  effect: ({ video, availability }) => (video ? promptRemotePlayback(video, availability.airplay ? 'airplay' : 'cast') : undefined),
});

sample({ clock: pipClicked, filter: $pip, target: exitPipFx });
sample({ clock: pipClicked, filter: $pip.map((on) => !on), target: enterPipFx });
sample({ clock: pipChanged, source: $isPlaying, filter: (playing, on) => on && !playing, fn: () => undefined, target: playClicked });
sample({ clock: castClicked, target: promptRemoteFx });
