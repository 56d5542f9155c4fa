import { combine, createEvent, createStore, sample, type Store } from 'effector';
import type { EpisodeDto, SeasonDto } from '../../api/dto';
import { httpUrl } from '../../lib/url';
import { $config, $content, $currentEpisode, $episodes, $seasons, episodeChosen, nextEpisode } from '../session';
import type { ProgressMap } from '../progress';

/** Why an episode became current; decides where it starts (see the progress feature). */
export type EpisodeChoice = 'start' | 'menu' | 'next' | 'auto';

// Intents.
export const episodeSelected = createEvent<EpisodeDto>();
export const nextEpisodeClicked = createEvent();
/** The current episode played to its end (a media fact relayed by the app). */
export const episodeEnded = createEvent();
export const seasonsMenuToggled = createEvent();
export const seasonsMenuClosed = createEvent();
export const menuSeasonPicked = createEvent<number>();
export const menuBackClicked = createEvent();

/** A choice made by the viewer or by auto-advance, before it becomes current. */
export const episodeSwitched = createEvent<{ episode: EpisodeDto; choice: EpisodeChoice }>();

export const $isSeries = $content.map((content) => content?.hasMultipleEpisodes ?? false);
export const $nextEpisode = combine($episodes, $currentEpisode, nextEpisode);
export const $lastChoice = createStore<EpisodeChoice>('start').on(episodeSwitched, (_, { choice }) => choice);

/** Seasons that have at least one episode, in order. */
export const $menuSeasons = combine($seasons, $episodes, (seasons, episodes): SeasonDto[] =>
  seasons.filter((season) => episodes.some((episode) => episode.season?.id === season.id)),
);

export const $seasonsMenuOpen = createStore(false)
  .on(seasonsMenuToggled, (open) => !open)
  .reset([seasonsMenuClosed, episodeSwitched]);

/** null shows the season list; a season id shows that season's episodes. Opening starts at the list (SPEC.md §2). */
export const $menuSeasonId = createStore<number | null>(null)
  .on(menuSeasonPicked, (_, id) => id)
  .reset([menuBackClicked, seasonsMenuClosed, seasonsMenuToggled, episodeSwitched]);

export const $menuEpisodes = combine($episodes, $menuSeasonId, (episodes, seasonId) =>
  seasonId === null ? [] : episodes.filter((episode) => episode.season?.id === seasonId),
);

/** Share of an episode watched from which the menu marks it watched. */
const WATCHED_SHARE = 0.95;

/** An episode's poster as an absolute http(s) URL on the base URL; null (the no-photo placeholder) for none or any other scheme. */
export function posterUrl(path: string | null, baseUrl: string | null | undefined): string | null {
  return path && baseUrl ? httpUrl(path, `${baseUrl}/`) : null;
}

/** Watched share 0..1: 1 when completed, else the saved position, else the catalogue's watchProgress (seconds). */
export function watchedShare(episode: EpisodeDto, saved: ProgressMap): number {
  if (episode.isCompleted) return 1;
  const position = saved[String(episode.id)] ?? episode.watchProgress ?? 0;
  return episode.duration && episode.duration > 0 ? Math.min(1, Math.max(0, position / episode.duration)) : 0;
}

/** A row of the season's episode list. */
export interface EpisodeRow {
  episode: EpisodeDto;
  poster: string | null;
  /** Watched share 0..1, for the progress bar. */
  watched: number;
  /** Completed, or watched to WATCHED_SHARE. */
  done: boolean;
}

const $baseUrl = $config.map((config) => config?.baseUrl ?? null);

/** What series hears from the other features, named by what it is to series. */
export interface SeriesDeps {
  /** The positions saved per episode (progress), for what the episode list shows watched. */
  $savedProgress: Store<ProgressMap>;
}

export type SeriesModel = ReturnType<typeof createSeries>;

/** The series' units that read the other features' (the rest are still this module's own). */
export function createSeries(deps: SeriesDeps) {
  const $menuEpisodeRows = combine($menuEpisodes, deps.$savedProgress, $baseUrl, (episodes, saved, baseUrl): EpisodeRow[] =>
    episodes.map((episode) => {
      const watched = watchedShare(episode, saved);
      return { episode, poster: posterUrl(episode.posterPath, baseUrl), watched, done: episode.isCompleted || watched >= WATCHED_SHARE };
    }),
  );
  return { $menuEpisodeRows };
}
/** The next episode's poster (the button's card and the end-of-episode card). */
export const $nextEpisodePoster = combine($nextEpisode, $baseUrl, (next, baseUrl) => posterUrl(next?.posterPath ?? null, baseUrl));

sample({
  clock: episodeSelected,
  fn: (episode) => ({ episode, choice: 'menu' as const }),
  target: episodeSwitched,
});

sample({
  clock: nextEpisodeClicked,
  source: $nextEpisode,
  filter: Boolean,
  fn: (episode) => ({ episode, choice: 'next' as const }),
  target: episodeSwitched,
});

sample({
  clock: episodeEnded,
  source: $nextEpisode,
  filter: Boolean,
  fn: (episode) => ({ episode, choice: 'auto' as const }),
  target: episodeSwitched,
});

sample({ clock: episodeSwitched, fn: ({ episode }) => episode, target: episodeChosen });
