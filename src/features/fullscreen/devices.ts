/**
 * Picture-in-picture (entering it forces play, SPEC.md §4) and wireless playback: AirPlay and
 * the Remote Playback API for casting. Each button shows only when the browser supports it;
 * `$casting` is true while the video plays on another device (no ads then).
 */
import { attach, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import type { MediaEngine } from '../../engine/types';
import type { RemoteAvailability } from '../../platform/remote-playback';
import type { FullscreenDeps } from './model';
import { engineOf } from '../../engine/engines';

/** Picture-in-picture and casting on the engine's surface. */
export function createDevices({ $engineKey, engineAttached, sourceReady, $isPlaying, playClicked }: FullscreenDeps) {
  const pipClicked = createEvent();
  const pipChanged = createEvent<boolean>();
  const castClicked = createEvent();
  const remoteAvailabilityChanged = createEvent<RemoteAvailability>();
  const castingChanged = createEvent<boolean>();

  const $pip = createStore(false).on(pipChanged, (_, on) => on);
  const $pipSupported = createStore(false);
  const $remoteAvailability = createStore<RemoteAvailability>({ cast: false, airplay: false }).on(
    remoteAvailabilityChanged,
    (_, availability) => availability,
  );
  /** A wireless target (Cast or AirPlay) is reachable: the button shows. */
  const $castAvailable = $remoteAvailability.map(({ cast, airplay }) => cast || airplay);
  /** The video plays on a remote device (casting or AirPlaying). */
  const $casting = createStore(false).on(castingChanged, (_, casting) => casting);

  /** Follows PiP and remote playback on the engine's element (its surface); says whether PiP is there. */
  const connectDevicesFx = createEffect((engine: MediaEngine) => {
    const surface = engine.surface;
    const pip = scopeBind(pipChanged, { safe: true });
    surface.on('pipChanged', pip);
    pip(surface.pip());
    surface.on('remoteAvailabilityChanged', scopeBind(remoteAvailabilityChanged, { safe: true }));
    surface.on('castingChanged', scopeBind(castingChanged, { safe: true }));
    return surface.pipSupported();
  });
  sample({ clock: engineAttached, target: connectDevicesFx });
  sample({ clock: connectDevicesFx.doneData, target: $pipSupported });

  /**
   * Asked again once a source is ready: WebKit's presentation-mode API (older Safari's PiP) says
   * whether it can only when the element has media, which it may not have when the engine comes.
   */
  const readPipSupportFx = attach({ source: $engineKey, effect: (key) => engineOf(key)?.surface.pipSupported() ?? false });
  sample({ clock: sourceReady, fn: () => undefined, target: readPipSupportFx });
  sample({ clock: readPipSupportFx.doneData, target: $pipSupported });

  const enterPipFx = attach({ source: $engineKey, effect: (key) => engineOf(key)?.surface.enterPip() });
  const exitPipFx = attach({ source: $engineKey, effect: (key) => engineOf(key)?.surface.exitPip() });
  const promptRemoteFx = attach({
    source: { key: $engineKey, availability: $remoteAvailability },
    effect: ({ key, availability }) => engineOf(key)?.surface.promptRemote(availability.airplay ? 'airplay' : 'cast'),
  });

  sample({ clock: pipClicked, filter: $pip, target: exitPipFx });
  sample({ clock: pipClicked, filter: $pip.map((on) => !on), target: enterPipFx });
  sample({ clock: pipChanged, source: $isPlaying, filter: (playing, on) => on && !playing, fn: () => undefined, target: playClicked });
  sample({ clock: castClicked, target: promptRemoteFx });

  return { pipClicked, pipChanged, castClicked, remoteAvailabilityChanged, castingChanged, $pip, $pipSupported, $remoteAvailability, $castAvailable, $casting };
}
