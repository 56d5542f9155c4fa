/** Ads: VAST pre-roll and demo mid-roll breaks, their status machine, tracking and overlay. */
export {
  $adVideo,
  $break,
  $breakPhase,
  $currentAd,
  $adStatus,
  $adTime,
  $adVolume,
  $adPosition,
  $skipCountdown,
  $skippable,
  adBreakPrepared,
  adBreakStarted,
  adBreakEnded,
  adStatusChanged,
  adFailed,
  skipRequested,
  stopRequested,
  adPlayRequested,
  adPauseRequested,
  adTogglePlayClicked,
  adVolumeRequested,
  adMutedRequested,
  adVolumeMatched,
  adCreated,
  adMediaSoundRefused,
  playAdFx,
  createAdVideoFx,
} from './model/break';
export type { AdBreak, AdBreakPhase, AdFailure, AdPosition, AdStatusChange } from './model/break';
export { $adMediaTimeoutMs } from './model/media-timeout';
export { adsNativeFullscreenChanged, adsCastingChanged, pageVisibilityChanged, adsEnvironmentStarted } from './model/environment';
export {
  adsConfigured,
  contentPlayRequested,
  contentPlayAsked,
  contentPlayOverdue,
  contentTimeUpdated,
  contentSeeked,
  contentDurationChanged,
  contentHoldRequested,
  contentPauseRequested,
  contentResumeRequested,
  $adPlan,
  $nextMidrollAt,
  $midrollMarks,
} from './model/schedule';
export { $adHistory, $clickThroughUrl, adClicked, adSkipClicked, reportAdErrorFx } from './model/tracking';
export type { AdHistoryItem } from './model/tracking';
export { AdStatus, nextAdStatus, isTerminal, isRunning } from './status';
export { planAds, type AdSettings, type AdPlan, type AdItem, type AdCandidate, type AdBreakKind } from './sources';
export { createAdUnit, adDuration, adRemainingTime, $adUnitDuration, $adUnitRemainingTime, type AdUnit } from './ad-unit';
