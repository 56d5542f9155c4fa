/**
 * Playback's links to the page (session): the page's start (the source it loaded, the autoplay's
 * outcome) is playback's to adopt; the controls start watching the layout with it, and
 * the page's disabled_share takes the share button away; the page's autoplay is playback's; an
 * episode without a playlist is the stream error sourceMissing; a page error releases the engine.
 *
 * Playback's reaction to an ad break (hold, pause, resume) is in links/ads.ts, at its place in
 * the order of links.
 */
import { attach, sample } from 'effector';
import type { Features } from '../create-features';
import { engineOf } from '../../engine/engines';

/** Links playback to the features it hears; the player calls it once (app/link-features.ts). */
export function linkPlayback({ playback, session }: Pick<Features, 'playback' | 'session'>): void {
  const { layoutWatchStarted, shareAvailabilitySet, autoplaySet, engineAttached, sourceMissing, $engineKey } = playback;
  const { $phase, appStarted, episodeChosen } = session;
  linkPageStart({ playback, session });
  sample({ clock: appStarted, fn: () => undefined, target: layoutWatchStarted });
  sample({ clock: appStarted, fn: (config) => !config.disabledShare, target: shareAvailabilitySet });
  sample({ clock: appStarted, fn: (config) => config.autoPlay, target: autoplaySet });

  sample({
    clock: episodeChosen,
    filter: (episode) => episode.m3u8MasterFilePath === null,
    fn: (episode) => `episode ${episode.id} has no m3u8MasterFilePath`,
    target: sourceMissing,
  });

  // A page error ends the page: a stream the page's start played (src/start) stops, also when the engine
  // arrives after the error, and its element, which the entry put on the page, leaves it.
  const releaseEngineFx = attach({
    source: $engineKey,
    effect: (key) => {
      // Found before its destroy, which takes it out of the media stack.
      const engine = engineOf(key);
      engine?.destroy();
      engine?.surface.remove();
    },
  });
  sample({ clock: [$phase.updates, engineAttached], source: $phase, filter: (phase) => phase === 'error', target: releaseEngineFx });
}

/** The page's start, as the app adopts it: playback takes the source the page loaded and the autoplay's outcome. */
export function linkPageStart({ playback, session }: Pick<Features, 'playback' | 'session'>): void {
  const { pageStartAdopted } = playback;
  sample({ clock: session.startAdopted, target: pageStartAdopted });
}
