import { combine, createEvent, createStore, sample, type EventCallable, type Store } from 'effector';
import type { ContentDto, EpisodeDto, SeasonDto } from '../../api/dto';
import { httpUrl } from '../../lib/url';
import type { ProgressMap } from '../progress';
import { nextEpisode } from '../session';
import type { FinishWindowDeps } from './finish-window';
import { createFinishWindow } from './finish-window';

/** Why an episode became current; decides where it starts (see the progress feature). */
export type EpisodeChoice = 'start' | 'menu' | 'next' | 'auto';

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

/** What series hears from the other features, named by what it is to series. */
export interface SeriesDeps extends FinishWindowDeps {
  /** The catalogue's base URL, for the posters (session's configuration). */
  $config: Store<{ baseUrl: string } | null>;
  /** What plays: a film or a series (session). */
  $content: Store<ContentDto | null>;
  $seasons: Store<SeasonDto[]>;
  $episodes: Store<EpisodeDto[]>;
  $currentEpisode: Store<EpisodeDto | null>;
  /** Makes an episode current (session): series' choices end there. */
  episodeChosen: EventCallable<EpisodeDto>;
  /** The positions saved per episode (progress), for what the episode list shows watched. */
  $savedProgress: Store<ProgressMap>;
}

export type SeriesModel = ReturnType<typeof createSeries>;

/** The series: its episode choices, the seasons menu and the end-of-episode card, built on the units of the features it hears. */
export function createSeries(deps: SeriesDeps) {
  // Intents.
  const episodeSelected = createEvent<EpisodeDto>();
  const nextEpisodeClicked = createEvent();
  /** The current episode played to its end (a media fact relayed by the app). */
  const episodeEnded = createEvent();
  const seasonsMenuToggled = createEvent();
  const seasonsMenuClosed = createEvent();
  const menuSeasonPicked = createEvent<number>();
  const menuBackClicked = createEvent();

  /** A choice made by the viewer or by auto-advance, before it becomes current. */
  const episodeSwitched = createEvent<{ episode: EpisodeDto; choice: EpisodeChoice }>();

  const $isSeries = deps.$content.map((content) => content?.hasMultipleEpisodes ?? false);
  const $nextEpisode = combine(deps.$episodes, deps.$currentEpisode, nextEpisode);
  const $lastChoice = createStore<EpisodeChoice>('start').on(episodeSwitched, (_, { choice }) => choice);

  const menu = createSeasonsMenu(deps, { seasonsMenuToggled, seasonsMenuClosed, menuSeasonPicked, menuBackClicked, episodeSwitched });
  const $baseUrl = deps.$config.map((config) => config?.baseUrl ?? null);
  const $menuEpisodeRows = combine(menu.$menuEpisodes, deps.$savedProgress, $baseUrl, (episodes, saved, baseUrl): EpisodeRow[] =>
    episodes.map((episode) => {
      const watched = watchedShare(episode, saved);
      return { episode, poster: posterUrl(episode.posterPath, baseUrl), watched, done: episode.isCompleted || watched >= WATCHED_SHARE };
    }),
  );
  /** The next episode's poster (the button's card and the end-of-episode card). */
  const $nextEpisodePoster = combine($nextEpisode, $baseUrl, (next, baseUrl) => posterUrl(next?.posterPath ?? null, baseUrl));

  sample({ clock: episodeSelected, fn: (episode) => ({ episode, choice: 'menu' as const }), target: episodeSwitched });
  sample({ clock: nextEpisodeClicked, source: $nextEpisode, filter: Boolean, fn: (episode) => ({ episode, choice: 'next' as const }), target: episodeSwitched });
  sample({ clock: episodeEnded, source: $nextEpisode, filter: Boolean, fn: (episode) => ({ episode, choice: 'auto' as const }), target: episodeSwitched });
  sample({ clock: episodeSwitched, fn: ({ episode }) => episode, target: deps.episodeChosen });

  const finishWindow = createFinishWindow(deps, { $nextEpisode, nextEpisodeClicked });

  return {
    episodeSelected,
    nextEpisodeClicked,
    episodeEnded,
    episodeSwitched,
    seasonsMenuToggled,
    seasonsMenuClosed,
    menuSeasonPicked,
    menuBackClicked,
    $isSeries,
    /** The current episode as series hears it (session): the menu marks it. */
    $currentEpisode: deps.$currentEpisode,
    $nextEpisode,
    $lastChoice,
    ...menu,
    $menuEpisodeRows,
    $nextEpisodePoster,
    ...finishWindow,
  };
}

interface MenuIntents {
  seasonsMenuToggled: EventCallable<void>;
  seasonsMenuClosed: EventCallable<void>;
  menuSeasonPicked: EventCallable<number>;
  menuBackClicked: EventCallable<void>;
  episodeSwitched: EventCallable<{ episode: EpisodeDto; choice: EpisodeChoice }>;
}

/** The 'Сезоны и серии' menu: open or not, the season shown, its seasons and episodes. */
function createSeasonsMenu(deps: SeriesDeps, own: MenuIntents) {
  const { seasonsMenuToggled, seasonsMenuClosed, menuSeasonPicked, menuBackClicked, episodeSwitched } = own;
  /** Seasons that have at least one episode, in order. */
  const $menuSeasons = combine(deps.$seasons, deps.$episodes, (seasons, episodes): SeasonDto[] =>
    seasons.filter((season) => episodes.some((episode) => episode.season?.id === season.id)),
  );

  const $seasonsMenuOpen = createStore(false)
    .on(seasonsMenuToggled, (open) => !open)
    .reset([seasonsMenuClosed, episodeSwitched]);

  /** null shows the season list; a season id shows that season's episodes. Opening starts at the list (SPEC.md §2). */
  const $menuSeasonId = createStore<number | null>(null)
    .on(menuSeasonPicked, (_, id) => id)
    .reset([menuBackClicked, seasonsMenuClosed, seasonsMenuToggled, episodeSwitched]);

  const $menuEpisodes = combine(deps.$episodes, $menuSeasonId, (episodes, seasonId) =>
    seasonId === null ? [] : episodes.filter((episode) => episode.season?.id === seasonId),
  );
  return { $menuSeasons, $seasonsMenuOpen, $menuSeasonId, $menuEpisodes };
}
