/** Ads: VAST pre-roll and demo mid-roll breaks, their status machine, tracking and overlay. */
export { createAds } from './model/create-ads';
export type { AdsDeps, AdsModel } from './model/create-ads';
export type { AdBreak, AdBreakPhase, AdFailure, AdPosition, AdStatusChange } from './model/break';
export type { AdHistoryItem } from './model/tracking';
export { AdStatus, nextAdStatus, isTerminal, isRunning } from './status';
export { planAds, type AdSettings, type AdPlan, type AdItem, type AdCandidate, type AdBreakKind } from './sources';
export { createAdUnit, adDuration, adRemainingTime, type AdUnit, type AdUnitModel } from './ad-unit';
