/**
 * Fullscreen's links: the page (session) starts the Media Session and sets the fullscreen mode;
 * the Media Session shows what plays (session) and its "next track" is the next episode (series);
 * a page error takes the content's element off the page.
 *
 * Ads hear native fullscreen and casting from here: that is ads listening to fullscreen, but
 * fullscreen listens to series, which listens to ads, so ads importing fullscreen would make a
 * cycle of index files.
 */
import { attach, combine, sample } from 'effector';
import { $config, $content, $currentEpisode, $phase, appStarted } from '../session';
import { $nextEpisode, nextEpisodeClicked } from '../series';
import { castingChanged as adsCastingChanged, nativeFullscreenChanged as adsNativeFullscreenChanged } from '../ads';
import { cleanTitle } from '../../lib/title';
import { httpUrl } from '../../lib/url';
import { $mediaElement, $videoElementFullscreen, fullscreenModeSet, mediaElementAttached } from './model';
import { $casting } from './devices';
import { mediaSessionStarted, nextTrackAvailabilitySet, nextTrackRequested, nowPlayingSet, type NowPlaying } from './media-session';

sample({ clock: appStarted, fn: () => undefined, target: mediaSessionStarted });
sample({ clock: appStarted, fn: (config) => config.fullscreenMode, target: fullscreenModeSet });

sample({ clock: $videoElementFullscreen, target: adsNativeFullscreenChanged });
sample({ clock: $casting, target: adsCastingChanged });

// A page error ends the page: the element the entry put on the page before the app leaves it
// (playback/links.ts stops the engine).
const removeElementFx = attach({ source: $mediaElement, effect: (element) => element?.remove() });
sample({ clock: [$phase.updates, mediaElementAttached], source: $phase, filter: (phase) => phase === 'error', target: removeElementFx });

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
