export {
  engineAttached,
  pageSourceKept,
  pageStartAdopted,
  engineConnected,
  sourceAdopted,
  sourceRequested,
  sourceReady,
  playClicked,
  pauseClicked,
  togglePlayClicked,
  retryClicked,
  autoplaySet,
  playRequested,
  playHeld,
  playReleased,
  playDeferred,
  mediaPlaying,
  mediaPaused,
  mediaWaiting,
  mediaEnded,
  mediaSeeking,
  mediaSeeked,
  mediaTimeUpdated,
  streamTicked,
  mediaError,
  sourceMissing,
} from './events';
export { $status, $isPlaying, $currentTime, $currentSecond, $duration, $lastTime, $streamError } from './status';
export type { PlaybackStatus } from './status';
export {
  $pageSource,
  autoplayRequested,
  $playHeld,
  playRefused,
  playFx,
  unlockFx,
  pauseFx,
  $engine,
  prefetchSourceFx,
  $source,
  $autoplay,
} from './model';
export { $streamTickRunning } from './tick';
export { adMediaPlayed, unmuteClicked, $unmuteOffered } from './autoplay';
export { $startAwaited } from './start-state';
export {
  volumeSet,
  volumeStepped,
  muteToggled,
  setMutedFx,
  $volume,
  $muted,
  $sliderVolume,
  parseVolume,
  readVolumeState,
} from './volume';
export { seekRequested, seekByRequested, seekBackClicked, seekForwardClicked, seekFx } from './seek';
export {
  userActed,
  pointerMoved,
  controlsPinnedSet,
  pointerLeft,
  layoutWatchStarted,
  $controlsVisible,
  $chromeTime,
  $chromeSecond,
  $chromeDuration,
  $controlsPinned,
  layoutChanged,
  $mobileLayout,
  shareClicked,
  shareAvailabilitySet,
  $shareEnabled,
} from './controls';
export { surfaceClicked, surfaceDoubleClicked, fullscreenShortcutUsed, zoneAt, nextGesture } from './gestures';
export { keyPressed, subtitlesShortcutUsed, escapePressed, shortcutFor, shortcutsHelpClosed, $shortcutsHelpOpen, KEY_SHORTCUTS } from './keyboard';
export type { KeyInput } from './keyboard';
export { statusAnnounced, $announcement } from './announce';
