import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createCatalogApi, type CatalogApi } from '../../api/catalog';
import { fetchAdList } from '../../api/ad-list';
import { createApiClients, type ApiClients } from '../../api/http';
import type { EarlyAnswers } from '../../api/early';
import type { StartSnapshot } from '../../start/snapshot';
import { isHttpError } from '../../api/errors';
import type { AdListDto, ContentDto, EpisodeDto, SeasonDto } from '../../api/dto';
import { browserCookies } from '../../platform/cookies';
import { reportError, setReportScope } from '../../platform/sentry';
import { imdbTitleId } from '../../lib/title';
import { describePageError, describePlayer } from './report';
import type { PlayerConfig } from './config';
import { chooseEpisode, sortEpisodes } from './episodes';
import { playerTitle } from './title';
import { reloadPageFx } from '../../platform/page';
import { $storage } from '../../platform/storage';
import { STORAGE_KEYS } from '../../lib/constants';
import { sanitizeProgress } from '../../lib/watched';

/** Page-level failures, each with its own text (SPEC.md §2, §8). */
export type PageError =
  | { kind: 'missingMovieId' }
  | { kind: 'noEpisodes' }
  | { kind: 'notFound' }
  | { kind: 'blocked' }
  | { kind: 'unknown'; errorId: string };

export type PagePhase = 'loading' | 'ready' | 'error';

export interface StartupData {
  content: ContentDto;
  seasons: SeasonDto[];
  episodes: EpisodeDto[];
  available: boolean;
  adList: AdListDto | null;
}

export const appStarted = createEvent<PlayerConfig>();
export const reloadClicked = createEvent();
/** An episode became current: chosen at start, from the menu, or by auto-advance. */
export const episodeChosen = createEvent<EpisodeDto>();

/**
 * The app takes the page's start (src/start), once, before appStarted: each feature takes its part
 * of the one value (the answers here, the plan in progress, the source and the autoplay in playback).
 */
export const startAdopted = createEvent<StartSnapshot>();

export const $config = createStore<PlayerConfig | null>(null).on(appStarted, (_, config) => config);
/** The start-up answers the page asked for before the models existed (api/early.ts). */
const $earlyAnswers = createStore<EarlyAnswers | null>(null, { serialize: 'ignore' }).on(startAdopted, (_, { answers }) => answers);
/**
 * This page's API clients (catalogue, authenticator, plain) on the configured base URL, sharing one
 * token lock over the page's cookies, taking the early answers first. Other features attach their calls to it.
 */
export const $apiClients = combine($config, $earlyAnswers, (config, early): ApiClients | null =>
  config ? createApiClients({ baseUrl: config.baseUrl, cookies: browserCookies, early: early ?? undefined }) : null,
);
const $catalog = $apiClients.map<CatalogApi | null>((clients) => (clients ? createCatalogApi(clients.catalog) : null));

/**
 * A catalogue call bound to this player's client, one call per effect, for calls made on their own.
 * The start-up does not go through them (loadStartupFx calls the API functions). In tests, fork
 * handlers receive (client, params).
 */
function withCatalog<P, R>(call: (api: CatalogApi, params: P) => Promise<R>) {
  return attach({
    source: $catalog,
    effect: (api: CatalogApi | null, params: P): Promise<R> => {
      if (!api) throw new Error('catalogue used before appStarted');
      return call(api, params);
    },
  });
}

export const fetchContentFx = withCatalog((api, id: number) => api.getContent(id));
export const fetchSeasonsFx = withCatalog((api, id: number) => api.getSeasons(id));
export const fetchEpisodesFx = withCatalog((api, id: number) => api.getEpisodes(id));
export const fetchAvailabilityFx = withCatalog((api, { id, domain }: { id: number; domain: string }) =>
  api.getAvailability(id, domain),
);
/** The ad list goes through the plain client. In tests, fork handlers receive (clients, url). */
export const fetchAdListFx = attach({
  source: $apiClients,
  effect: (clients: ApiClients | null, url: string): Promise<AdListDto> => {
    if (!clients) throw new Error('ad list requested before appStarted');
    return fetchAdList(clients.plain, url);
  },
});

/**
 * Reports a page error to the error service (Sentry, with the response data) and returns the id
 * the viewer is shown: the Sentry event id, or a local id when Sentry is not configured.
 */
export const reportPageErrorFx = createEffect<unknown, string>((error) => reportError(describePageError(error)));

/** The start-up calls (SPEC.md §7) as plain async functions. */
export interface StartupCalls {
  content(id: number): Promise<ContentDto>;
  seasons(id: number): Promise<SeasonDto[]>;
  episodes(id: number): Promise<EpisodeDto[]>;
  availability(id: number, domain: string): Promise<{ available: boolean }>;
  adList(url: string): Promise<AdListDto>;
}

/** The start-up calls on this page's clients: the catalogue's four, and the ad list through the plain client. */
function startupCalls(clients: ApiClients): StartupCalls {
  const catalog = createCatalogApi(clients.catalog);
  return {
    content: catalog.getContent,
    seasons: catalog.getSeasons,
    episodes: catalog.getEpisodes,
    availability: catalog.getAvailability,
    adList: (url) => fetchAdList(clients.plain, url),
  };
}

export type StartupRequest = Pick<PlayerConfig, 'checkAvailability' | 'pageUrl' | 'adListUrl'> & { movieId: number };

