/**
 * The start-up calls the page sends before the app is evaluated (api/early.ts): the same requests,
 * with the same headers, the session model's clients will make. Catalogue calls go only when no
 * token refresh would come first. Once the episodes arrive (and the content is available here), the
 * master playlist of the episode the page will start with is fetched too, for the engine.
 */
import { catalogCalls } from '../../api/calls';
import { callUrl, peekEarly, sendEarly, sendEarlyPlaylist, type EarlyRequest } from '../../api/early';
import { parseAvailability, parseEpisodes } from '../../api/dto';
import { isExpired, parseAccessToken } from '../../api/token';
import { CATALOG_BASE_PATH, COOKIE_KEYS } from '../../lib/constants';
import type { CookieStore } from '../../platform/cookies';
import type { PlayerConfig } from './config';
import { chooseEpisode, masterUrl } from './episodes';

export interface StartupRequests {
  requests: EarlyRequest[];
  /** The episodes call among them, when the catalogue calls go early. */
  episodes: EarlyRequest | null;
  /** The availability call among them, when it goes early. */
  availability: EarlyRequest | null;
}

export function startupRequests(config: PlayerConfig, cookies: Pick<CookieStore, 'get'>, now: number): StartupRequests {
  if (config.movieId === null) return { requests: [], episodes: null, availability: null };
  const sessionContext = cookies.get(COOKIE_KEYS.deviceFingerprint) ?? '';
  const requests: EarlyRequest[] = [];
  let episodes: EarlyRequest | null = null;
  let availability: EarlyRequest | null = null;
  const token = parseAccessToken(cookies.get(COOKIE_KEYS.authToken));
  if (!token || !isExpired(token, now)) {
    const headers = token ? { authorization: `Bearer ${token.raw}`, sessionContext } : { sessionContext };
    const id = config.movieId;
    const base = config.baseUrl.replace(/\/+$/, '') + CATALOG_BASE_PATH;
    episodes = { url: callUrl(base, catalogCalls.episodes(id)), headers };
    requests.push({ url: callUrl(base, catalogCalls.content(id)), headers }, { url: callUrl(base, catalogCalls.seasons(id)), headers }, episodes);
    if (config.checkAvailability) {
      availability = { url: callUrl(base, catalogCalls.availability(id, config.pageUrl)), headers };
      requests.push(availability);
    }
  }
  // The ad list never carries the token.
  if (config.adListUrl) requests.push({ url: config.adListUrl, headers: { sessionContext } });
  return { requests, episodes, availability };
}

/** The JSON body of a 2xx early answer, or undefined. */
async function earlyBody(request: EarlyRequest): Promise<unknown> {
  const answer = await peekEarly(request);
  if (!answer || answer.status < 200 || answer.status >= 300) return undefined;
  try {
    return JSON.parse(answer.body);
  } catch {
    return undefined;
  }
}

/**
 * The master playlist of the episode the page will start with, from the early answers; null when
 * they do not say (a failed or unreadable call), or when the content is not available here.
 */
export async function startMasterUrl(config: PlayerConfig, { episodes, availability }: Pick<StartupRequests, 'episodes' | 'availability'>): Promise<string | null> {
  if (!episodes) return null;
  const [list, available] = await Promise.all([earlyBody(episodes), availability ? earlyBody(availability) : { available: true }]);
  try {
    if (!parseAvailability(available).available) return null;
    const episode = chooseEpisode(parseEpisodes(list), config);
    return episode ? masterUrl(episode, config.baseUrl) : null;
  } catch {
    // A body the client will reject: it reports it; nothing to fetch early.
    return null;
  }
}

/**
 * Sends the start-up calls, then fetches the start episode's master playlist as soon as it is
 * known. Resolves with that playlist's URL, or null when the early answers do not tell it.
 */
export function startEarly(config: PlayerConfig, cookies: Pick<CookieStore, 'get'>, now: number): Promise<string | null> {
  const startup = startupRequests(config, cookies, now);
  sendEarly(startup.requests);
  return startMasterUrl(config, startup).then((url) => {
    if (url) sendEarlyPlaylist(url);
    return url;
  });
}
