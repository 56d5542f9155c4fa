export { createSession } from './model';
export type { SessionModel, PageError, PagePhase, StartupData } from './model';
export { parseConfig, parseId } from './config';
export type { PlayerConfig, ConfigSources, FullscreenMode } from './config';
export { playerTitle } from './title';
export { chooseEpisode, sortEpisodes, nextEpisode, masterUrl } from './episodes';
