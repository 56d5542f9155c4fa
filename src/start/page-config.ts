/**
 * The page's configuration, read once, and its start-up calls sent at once: this module is the
 * entry's first import, so the calls go out before the app's modules are evaluated.
 */
import { parseConfig } from '../features/session/config';
import { sendEarlyRequests, type EarlyStores } from './early-requests';
import { createEarlyAnswers } from '../api/early';
import { createPlaylistCache } from '../engine/playlist-cache';
import { browserCookies } from '../platform/cookies';

declare global {
  interface Window {
    /** The page's global movie id setting; wins over the movie_id query parameter. */
    MOVIE_ID?: unknown;
  }
}

/** data-* attributes of the embedding iframe; readable only when the parent is same-origin. */
function frameData(): Record<string, string | undefined> {
  try {
    const frame = window.frameElement;
    return frame instanceof HTMLElement ? { ...frame.dataset } : {};
  } catch {
    return {};
  }
}

const element = document.getElementById('root');
if (!element) throw new Error('#root is missing from the player page');
export const root: HTMLElement = element;

export const config = parseConfig({
  search: window.location.search,
  pageUrl: window.location.href,
  globalMovieId: window.MOVIE_ID,
  rootData: { ...root.dataset },
  frameData: frameData(),
});

/** What the page fetches before its models exist: the start-up answers for the API clients, playlists for the engine. */
export const earlyStores: EarlyStores = { answers: createEarlyAnswers(), playlists: createPlaylistCache() };

/** The start episode and its master playlist (fetched early); null when the early answers do not tell them. */
export const earlyEpisode = sendEarlyRequests(config, browserCookies, Date.now(), earlyStores);

/** The engine chunk, asked for now so it is evaluated as soon as the entry is. */
export const engineModule = import('../engine/hls-engine');
