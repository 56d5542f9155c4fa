/** Series' view: the finish-episode card, the seasons button and menu, the next-episode button. */
// The model API is index.ts; this entry is for app/ and other features' views only.
export { FinishEpisodeCard } from './view/finish-card';
export { SeasonsButton, SeasonsMenu, NextEpisodeButton, NO_PHOTO } from './view/series-menu';
