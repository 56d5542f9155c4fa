export {
  appStarted,
  startAdopted,
  reloadClicked,
  $title,
  episodeChosen,
  $config,
  $content,
  $seasons,
  $episodes,
  $adList,
  $available,
  $userId,
  $currentEpisode,
  $imdbId,
  $pageError,
  $phase,
  loadStartupFx,
  fetchContentFx,
  fetchSeasonsFx,
  fetchEpisodesFx,
  fetchAvailabilityFx,
  fetchAdListFx,
  reportPageErrorFx,
  $apiClients,
} from './model';
export type { PageError, PagePhase, StartupData } from './model';
export { parseConfig, parseId } from './config';
export type { PlayerConfig, ConfigSources, FullscreenMode } from './config';
export { playerTitle } from './title';
export { chooseEpisode, sortEpisodes, nextEpisode, masterUrl } from './episodes';
