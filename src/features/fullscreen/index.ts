export {
  fullscreenModeSet,
  fullscreenClicked,
  stretchedCloseClicked,
  nativeFullscreenChanged,
  escapeLeftOver,
  pageLeftStretched,
  enterNativeFx,
  exitNativeFx,
  readFramedFx,
  $fullscreenMode,
  $framed,
  $nativeFullscreen,
  $videoElementFullscreen,
  videoFullscreenChanged,
  $stretched,
  $fullscreen,
  $parentFullscreen,
} from './model';
export {
  pipClicked,
  pipChanged,
  castClicked,
  remoteAvailabilityChanged,
  castingChanged,
  $pip,
  $pipSupported,
  $castAvailable,
  $casting,
} from './devices';
export { createMediaSession, sessionMetadata } from './media-session';
export type { MediaSessionDeps, MediaSessionModel, NowPlaying } from './media-session';
