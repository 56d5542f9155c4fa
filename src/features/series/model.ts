import { combine, createEvent, createStore, sample } from 'effector';
import type { EpisodeDto, SeasonDto } from '../../api/dto';
import { $content, $currentEpisode, $episodes, $seasons, episodeChosen, nextEpisode } from '../session';

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
