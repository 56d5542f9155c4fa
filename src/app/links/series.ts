/**
 * Series' links (issue 6): where each episode starts (planStart over the series choice, the
 * saved progress and the page's t/episode_time) and how (autoplay, the source, the resume offer),
 * the next episode's playlists fetched ahead, and the seasons menu's statistics.
 * Elsewhere: the resume prompt's answer and its statistics are progress's (links/progress.ts);
 * auto-advance and episodeChanged to the parent are embed's (links/embed.ts), whose loop holds
 * auto-advance back; the Media Session's next track is fullscreen's; the seasons menu's
 * exclusivity with the other panels is menus'.
 */
import { createEvent, createStore, sample } from 'effector';
import { masterUrl } from '../../features/session';
import { planStart, type StartPlan } from '../../features/progress';
import { sendStatFx, stat } from '../../platform/stats';
import type { EpisodeChoice } from '../../features/series';
import type { Features } from '../create-features';

/** Links series to the features it hears; the player calls it once (app/link-features.ts). */
export function linkSeries({ playback, session, progress, series }: Features): void {
  const { $currentSecond, $duration, $muted, $pageSource, autoplaySet, pageSourceKept, prefetchSourceFx, sourceRequested } = playback;
  const { $config, episodeChosen } = session;
  const { $adoptedPlan, $savedProgress, resumeOffered } = progress;
  const { $lastChoice, $nextEpisode, $seasonsMenuOpen, episodeSelected, menuBackClicked, menuSeasonPicked } = series;
  /** The next episode's master playlist is fetched this close to the end of the current one. */
  const PREFETCH_LEAD_S = 15;

  const startDecided = createEvent<{ url: string; plan: StartPlan; episodeId: number; choice: EpisodeChoice }>();

  sample({
    clock: episodeChosen,
    source: { config: $config, choice: $lastChoice, saved: $savedProgress, adopted: $adoptedPlan, muted: $muted },
    filter: ({ config }, episode) => config !== null && masterUrl(episode, config.baseUrl) !== null,
    fn: ({ config, choice, saved, adopted, muted }, episode) => ({
      url: masterUrl(episode, config!.baseUrl)!,
      episodeId: episode.id,
      choice,
      // The start episode's plan was made by the page's start when it got that far: taken, not made again.
      plan:
        choice === 'start' && adopted?.episodeId === episode.id
          ? adopted
          : planStart({
              choice,
              episodeId: episode.id,
              duration: episode.duration,
              startTime: config!.startTime,
              episodeTime: config!.episodeTime,
              saved,
              autoPlay: config!.autoPlay,
              // The ads model holds the first play for a pre-roll itself (ads/model/schedule.ts).
              preroll: false,
              muted,
            }),
    }),
    target: startDecided,
  });
  // Autoplay first: the source applies it when it is ready.
  sample({ clock: startDecided, fn: ({ plan }) => plan.play !== 'click', target: autoplaySet });
  // The start episode's source is the one the page's start loaded, when it loaded it: kept, not
  // loaded again. Read once: keeping it ends the page's source.
  const sourceDecided = sample({
    clock: startDecided,
    source: $pageSource,
    fn: (page, { choice, episodeId, url, plan }) => ({
      kept: page !== null && choice === 'start' && page.episodeId === episodeId ? page : null,
      request: { url, startTime: plan.startTime },
    }),
  });
  sample({ clock: sourceDecided, filter: ({ kept }) => kept !== null, fn: ({ kept }) => kept!, target: pageSourceKept });
  sample({ clock: sourceDecided, filter: ({ kept }) => kept === null, fn: ({ request }) => request, target: sourceRequested });
  sample({
    clock: startDecided,
    filter: ({ plan }) => plan.resumeAt !== null,
    fn: ({ plan }) => plan.resumeAt!,
    target: resumeOffered,
  });

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
  sample({ clock: prefetchDue, fn: ({ url }) => url, target: prefetchSourceFx });

  // Statistics (SPEC.md §7): seasonsAndEpisodes_*.
  sample({ clock: $seasonsMenuOpen.updates, fn: (open) => stat(open ? 'seasonsAndEpisodes_open' : 'seasonsAndEpisodes_close'), target: sendStatFx });
  sample({ clock: menuSeasonPicked, fn: (seasonId) => stat('seasonsAndEpisodes_season_click', { seasonId }), target: sendStatFx });
  sample({ clock: menuBackClicked, fn: () => stat('seasonsAndEpisodes_back'), target: sendStatFx });
  sample({ clock: episodeSelected, fn: (episode) => stat('seasonsAndEpisodes_episode_click', { episodeId: episode.id }), target: sendStatFx });
}
