export {
  engineAttached,
  earlySourceAdopted,
  engineConnected,
  sourceAdopted,
  sourceRequested,
  sourceMissing,
  sourceReady,
  playClicked,
  pauseClicked,
  togglePlayClicked,
  retryClicked,
  autoplaySet,
  playRequested,
  autoplayRequested,
  playHeld,
  playReleased,
  playDeferred,
  $playHeld,
  mediaPlaying,
  mediaPaused,
  mediaWaiting,
  mediaEnded,
  mediaSeeking,
  mediaSeeked,
  mediaTimeUpdated,
  streamTicked,
  mediaError,
  mediaLoadProgressed,
  playRefused,
  isPlayRefusal,
  playFx,
  unlockFx,
  soundRefused,
  $fallbackMuted,
  pauseFx,
  $engine,
  prefetchSourceFx,
  $source,
  $autoplay,
  $status,
  $isPlaying,
  $currentTime,
  $currentSecond,
  $duration,
  $lastTime,
  $bufferedRanges,
  $streamError,
} from './model';
export { $streamTickRunning } from './tick';
export { earlyAutoplayAdopted, adMediaPlayed, autoplayResolved, unmuteClicked, $unmuteOffered, $autoplayResult } from './autoplay';
export type { AutoplayResult, EarlyAutoplay } from '../../lib/autoplay';
export {
  $startAwaited,
  $startClockRunning,
  pageHiddenChanged,
  createStartClock,
  bufferedSeconds,
  startStalledError,
} from './start-watchdog';
export type { StartClock, StartStallReason } from './start-watchdog';
export {
  mediaVolumeChanged,
  volumeSet,
  volumeStepped,
  muteToggled,
  setVolumeFx,
  setMutedFx,
  $volume,
  $muted,
  $volumeSettable,
  $sliderVolume,
  parseVolume,
  snapVolume,
  readVolumeState,
} from './volume';
export type { VolumeState } from './volume';
export { seekRequested, seekByRequested, seekToFractionRequested, seekBackClicked, seekForwardClicked, seekFx, clampSeek } from './seek';
export {
  userActed,
  pointerMoved,
  controlsPinnedSet,
  pointerLeft,
  controlsTapped,
  $controlsVisible,
  $chromeTime,
  $chromeSecond,
  $chromeDuration,
  $controlsPinned,
  layoutChanged,
  layoutWatchStarted,
  $mobileLayout,
  shareClicked,
  shareAvailabilitySet,
  $shareEnabled,
} from './controls';
export { surfaceClicked, surfaceDoubleClicked, fullscreenShortcutUsed, $seekFlash, zoneAt, nextGesture } from './gestures';
export type { SurfaceZone, Gesture } from './gestures';
export { keyPressed, subtitlesShortcutUsed, escapePressed, shortcutFor, shortcutsHelpClosed, $shortcutsHelpOpen, KEY_SHORTCUTS } from './keyboard';
export type { Shortcut, KeyInput } from './keyboard';
export { statusAnnounced, $announcement } from './announce';
export type { Announcement } from './announce';
export type { PlaybackStatus, SourceRequest } from './model';
export { connectPlayback } from './connect';
