/**
 * Fullscreen's links: the page (session) starts the Media Session, sets the fullscreen mode and
 * says whether it is framed; the Media Session shows what plays (session) and its "next track" is
 * the next episode (series).
 *
 * Ads hear native fullscreen and casting from here: that is ads listening to fullscreen, but
 * fullscreen listens to series, which listens to ads, so ads importing fullscreen would make a
 * cycle of index files.
 */
import { combine, sample } from 'effector';
import { $config, $content, $currentEpisode, appStarted } from '../session';
import { $nextEpisode, nextEpisodeClicked } from '../series';
import { adsCastingChanged, adsNativeFullscreenChanged } from '../ads';
import { cleanTitle } from '../../lib/title';
import { httpUrl } from '../../lib/url';
import { $videoElementFullscreen, fullscreenModeSet, readFramedFx } from './model';
import { $casting } from './devices';
import { mediaSessionStarted, nextTrackAvailabilitySet, nextTrackRequested, nowPlayingSet, type NowPlaying } from './media-session';
import { connector } from '../../lib/connector';

/** Connects fullscreen to the features it hears; once (app/connect-features.ts). */
export const connectFullscreen = connector(() => {
  sample({ clock: appStarted, fn: () => undefined, target: mediaSessionStarted });
  sample({ clock: appStarted, fn: (config) => config.fullscreenMode, target: fullscreenModeSet });
  sample({ clock: appStarted, fn: () => undefined, target: readFramedFx });

  sample({ clock: $videoElementFullscreen, target: adsNativeFullscreenChanged });
  sample({ clock: $casting, target: adsCastingChanged });

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
});
