export { shareStarted, pageAddressReported, sharePopupClosed, timecodeToggled, copyClicked, networkClicked, $sharePopupOpen, $shareLink, $withTimecode, $pageUrl } from './model';
export { SHARE_TARGETS, shareLink, shareTargetUrl, isOpenableUrl, episodeAddress } from './targets';
export type { ShareTargetId, EpisodeAddress } from './targets';
