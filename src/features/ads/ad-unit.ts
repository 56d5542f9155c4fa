/**
 * The ad unit interface in the shape VPAID 2.0 gives it (SPEC.md §9: handshake version '2.0';
 * duration and remaining time -2 when unknown), over this player's scope. For embedders and
 * tests that drive an ad the way an ad SDK would.
 */
import { allSettled, combine, type EventCallable, type Scope, type Store } from 'effector';
import type { ParsedAd } from '../../vast';
import { AD_HANDSHAKE_VERSION, AD_UNKNOWN_TIME } from '../../lib/constants';
import { effectiveDuration } from './tracking-rules';

/** The ad's duration in seconds, or -2 when unknown. */
export function adDuration(mediaDuration: number, declared: number | null): number {
  const duration = Number.isFinite(mediaDuration) && mediaDuration > 0 ? mediaDuration : declared;
  return duration !== null && duration > 0 ? duration : AD_UNKNOWN_TIME;
}

/** Seconds left, or -2 when the duration is unknown. */
export function adRemainingTime(duration: number, currentTime: number): number {
  return duration === AD_UNKNOWN_TIME ? AD_UNKNOWN_TIME : Math.max(0, duration - currentTime);
}

/** The running ad's times as the ad interface reports them, from the break's current ad and its media time. */
export function createAdUnitTimes($currentAd: Store<ParsedAd | null>, $adTime: Store<{ currentTime: number; duration: number }>) {
  /** The running ad's duration as the ad interface reports it (-2 when unknown or no ad). */
  const $adUnitDuration = combine($currentAd, $adTime, (ad, time) => (ad ? adDuration(time.duration, effectiveDuration(Number.NaN, ad)) : AD_UNKNOWN_TIME));
  /** Seconds left of the running ad (-2 when unknown or no ad). */
  const $adUnitRemainingTime = combine($adUnitDuration, $adTime, (duration, time) => adRemainingTime(duration, time.currentTime));
  return { $adUnitDuration, $adUnitRemainingTime };
}

export interface AdUnit {
  handshakeVersion(playerVersion: string): string;
  getAdDuration(): number;
  getAdRemainingTime(): number;
  getAdSkippableState(): boolean;
  getAdVolume(): number;
  setAdVolume(volume: number): Promise<void>;
  pauseAd(): Promise<void>;
  resumeAd(): Promise<void>;
  skipAd(): Promise<void>;
  stopAd(): Promise<void>;
}

/** What the ad unit reads and commands of the ads model (createAds). */
export interface AdUnitModel {
  $adUnitDuration: Store<number>;
  $adUnitRemainingTime: Store<number>;
  $skippable: Store<boolean>;
  $adHeardVolume: Store<number>;
  adUnitVolumeSet: EventCallable<number>;
  adPauseRequested: EventCallable<void>;
  adPlayRequested: EventCallable<void>;
  skipRequested: EventCallable<void>;
  stopRequested: EventCallable<void>;
}

/**
 * The interface over one player's scope and its ads model. Its getters are synchronous (VPAID's
 * shape), so each reads one model store from that scope, never a store's global state, and
 * decides nothing; its commands are the model's events, settled in the scope.
 */
export function createAdUnit(scope: Scope, ads: AdUnitModel): AdUnit {
  return {
    handshakeVersion: () => AD_HANDSHAKE_VERSION,
    getAdDuration: () => scope.getState(ads.$adUnitDuration),
    getAdRemainingTime: () => scope.getState(ads.$adUnitRemainingTime),
    getAdSkippableState: () => scope.getState(ads.$skippable),
    getAdVolume: () => scope.getState(ads.$adHeardVolume),
    setAdVolume: (volume) => allSettled(ads.adUnitVolumeSet, { scope, params: volume }).then(() => undefined),
    pauseAd: () => allSettled(ads.adPauseRequested, { scope }).then(() => undefined),
    resumeAd: () => allSettled(ads.adPlayRequested, { scope }).then(() => undefined),
    skipAd: () => allSettled(ads.skipRequested, { scope }).then(() => undefined),
    stopAd: () => allSettled(ads.stopRequested, { scope }).then(() => undefined),
  };
}
