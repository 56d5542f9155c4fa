export {
  episodeSelected,
  nextEpisodeClicked,
  episodeEnded,
  episodeSwitched,
  seasonsMenuToggled,
  seasonsMenuClosed,
  menuSeasonPicked,
  menuBackClicked,
  $isSeries,
  $nextEpisode,
  $lastChoice,
  $menuSeasons,
  $seasonsMenuOpen,
  $menuSeasonId,
  $menuEpisodes,
} from './model';
export { createSeries } from './model';
export type { EpisodeChoice, SeriesDeps, SeriesModel } from './model';
export {
  $finishWindowShown,
  $finishTrigger,
  $finishCountdown,
  finishWindowNextClicked,
  finishWindowClosed,
  finishWindowCreditsClicked,
  creditsCountdownEnded,
} from './finish-window';
export type { FinishTrigger } from './finish-window';
