/**
 * Cross-feature wiring for series (issue 6): where each episode starts (decideStart over the
 * series choice, saved progress and the page's t/episode_time), the resume prompt, auto-advance,
 * episodeChanged to the parent, Media Session next track, prefetch, statistics.
 */
import { createEvent, createStore, sample } from 'effector';
import type { EpisodeDto } from '../api/dto';
import { $config, appStarted, episodeChosen, masterUrl } from '../features/session';
import { $currentSecond, $duration, autoplaySet, mediaEnded, playRequested, seekRequested, sourceRequested } from '../features/playback';
import { $lastChoice, $nextEpisode, $seasonsMenuOpen, episodeEnded, episodeSelected, menuBackClicked, menuSeasonPicked, nextEpisodeClicked } from '../features/series';
import { $savedProgress, continueClicked, decideStart, progressStarted, resumeAnswered, resumeOffered, startOverClicked, type StartDecision } from '../features/progress';
import { shareStarted } from '../features/share';
import { nextTrackAvailabilitySet, nextTrackRequested } from '../features/fullscreen';
import { $loopEnabled } from '../features/embed';
import { postToParentFx } from '../platform/parent-bridge';
import { sendStatFx } from '../platform/stats';
import { prefetchPlaylistsFx } from '../platform/prefetch';

/** The next episode's master playlist is fetched this close to the end of the current one. */
const PREFETCH_LEAD_S = 15;

sample({ clock: appStarted, fn: () => undefined, target: [progressStarted, shareStarted] });

const startDecided = createEvent<{ url: string; decision: StartDecision; autoPlay: boolean }>();

sample({
  clock: episodeChosen,
  source: { config: $config, choice: $lastChoice, saved: $savedProgress },
  filter: ({ config }, episode) => config !== null && masterUrl(episode, config.baseUrl) !== null,
  fn: ({ config, choice, saved }, episode) => ({
    url: masterUrl(episode, config!.baseUrl)!,
    autoPlay: config!.autoPlay,
    decision: decideStart({
      choice,
      episodeId: episode.id,
      duration: episode.duration,
      startTime: config!.startTime,
      episodeTime: config!.episodeTime,
      saved,
    }),
  }),
  target: startDecided,
});
// Autoplay first: the source applies it when it is ready.
sample({ clock: startDecided, fn: ({ decision, autoPlay }) => decision.autoplay ?? autoPlay, target: autoplaySet });
sample({ clock: startDecided, fn: ({ url, decision }) => ({ url, startTime: decision.startTime }), target: sourceRequested });
sample({
  clock: startDecided,
  filter: ({ decision }) => decision.resumeAt !== null,
  fn: ({ decision }) => decision.resumeAt!,
  target: resumeOffered,
});
sample({ clock: resumeAnswered, target: seekRequested });
sample({ clock: resumeAnswered, fn: () => undefined, target: playRequested });

// The parent learns of every episode that becomes current, the first one included.
sample({ clock: episodeChosen, fn: (episode) => ({ event: 'episodeChanged' as const, payload: { episode } }), target: postToParentFx });

// Auto-advance: the end of an episode selects the next one (it plays from 0), unless the
// embedder asked for a loop (player.js setLoop): the episode then replays (features/embed).
sample({ clock: mediaEnded, source: $loopEnabled, filter: (loop) => !loop, fn: () => undefined, target: episodeEnded });

// Media Session "next track" is the next episode.
sample({ clock: $nextEpisode, fn: (next) => next !== null, target: nextTrackAvailabilitySet });
sample({ clock: nextTrackRequested, fn: () => undefined, target: nextEpisodeClicked });

/** The episode whose playlists were prefetched, so each is fetched once. */
const $prefetchedFor = createStore<number | null>(null);
// Checked once a second: the lead is whole seconds, and time updates come four times as often.
const prefetchDue = sample({
  clock: $currentSecond.updates,
  source: { duration: $duration, next: $nextEpisode, config: $config, done: $prefetchedFor },
  filter: ({ duration, next, config, done }, time) =>
    duration > 0 && duration - time <= PREFETCH_LEAD_S && next !== null && config !== null && done !== next.id && masterUrl(next, config.baseUrl) !== null,
  fn: ({ next, config }) => ({ id: next!.id, url: masterUrl(next!, config!.baseUrl)! }),
});
sample({ clock: prefetchDue, fn: ({ id }) => id, target: $prefetchedFor });
sample({ clock: prefetchDue, fn: ({ url }) => url, target: prefetchPlaylistsFx });

// Statistics (SPEC.md §7).
const stat = (event: string) => ({ event });
sample({ clock: $seasonsMenuOpen.updates, fn: (open) => stat(open ? 'seasonsAndEpisodes_open' : 'seasonsAndEpisodes_close'), target: sendStatFx });
sample({ clock: menuSeasonPicked, fn: (seasonId) => ({ event: 'seasonsAndEpisodes_season_click', payload: { seasonId } }), target: sendStatFx });
sample({ clock: menuBackClicked, fn: () => stat('seasonsAndEpisodes_back'), target: sendStatFx });
sample({ clock: episodeSelected, fn: (episode) => ({ event: 'seasonsAndEpisodes_episode_click', payload: { episodeId: episode.id } }), target: sendStatFx });
sample({ clock: resumeOffered, fn: (position) => ({ event: 'stoppedHere_window_open', payload: { position } }), target: sendStatFx });
sample({ clock: continueClicked, fn: () => stat('stoppedHere_window_continue'), target: sendStatFx });
sample({ clock: startOverClicked, fn: () => stat('stoppedHere_window_restart'), target: sendStatFx });