/**
 * The five start-up calls, in parallel (SPEC.md §7). A failed ad list means no ads; any other
 * failure fails the start (the page error). Episodes come sorted.
 */
export async function loadStartup(calls: StartupCalls, { movieId, checkAvailability, pageUrl, adListUrl }: StartupRequest): Promise<StartupData> {
  const [content, seasons, episodes, availability, adList] = await Promise.all([
    calls.content(movieId),
    calls.seasons(movieId),
    calls.episodes(movieId),
    checkAvailability ? calls.availability(movieId, pageUrl) : { available: true },
    adListUrl ? calls.adList(adListUrl).catch(() => null) : null,
  ]);
  return { content, seasons, episodes: sortEpisodes(episodes), available: availability.available, adList };
}

/**
 * loadStartup on this page's clients. It calls the API functions itself, not the per-call effects
 * above. In tests, fork handlers receive (clients, config): `(_, config) => loadStartup(fakeCalls, config)`.
 */
export const loadStartupFx = attach({
  source: $apiClients,
  effect: (clients: ApiClients | null, config: PlayerConfig & { movieId: number }): Promise<StartupData> => {
    if (!clients) throw new Error('start-up calls before appStarted');
    return loadStartup(startupCalls(clients), config);
  },
});

export const $content = createStore<ContentDto | null>(null).on(loadStartupFx.doneData, (_, data) => data.content);
export const $seasons = createStore<SeasonDto[]>([]).on(loadStartupFx.doneData, (_, data) =>
  [...data.seasons].sort((a, b) => a.order - b.order),
);
export const $episodes = createStore<EpisodeDto[]>([]).on(loadStartupFx.doneData, (_, data) => data.episodes);
export const $adList = createStore<AdListDto | null>(null).on(loadStartupFx.doneData, (_, data) => data.adList);
export const $available = createStore(true).on(loadStartupFx.doneData, (_, data) => data.available);
export const $userId = $config.map((config) => config?.userId ?? null);
export const $currentEpisode = createStore<EpisodeDto | null>(null).on(episodeChosen, (_, episode) => episode);
export const $pageError = createStore<PageError | null>(null);

export const $title = combine($content, $currentEpisode, playerTitle);
/** The film-database title id from rating.imdb.url (SPEC.md §3), null when the content has none. */
export const $imdbId = $content.map((content) => imdbTitleId(content?.rating?.imdb?.url) || null);

export const $phase = combine($pageError, $currentEpisode, (error, episode): PagePhase =>
  error ? 'error' : episode ? 'ready' : 'loading',
);

/**
 * The viewer's saved positions, read at start for the episode choice's rule 3 (an episode watched
 * to its end here counts as completed). The progress feature keeps its own copy for the resume
 * prompt and writes it; the start needs only this first reading. In tests, fork handlers receive (storage).
 */
const readWatchedHereFx = attach({ source: $storage, effect: (storage) => sanitizeProgress(storage.read(STORAGE_KEYS.episodesTimeProgress)) });
const $watchedHere = createStore<Record<string, number>>({}, { serialize: 'ignore' }).on(readWatchedHereFx.doneData, (_, saved) => saved);
// Before the start-up calls, and synchronous: it is in the store before any answer.
sample({ clock: appStarted, target: readWatchedHereFx });

sample({
  clock: appStarted,
  filter: (config): config is PlayerConfig & { movieId: number } => config.movieId !== null,
  target: loadStartupFx,
});

sample({
  clock: appStarted,
  filter: (config) => config.movieId === null,
  fn: (): PageError => ({ kind: 'missingMovieId' }),
  target: $pageError,
});

sample({
  clock: loadStartupFx.doneData,
  filter: (data) => !data.available,
  fn: (): PageError => ({ kind: 'blocked' }),
  target: $pageError,
});

sample({
  clock: loadStartupFx.doneData,
  filter: (data) => data.available && data.episodes.length === 0,
  fn: (): PageError => ({ kind: 'noEpisodes' }),
  target: $pageError,
});

const startEpisodeResolved = createEvent<EpisodeDto | null>();

sample({
  clock: loadStartupFx.doneData,
  source: { config: $config, saved: $watchedHere },
  filter: (_, data) => data.available,
  fn: ({ config, saved }, data) => chooseEpisode(data.episodes, config ?? { episodeId: null, season: null, episode: null }, saved),
  target: startEpisodeResolved,
});

sample({
  clock: startEpisodeResolved,
  filter: (episode): episode is EpisodeDto => episode !== null,
  target: episodeChosen,
});

sample({ clock: loadStartupFx.failData, filter: (error) => isHttpError(error, 404), fn: (): PageError => ({ kind: 'notFound' }), target: $pageError });
sample({ clock: loadStartupFx.failData, filter: (error) => !isHttpError(error, 404), target: reportPageErrorFx });
sample({ clock: reportPageErrorFx.doneData, fn: (errorId): PageError => ({ kind: 'unknown', errorId }), target: $pageError });

sample({ clock: reloadClicked, target: reloadPageFx });

/** What every later error report carries about what plays: set on the error service's scope. */
export const setReportScopeFx = createEffect(setReportScope);
const $reportScope = combine(
  {
    contentId: $content.map((content) => content?.id ?? null),
    episodeId: $currentEpisode.map((episode) => episode?.id ?? null),
    imdbId: $imdbId,
  },
  describePlayer,
);
sample({ clock: $reportScope.updates, target: setReportScopeFx });
