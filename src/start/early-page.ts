/**
 * The page's first work: its configuration, read once, and the start-up calls, sent at once.
 * index.html runs it inline (early-inline.ts), so the calls go out while the entry's chunks are
 * still downloading: on a mobile link that is a round trip (about 0.6 s) before the first frame.
 */
import { parseConfig, type PlayerConfig } from '../features/session/config';
import { sendEarlyRequests, type EarlySource, type EarlyStores } from './early-requests';
import { createEarlyAnswers } from '../api/early';
import { createPlaylistCache } from '../engine/playlist-cache';
import { browserCookies } from '../platform/cookies';
import { createWebStorage } from '../platform/web-storage';
import { readFavouriteAudio } from '../features/tracks/favourites';
import { recordIntents, type IntentRecorder } from './viewer-intents';
import { recordParentMessages } from '../platform/early-messages';
import { STORAGE_KEYS } from '../lib/constants';
import { sanitizeProgress } from '../lib/watched';

/** What the page's first work leaves for the entry. */
export interface EarlyPage {
  root: HTMLElement;
  config: PlayerConfig;
  /** The start-up answers for the API clients, playlists for the engine. */
  stores: EarlyStores;
  /** The start episode and its master playlist (fetched early); null when the early answers do not tell them. */
  episode: Promise<EarlySource | null>;
  /** The ad list, as soon as its answer comes (the episode's may come later). */
  adList: EarlySource['adList'];
  /** The viewer's taps and keys from the first paint on, kept until the page's shell takes them. */
  intents: IntentRecorder;
}

declare global {
  interface Window {
    /** The page's global movie id setting; wins over the movie_id query parameter. */
    MOVIE_ID?: unknown;
    /** Left by index.html's inline script (early-inline.ts) for the entry. */
    filmPlayerEarlyPage?: EarlyPage;
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

export function createEarlyPage(): EarlyPage {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the player page');
  const config = parseConfig({
    search: window.location.search,
    pageUrl: window.location.href,
    globalMovieId: window.MOVIE_ID,
    rootData: { ...root.dataset },
    frameData: frameData(),
  });
  const stores: EarlyStores = { answers: createEarlyAnswers(), playlists: createPlaylistCache() };
  const intents = recordIntents(document);
  window.filmPlayerParentMessages = [];
  recordParentMessages(window, window.filmPlayerParentMessages);
  const episode = sendEarlyRequests(config, browserCookies, Date.now(), stores, () => {
    const storage = createWebStorage();
    // The same reading the session model makes at its start, so both choose the same episode.
    return { favouriteAudio: readFavouriteAudio(storage, config.movieId), saved: sanitizeProgress(storage.read(STORAGE_KEYS.episodesTimeProgress)) };
  });
  return { root, config, stores, episode, adList: episode.adList, intents };
}
