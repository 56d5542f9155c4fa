/**
 * Fullscreen's links: the Media Session's "next track" is the next episode (series).
 */
import { sample } from 'effector';
import { $nextEpisode, nextEpisodeClicked } from '../series';
import { nextTrackAvailabilitySet, nextTrackRequested } from './media-session';

// Media Session "next track" is the next episode.
sample({ clock: $nextEpisode, fn: (next) => next !== null, target: nextTrackAvailabilitySet });
sample({ clock: nextTrackRequested, fn: () => undefined, target: nextEpisodeClicked });
