/**
 * Ads' links: the page (session) gives the ad plan its inputs and starts watching what hides an
 * ad; the content (playback) gives the schedule its time, its seeks, its duration (for the
 * mid-roll marks) and its deferred first play, and an ad starts at the content's volume.
 *
 * Playback's side of a break is here too: the pre-roll holds the content's first play, and a
 * break pauses the content and resumes it (playback listening to ads, kept here at its place in
 * the order of links). Native fullscreen and casting are given to the ads model itself
 * (app/create-features.ts).
 */
import { sample } from 'effector';
import type { Features } from '../create-features';

/** Links ads to the features it hears; the player calls it once (app/link-features.ts). */
export function linkAds({ playback, session, ads }: Pick<Features, 'playback' | 'session' | 'ads'>): void {
  const { $duration, $muted, $volume, adMediaPlayed, unmuteClicked, mediaSeeked, mediaTimeUpdated, pauseFx, playDeferred, playFx, playHeld, playReleased, playRequested, unlockFx } = playback;
  const { $config, appStarted, loadStartupFx } = session;
  const { adsConfigured, adsEnvironmentStarted, contentHoldRequested, contentPauseRequested, contentResumeRequested } = ads;
  const { contentPlayRequested, contentPlayAsked, contentPlayOverdue, contentTimeUpdated, contentSeeked, contentDurationChanged } = ads;
  const { adCreated, adVolumeMatched, playAdFx, adMediaSoundRefused, adMutedRequested } = ads;
  sample({
    clock: loadStartupFx.doneData,
    source: $config,
    filter: (config, data) => config !== null && data.available,
    fn: (config, data) => ({ adList: data.adList, adListUrl: config!.adListUrl, advert: config!.advert, baseUrl: config!.baseUrl }),
    target: adsConfigured,
  });
  sample({ clock: appStarted, target: adsEnvironmentStarted });

  // The content's side of a break.
  sample({ clock: contentHoldRequested, target: playHeld });
  sample({ clock: contentPauseRequested, target: [playHeld, pauseFx] });
  sample({ clock: contentResumeRequested, target: playReleased });
  sample({ clock: contentResumeRequested, filter: ({ resume }) => resume, target: playRequested });

  // A play asked while the pre-roll holds the content is the viewer's click (or autoplay, where the
  // unlock does nothing): the content is unlocked in it first, before the ad plays, so the film
  // follows the ad without a second click in Safari's engine.
  sample({ clock: playDeferred, target: [unlockFx, contentPlayRequested] });
  // A play that went through before the pre-roll was known becomes a held one: the ad, then the content.
  sample({ clock: playFx, target: contentPlayAsked });
  sample({ clock: contentPlayOverdue, target: [pauseFx, playDeferred] });
  sample({ clock: mediaTimeUpdated, fn: ({ currentTime }) => currentTime, target: contentTimeUpdated });
  sample({ clock: mediaSeeked, fn: ({ currentTime }) => currentTime, target: contentSeeked });
  sample({ clock: $duration, target: contentDurationChanged });
  sample({ clock: adCreated, source: { volume: $volume, muted: $muted }, target: adVolumeMatched });

  // The browser's refusal of sound and the viewer's 'Включить звук' reach the ad as the content.
  sample({ clock: playAdFx.doneData, filter: (result) => result !== undefined, fn: (result) => result!, target: adMediaPlayed });
  sample({ clock: adMediaSoundRefused, fn: () => 'muted' as const, target: adMediaPlayed });
  sample({ clock: unmuteClicked, fn: () => false, target: adMutedRequested });
}
