/**
 * The content element's surface (MediaSurface): the engine hands its <video> to the platform
 * adapters for native fullscreen, picture-in-picture, remote playback and frame counters, so no
 * model holds the element. Each `on` starts its own watcher, when a model first listens.
 */
import {
  enterNativeFullscreen,
  exitNativeFullscreen,
  isNativeFullscreen,
  isVideoElementFullscreen,
  watchNativeFullscreen,
} from '../platform/fullscreen';
import { enterPip, exitPip, isPip, pipSupported, watchPip } from '../platform/pip';
import { promptRemotePlayback, watchCasting, watchRemoteAvailability } from '../platform/remote-playback';
import { readFrameCounts } from '../platform/playback-quality';
import { mountIn } from '../platform/mount';
import type { MediaSurface, SurfaceFactName, SurfaceFacts, SurfaceFullscreen } from './types';

type Watchers = { [K in SurfaceFactName]: (report: (state: SurfaceFacts[K]) => void) => () => void };

export function createMediaSurface(video: HTMLVideoElement): MediaSurface {
  const fullscreen = (): SurfaceFullscreen => ({ native: isNativeFullscreen(video), videoOnly: isVideoElementFullscreen(video) });
  const watchers: Watchers = {
    fullscreenChanged: (report) => watchNativeFullscreen(video, () => report(fullscreen())),
    pipChanged: (report) => watchPip(video, report),
    remoteAvailabilityChanged: (report) => watchRemoteAvailability(video, report),
    castingChanged: (report) => watchCasting(video, report),
  };
  return {
    fullscreen,
    enterFullscreen: () => enterNativeFullscreen(video),
    exitFullscreen: () => exitNativeFullscreen(video),
    pipSupported: () => pipSupported(video),
    pip: () => isPip(video),
    enterPip: () => enterPip(video),
    exitPip: () => exitPip(video),
    promptRemote: (prefer) => promptRemotePlayback(video, prefer),
    frameCounts: () => readFrameCounts(video),
    mount: (host) => mountIn(video, host),
    remove: () => video.remove(),
    on: (fact, listener) => (watchers[fact] as (report: typeof listener) => () => void)(listener),
  };
}
