/**
 * The start-up calls the page sends before the app is evaluated (api/early.ts): the same requests,
 * with the same headers, the session model's clients will make. Catalogue calls go only when no
 * token refresh would come first. Once the episodes arrive (and the content is available here), the
 * master playlist of the episode the page will start with is fetched too, for the engine; the
 * entry also reads the episode and the ad list from these answers, to know whether the app would
 * play the start at once (early-play.ts).
 */
import { catalogCalls, type CallTarget } from '../api/calls';
import { callUrl, type EarlyAnswers, type EarlyRequest } from '../api/early';
import type { PlaylistCache } from '../engine/playlist-cache';
import { audioRenditions, variantPlaylistUris } from '../engine/playlist-prefetch';
import { startAudioTrack, type AudioPreferences } from '../features/tracks/rules';
import { parseAdList, parseAvailability, parseEpisodes, type AdListDto, type EpisodeDto } from '../api/dto';
import { isExpired, parseAccessToken } from '../api/token';
import { CATALOG_BASE_PATH, COOKIE_KEYS } from '../lib/constants';
import type { CookieStore } from '../platform/cookies';
import type { PlayerConfig } from '../features/session/config';
import { chooseEpisode, masterUrl } from '../features/session/episodes';

export interface StartupRequests {
  requests: EarlyRequest[];
  /** The episodes call among them, when the catalogue calls go early. */
  episodes: EarlyRequest | null;
  /** The availability call among them, when it goes early. */
  availability: EarlyRequest | null;
  /** The ad list call among them, when the page has an ad list. */
  adList: EarlyRequest | null;
}

export function startupRequests(config: PlayerConfig, cookies: Pick<CookieStore, 'get'>, now: number): StartupRequests {
  const id = config.movieId;
  if (id === null) return { requests: [], episodes: null, availability: null, adList: null };
  const sessionContext = cookies.get(COOKIE_KEYS.deviceFingerprint) ?? '';
  const token = parseAccessToken(cookies.get(COOKIE_KEYS.authToken));
  const catalogEarly = !token || !isExpired(token, now);
  const headers = token ? { authorization: `Bearer ${token.raw}`, sessionContext } : { sessionContext };
  const base = config.baseUrl.replace(/\/+$/, '') + CATALOG_BASE_PATH;
  const call = (target: CallTarget): EarlyRequest => ({ url: callUrl(base, target), headers });
  const episodes = catalogEarly ? call(catalogCalls.episodes(id)) : null;
  const availability = catalogEarly && config.checkAvailability ? call(catalogCalls.availability(id, config.pageUrl)) : null;
  // The ad list never carries the token.
  const adList = config.adListUrl ? { url: config.adListUrl, headers: { sessionContext } } : null;
  // What the start episode waits for goes first: over HTTP/1.1 a browser has six connections to a host.
  const requests = [episodes, availability, adList].filter((request) => request !== null);
  if (catalogEarly) requests.push(call(catalogCalls.content(id)), call(catalogCalls.seasons(id)));
  return { requests, episodes, availability, adList };
}

/** The JSON body of a 2xx early answer, or undefined. */
async function earlyBody(answers: EarlyAnswers, request: EarlyRequest): Promise<unknown> {
  const answer = await answers.peek(request);
  if (!answer || answer.status < 200 || answer.status >= 300) return undefined;
  try {
    return JSON.parse(answer.body);
  } catch {
    return undefined;
  }
}

/** The episode the page starts with, and its master playlist. */
export interface EarlyEpisode {
  url: string;
  episode: EpisodeDto;
}

/**
 * The episode the page will start with and its master playlist, from the early answers; null when
 * they do not say (a failed or unreadable call), or when the content is not available here.
 */
export async function chooseEarlyEpisode(
  config: PlayerConfig,
  { episodes, availability }: Pick<StartupRequests, 'episodes' | 'availability'>,
  answers: EarlyAnswers,
  /** The viewer's saved positions (sanitised `episodesTimeProgress`), for the choice's rule 3. */
  saved: Readonly<Record<string, number>> = {},
): Promise<EarlyEpisode | null> {
  if (!episodes) return null;
  const [list, available] = await Promise.all([earlyBody(answers, episodes), availability ? earlyBody(answers, availability) : { available: true }]);
  try {
    if (!parseAvailability(available).available) return null;
    const episode = chooseEpisode(parseEpisodes(list), config, saved);
    const url = episode ? masterUrl(episode, config.baseUrl) : null;
    return episode && url ? { url, episode } : null;
  } catch {
    // A body the client will reject: it reports it; nothing to fetch early.
    return null;
  }
}

