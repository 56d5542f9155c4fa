export { createSeries } from './model';
export type { EpisodeChoice, EpisodeRow, SeriesDeps, SeriesModel } from './model';
export type { FinishTrigger, FinishWindowDeps } from './finish-window';
