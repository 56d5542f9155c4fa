/**
 * The start-up calls the page sends before the app is evaluated (api/early.ts): the same requests,
 * with the same headers, the session model's clients will make. Catalogue calls go only when no
 * token refresh would come first. Once the episodes arrive, the master playlist of the episode the
 * page will start with is fetched too, for the engine.
 */
import { catalogCalls } from '../../api/calls';
import { callUrl, peekEarly, sendEarly, sendEarlyPlaylist, type EarlyRequest } from '../../api/early';
import { parseEpisodes } from '../../api/dto';
import { isExpired, parseAccessToken } from '../../api/token';
import { CATALOG_BASE_PATH, COOKIE_KEYS } from '../../lib/constants';
import type { CookieStore } from '../../platform/cookies';
import type { PlayerConfig } from './config';
import { chooseEpisode, masterUrl } from './episodes';

export interface StartupRequests {
  requests: EarlyRequest[];
  /** The episodes call among them, when the catalogue calls go early. */
  episodes: EarlyRequest | null;
}

export function startupRequests(config: PlayerConfig, cookies: Pick<CookieStore, 'get'>, now: number): StartupRequests {
  if (config.movieId === null) return { requests: [], episodes: null };
  const sessionContext = cookies.get(COOKIE_KEYS.deviceFingerprint) ?? '';
  const requests: EarlyRequest[] = [];
  let episodes: EarlyRequest | null = null;
  const token = parseAccessToken(cookies.get(COOKIE_KEYS.authToken));
  if (!token || !isExpired(token, now)) {
    const headers = token ? { authorization: `Bearer ${token.raw}`, sessionContext } : { sessionContext };
    const id = config.movieId;
    const base = config.baseUrl.replace(/\/+$/, '') + CATALOG_BASE_PATH;
    episodes = { url: callUrl(base, catalogCalls.episodes(id)), headers };
    requests.push({ url: callUrl(base, catalogCalls.content(id)), headers }, { url: callUrl(base, catalogCalls.seasons(id)), headers }, episodes);
    if (config.checkAvailability) requests.push({ url: callUrl(base, catalogCalls.availability(id, config.pageUrl)), headers });
  }
  // The ad list never carries the token.
  if (config.adListUrl) requests.push({ url: config.adListUrl, headers: { sessionContext } });
  return { requests, episodes };
}

/** The master playlist of the episode the page will start with, from the early episodes answer. */
export async function startMasterUrl(config: PlayerConfig, episodes: EarlyRequest | null): Promise<string | null> {
  const answer = episodes ? await peekEarly(episodes) : null;
  if (!answer || answer.status < 200 || answer.status >= 300) return null;
  try {
    const episode = chooseEpisode(parseEpisodes(JSON.parse(answer.body)), config);
    return episode ? masterUrl(episode, config.baseUrl) : null;
  } catch {
    // A body the client will reject: it reports it; nothing to fetch early.
    return null;
  }
}

/** Sends the start-up calls, then fetches the start episode's master playlist as soon as it is known. */
export function startEarly(config: PlayerConfig, cookies: Pick<CookieStore, 'get'>, now: number): void {
  const { requests, episodes } = startupRequests(config, cookies, now);
  sendEarly(requests);
  void startMasterUrl(config, episodes).then((url) => url && sendEarlyPlaylist(url));
}
