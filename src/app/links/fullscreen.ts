/**
 * Fullscreen's links: the page (session) starts the Media Session, sets the fullscreen mode and
 * says whether it is framed; the Media Session shows what plays (session) and its "next track" is
 * the next episode (series).
 *
 * Escape that no menu took, and the page's own exitFullScreen (menus hears the parent frame), end
 * the stretched mode. Ads is given native fullscreen and casting at its build (create-features.ts).
 */
import { combine, sample } from 'effector';
import { cleanTitle } from '../../lib/title';
import { httpUrl } from '../../lib/url';
import type { NowPlaying } from '../../features/fullscreen';
import type { Features } from '../create-features';

/** Links fullscreen to the features it hears; the player calls it once (app/link-features.ts). */
export function linkFullscreen(features: Features): void {
  const { $nextEpisode, nextEpisodeClicked } = features.series;
  const { mediaSessionStarted, nextTrackAvailabilitySet, nextTrackRequested, nowPlayingSet } = features.mediaSession;
  const { fullscreenModeSet, readFramedFx } = features.fullscreen;
  const { $config, $content, $currentEpisode, appStarted } = features.session;
  sample({ clock: appStarted, fn: () => undefined, target: mediaSessionStarted });
  sample({ clock: appStarted, fn: (config) => config.fullscreenMode, target: fullscreenModeSet });
  sample({ clock: appStarted, fn: () => undefined, target: readFramedFx });

  /** An http(s) URL against the catalogue base, or null. */
  function absolute(path: string | null, base: string | undefined): string | null {
    return path && base ? httpUrl(path, `${base}/`) : null;
  }

  const $nowPlaying = combine($config, $content, $currentEpisode, (config, content, episode): NowPlaying | null => {
    if (!content) return null;
    const series = content.hasMultipleEpisodes && episode !== null;
    return {
      title: content.title,
      posterUrl: absolute((series ? episode.posterPath : null) ?? content.posterUrl, config?.baseUrl),
      episode: series ? { season: episode.season?.order ?? 1, order: episode.order, title: cleanTitle(episode.title) } : null,
    };
  });
  sample({ clock: $nowPlaying.updates, target: nowPlayingSet });

  // Media Session "next track" is the next episode.
  sample({ clock: $nextEpisode, fn: (next) => next !== null, target: nextTrackAvailabilitySet });
  sample({ clock: nextTrackRequested, fn: () => undefined, target: nextEpisodeClicked });

  linkStretchedExits(features);
}

/** Escape that no menu took, and the page's own exitFullScreen (a parent action menus hears), leave the stretched mode. */
export function linkStretchedExits({ menus, fullscreen }: Pick<Features, 'menus' | 'fullscreen'>): void {
  sample({ clock: menus.escapeUnhandled, target: fullscreen.escapeLeftOver });
  sample({ clock: menus.parentActionReceived, filter: ({ type }) => type === 'exitFullScreen', fn: () => undefined, target: fullscreen.pageLeftStretched });
}
