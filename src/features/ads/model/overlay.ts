/**
 * What the ad overlay shows of the running ad, decided here so its view only draws it: whether
 * the ad's picture is up (a spinner until then), its clock, and how much of it has played.
 */
import { combine } from 'effector';
import { AdStatus } from '../status';
import { adDuration, adRemainingTime } from '../ad-unit';
import type { Break } from './break';

/** m:ss, rounded up: an ad with 4.2 s left reads 0:05. */
export function adClock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds - 1e-3));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function createOverlay({ $currentAd, $adStatus, $adTime }: Pick<Break, '$currentAd' | '$adStatus' | '$adTime'>) {
  /** The ad's frames are on screen: it is past loading. */
  const $adShown = combine($currentAd, $adStatus, (ad, status) => ad !== null && status !== null && status !== AdStatus.Created && status !== AdStatus.Loaded);
  const $adPaused = $adStatus.map((status) => status === AdStatus.Paused);
  const $duration = combine($currentAd, $adTime, (ad, time) => (ad ? adDuration(time.duration, ad.duration) : Number.NaN));
  /** The clock's text (time left), or null while the ad is not shown or its duration is unknown. */
  const $adClock = combine($adShown, $duration, $adTime, (shown, duration, { currentTime }) => {
    const remaining = Number.isNaN(duration) ? -1 : adRemainingTime(duration, currentTime);
    return shown && remaining >= 0 ? adClock(remaining) : null;
  });
  /** How much of the ad has played, 0 to 100. */
  const $adPlayedPercent = combine($duration, $adTime, (duration, { currentTime }) => (duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0));
  return { $adShown, $adPaused, $adClock, $adPlayedPercent };
}
