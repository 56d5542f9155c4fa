/**
 * Session's calls: this page's API clients over the configuration and the early answers, the
 * catalogue's calls one by one, and the five start-up calls (SPEC.md §7) in one effect.
 */
import { attach, combine, createStore, type Event, type Store } from 'effector';
import { createCatalogApi, type CatalogApi } from '../../api/catalog';
import { fetchAdList } from '../../api/ad-list';
import { createApiClients, type ApiClients } from '../../api/http';
import type { EarlyAnswers } from '../../api/early';
import type { AdListDto, ContentDto, EpisodeDto, SeasonDto } from '../../api/dto';
import type { StartSnapshot } from '../../start/snapshot';
import { browserCookies } from '../../platform/cookies';
import type { PlayerConfig } from './config';
import { sortEpisodes } from './episodes';

export interface StartupData {
  content: ContentDto;
  seasons: SeasonDto[];
  episodes: EpisodeDto[];
  available: boolean;
  adList: AdListDto | null;
}

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
 * A catalogue call bound to this player's client, one call per effect, for calls made on their own.
 * The start-up does not go through them (loadStartupFx calls the API functions). In tests, fork
 * handlers receive (client, params).
 */
function withCatalog<P, R>($catalog: Store<CatalogApi | null>, call: (api: CatalogApi, params: P) => Promise<R>) {
  return attach({
    source: $catalog,
    effect: (api: CatalogApi | null, params: P): Promise<R> => {
      if (!api) throw new Error('catalogue used before appStarted');
      return call(api, params);
    },
  });
}

/** What the calls hear: the configuration the app starts with, and the page's start it adopts. */
export interface StartupCallsDeps {
  appStarted: Event<PlayerConfig>;
  startAdopted: Event<StartSnapshot>;
}

/** The configuration, this page's API clients, the catalogue's calls and the start-up calls. */
export function createStartupCalls({ appStarted, startAdopted }: StartupCallsDeps) {
  const $config = createStore<PlayerConfig | null>(null).on(appStarted, (_, config) => config);
  /** The start-up answers the page asked for before the models existed (api/early.ts). */
  const $earlyAnswers = createStore<EarlyAnswers | null>(null, { serialize: 'ignore' }).on(startAdopted, (_, { answers }) => answers);
  /**
   * This page's API clients (catalogue, authenticator, plain) on the configured base URL, sharing one
   * token lock over the page's cookies, taking the early answers first. Other features attach their calls to it.
   */
  const $apiClients = combine($config, $earlyAnswers, (config, early): ApiClients | null =>
    config ? createApiClients({ baseUrl: config.baseUrl, cookies: browserCookies, early: early ?? undefined }) : null,
  );
  const $catalog = $apiClients.map<CatalogApi | null>((clients) => (clients ? createCatalogApi(clients.catalog) : null));

  const fetchContentFx = withCatalog($catalog, (api, id: number) => api.getContent(id));
  const fetchSeasonsFx = withCatalog($catalog, (api, id: number) => api.getSeasons(id));
  const fetchEpisodesFx = withCatalog($catalog, (api, id: number) => api.getEpisodes(id));
  const fetchAvailabilityFx = withCatalog($catalog, (api, { id, domain }: { id: number; domain: string }) => api.getAvailability(id, domain));
  /** The ad list goes through the plain client. In tests, fork handlers receive (clients, url). */
  const fetchAdListFx = attach({
    source: $apiClients,
    effect: (clients: ApiClients | null, url: string): Promise<AdListDto> => {
      if (!clients) throw new Error('ad list requested before appStarted');
      return fetchAdList(clients.plain, url);
    },
  });
  /**
   * loadStartup on this page's clients. It calls the API functions itself, not the per-call effects
   * above. In tests, fork handlers receive (clients, config): `(_, config) => loadStartup(fakeCalls, config)`.
   */
  const loadStartupFx = attach({
    source: $apiClients,
    effect: (clients: ApiClients | null, config: PlayerConfig & { movieId: number }): Promise<StartupData> => {
      if (!clients) throw new Error('start-up calls before appStarted');
      return loadStartup(startupCalls(clients), config);
    },
  });
  return { $config, $apiClients, fetchContentFx, fetchSeasonsFx, fetchEpisodesFx, fetchAvailabilityFx, fetchAdListFx, loadStartupFx };
}
