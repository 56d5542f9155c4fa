/**
 * The ad unit interface in the shape VPAID 2.0 gives it (SPEC.md §9: handshake version '2.0';
 * duration and remaining time -2 when unknown), over this player's scope. For embedders and
 * tests that drive an ad the way an ad SDK would.
 */
import { allSettled, combine, type Scope } from 'effector';
import { AD_HANDSHAKE_VERSION, AD_UNKNOWN_TIME } from '../../lib/constants';
import { effectiveDuration } from './tracking-rules';
import { $adHeardVolume, $adTime, $currentAd, $skippable, adPauseRequested, adPlayRequested, adUnitVolumeSet, skipRequested, stopRequested } from './model/break';

/** The ad's duration in seconds, or -2 when unknown. */
export function adDuration(mediaDuration: number, declared: number | null): number {
  const duration = Number.isFinite(mediaDuration) && mediaDuration > 0 ? mediaDuration : declared;
  return duration !== null && duration > 0 ? duration : AD_UNKNOWN_TIME;
}

/** Seconds left, or -2 when the duration is unknown. */
export function adRemainingTime(duration: number, currentTime: number): number {
  return duration === AD_UNKNOWN_TIME ? AD_UNKNOWN_TIME : Math.max(0, duration - currentTime);
}

/** The running ad's duration as the ad interface reports it (-2 when unknown or no ad). */
export const $adUnitDuration = combine($currentAd, $adTime, (ad, time) => (ad ? adDuration(time.duration, effectiveDuration(Number.NaN, ad)) : AD_UNKNOWN_TIME));
/** Seconds left of the running ad (-2 when unknown or no ad). */
export const $adUnitRemainingTime = combine($adUnitDuration, $adTime, (duration, time) => adRemainingTime(duration, time.currentTime));

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

/**
 * The interface over one player's scope. Its getters are synchronous (VPAID's shape), so each
 * reads one model store from that scope, never a store's global state, and decides nothing;
 * its commands are the model's events, settled in the scope.
 */
export function createAdUnit(scope: Scope): AdUnit {
  return {
    handshakeVersion: () => AD_HANDSHAKE_VERSION,
    getAdDuration: () => scope.getState($adUnitDuration),
    getAdRemainingTime: () => scope.getState($adUnitRemainingTime),
    getAdSkippableState: () => scope.getState($skippable),
    getAdVolume: () => scope.getState($adHeardVolume),
    setAdVolume: (volume) => allSettled(adUnitVolumeSet, { scope, params: volume }).then(() => undefined),
    pauseAd: () => allSettled(adPauseRequested, { scope }).then(() => undefined),
    resumeAd: () => allSettled(adPlayRequested, { scope }).then(() => undefined),
    skipAd: () => allSettled(skipRequested, { scope }).then(() => undefined),
    stopAd: () => allSettled(stopRequested, { scope }).then(() => undefined),
  };
}
