export { createShare } from './model';
export type { ShareDeps, ShareModel } from './model';
export { SHARE_TARGETS, shareLink, shareTargetUrl, isOpenableUrl, episodeAddress } from './targets';
export type { ShareTargetId, EpisodeAddress } from './targets';