/**
 * The ad list as the session model will hold it, from the early answer: null without an ad list
 * or with an unreadable 2xx body (the model then runs without ads); undefined when the answer does
 * not settle it (no answer, or an error status the client may retry).
 */
export async function readEarlyAdList({ adList }: Pick<StartupRequests, 'adList'>, answers: EarlyAnswers): Promise<AdListDto | null | undefined> {
  if (!adList) return null;
  const answer = await answers.peek(adList);
  if (!answer || answer.status < 200 || answer.status >= 300) return undefined;
  try {
    return parseAdList(JSON.parse(answer.body));
  } catch {
    return null;
  }
}

/** What the early answers tell of the start: its episode and playlist, and the ad list, which may come later. */
export interface EarlySource extends EarlyEpisode {
  adList: Promise<AdListDto | null | undefined>;
}

/** Where the early start keeps what it fetched: the answers for the API clients, the playlist for the engine. */
export interface EarlyStores {
  answers: EarlyAnswers;
  playlists: PlaylistCache;
}

/**
 * The start episode's playlists: its master, then the media playlists a start loads (a few hundred
 * bytes each): the variants, and the audio rendition the start picks by the tracks' rule
 * (`startAudioTrack`: the page's languages, the label remembered for this content). The engine's
 * chunk is the largest download before the first frame; with them at hand, its first requests are
 * the segments. Not the rest (subtitles, other audio): over HTTP/1.1 a browser has six connections
 * to a host, and they would queue before the segments.
 */
function fetchStartPlaylists(playlists: PlaylistCache, masterUrl: string, audio: AudioPreferences): void {
  playlists.fetch(masterUrl);
  void playlists.peek(masterUrl)?.then((master) => {
    if (!master) return;
    for (const url of variantPlaylistUris(master, masterUrl)) playlists.fetch(url);
    const renditions = audioRenditions(master, masterUrl);
    if (renditions.length === 0) return;
    const chosen = renditions[startAudioTrack(renditions.map((rendition, id) => ({ ...rendition, id })), audio)];
    if (chosen) playlists.fetch(chosen.url);
  });
}

/** What the early episode and audio choices read from the viewer's storage. */
export interface Remembered {
  favouriteAudio: string | null;
  saved: Readonly<Record<string, number>>;
}

/**
 * Sends the start-up calls, then fetches the start episode's playlists as soon as they are known.
 * Resolves with the start, or null when the early answers do not tell it. Its `adList` comes with
 * its own answer, before the episode's (a pre-roll's document is asked for then, start/index.ts).
 */
export function sendEarlyRequests(
  config: PlayerConfig,
  cookies: Pick<CookieStore, 'get'>,
  now: number,
  { answers, playlists }: EarlyStores,
  /**
   * What the viewer left on this device, read once the calls are out (the calls do not need it,
   * and a first read of the page's storage can take milliseconds): the audio label remembered for
   * this content (favoriteAudioTracks), and the saved positions (sanitised `episodesTimeProgress`),
   * by which the episode choice counts an episode watched to its end as completed.
   */
  remembered: () => Remembered = () => ({ favouriteAudio: null, saved: {} }),
): Promise<EarlySource | null> & Pick<EarlySource, 'adList'> {
  const startup = startupRequests(config, cookies, now);
  answers.send(startup.requests);
  const { favouriteAudio, saved } = remembered();
  const audio: AudioPreferences = { languages: config.languages, favourite: favouriteAudio };
  const adList = readEarlyAdList(startup, answers);
  const episode = chooseEarlyEpisode(config, startup, answers, saved).then((start) => {
    if (!start) return null;
    fetchStartPlaylists(playlists, start.url, audio);
    return { ...start, adList };
  });
  return Object.assign(episode, { adList });
}
