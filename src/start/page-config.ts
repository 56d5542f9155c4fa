/**
 * The page's configuration and its start-up calls, as index.html's inline script left them
 * (early-page.ts). When that script did not run (a Content-Security-Policy without its hash), the
 * entry does the same work now, a round trip later on a mobile link.
 */
import { createEarlyPage } from './early-page';
import { importEngine } from './lazy-modules';

const page = window.filmPlayerEarlyPage ?? createEarlyPage();

export const root: HTMLElement = page.root;
export const config = page.config;
/** What the page fetches before its models exist: the start-up answers for the API clients, playlists for the engine. */
export const earlyStores = page.stores;
/** The start episode and its master playlist (fetched early); null when the early answers do not tell them. */
export const earlyEpisode = page.episode;
/** The ad list, as soon as its answer comes. */
export const earlyAdList = page.adList;
/** The viewer's taps and keys before the page's shell (viewer-intents.ts). */
export const viewerIntents = page.intents;

/** The engine chunk, asked for now so it is evaluated as soon as the entry is. */
export const engineModule = importEngine();
