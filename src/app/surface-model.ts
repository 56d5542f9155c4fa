/**
 * Cross-feature wiring of the player surface: page configuration into playback, tracks,
 * menus and fullscreen; parent actions; Media Session metadata from the session.
 */
import { combine, sample } from 'effector';
import { $config, $content, $currentEpisode, appStarted } from '../features/session';
import { cleanTitle } from '../lib/title';
import { httpUrl } from '../lib/url';
import { layoutWatchStarted, pauseClicked, shareAvailabilitySet } from '../features/playback';
import { audioContentSet, audioLanguagesSet } from '../features/tracks';
import { parentActionReceived, parentListenStarted } from '../features/menus';
import { fullscreenModeSet, mediaSessionStarted, nowPlayingSet, type NowPlaying } from '../features/fullscreen';

sample({ clock: appStarted, fn: () => undefined, target: [layoutWatchStarted, parentListenStarted, mediaSessionStarted] });
sample({ clock: appStarted, fn: (config) => config.fullscreenMode, target: fullscreenModeSet });
sample({ clock: appStarted, fn: (config) => config.languages, target: audioLanguagesSet });
sample({ clock: appStarted, fn: (config) => !config.disabledShare, target: shareAvailabilitySet });
sample({ clock: $content.updates, fn: (content) => content?.id ?? null, target: audioContentSet });

// A `{ type: 'pause' }` message from the parent frame pauses.
sample({ clock: parentActionReceived, filter: ({ type }) => type === 'pause', fn: () => undefined, target: pauseClicked });

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
