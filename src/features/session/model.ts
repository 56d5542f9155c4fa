/**
 * The session (SPEC.md §2, §5, §7, §8): the configuration the app starts with, the page's start it
 * adopts, the start-up calls and their answers, the current episode and the title, the page
 * error. Built by createSession, once per player, before every other feature: each of them hears
 * it, and it hears none (ADR 0006).
 */
import { combine, createEvent, createStore, type Effect, type Event, type Store } from 'effector';
import type { AdListDto, ContentDto, EpisodeDto, SeasonDto } from '../../api/dto';
import type { StartSnapshot } from '../../start/snapshot';
import { imdbTitleId } from '../../lib/title';
import type { PlayerConfig } from './config';
import { playerTitle } from './title';
import { createPageErrors, createReportScope } from './page-error';
import { createStart } from './start';
import { createStartupCalls, type StartupData } from './startup';

export type { PageError, PagePhase } from './page-error';
export type { StartupCalls, StartupData, StartupRequest } from './startup';
export { loadStartup } from './startup';

/** The catalogue's answers to the start, the current episode, and what they name. */
function createCatalogue(
  $config: Store<PlayerConfig | null>,
  loadStartupFx: Effect<PlayerConfig & { movieId: number }, StartupData>,
  episodeChosen: Event<EpisodeDto>,
) {
  const $content = createStore<ContentDto | null>(null).on(loadStartupFx.doneData, (_, data) => data.content);
  const $seasons = createStore<SeasonDto[]>([]).on(loadStartupFx.doneData, (_, data) => [...data.seasons].sort((a, b) => a.order - b.order));
  const $episodes = createStore<EpisodeDto[]>([]).on(loadStartupFx.doneData, (_, data) => data.episodes);
  const $adList = createStore<AdListDto | null>(null).on(loadStartupFx.doneData, (_, data) => data.adList);
  const $available = createStore(true).on(loadStartupFx.doneData, (_, data) => data.available);
  const $userId = $config.map((config) => config?.userId ?? null);
  const $currentEpisode = createStore<EpisodeDto | null>(null).on(episodeChosen, (_, episode) => episode);
  const $title = combine($content, $currentEpisode, playerTitle);
  /** The film-database title id from rating.imdb.url (SPEC.md §3), null when the content has none. */
  const $imdbId = $content.map((content) => imdbTitleId(content?.rating?.imdb?.url) || null);
  return { $content, $seasons, $episodes, $adList, $available, $userId, $currentEpisode, $title, $imdbId };
}

/** Builds the session, once per player (a test, in a region it clears: test-support/linked.ts). */
export function createSession() {
  const appStarted = createEvent<PlayerConfig>();
  const reloadClicked = createEvent();
  /** An episode became current: chosen at start, from the menu, or by auto-advance. */
  const episodeChosen = createEvent<EpisodeDto>();
  /**
   * The app takes the page's start (src/start), once, before appStarted: each feature takes its part
   * of the one value (the answers here, the plan in progress, the source and the autoplay in playback).
   */
  const startAdopted = createEvent<StartSnapshot>();

  const calls = createStartupCalls({ appStarted, startAdopted });
  const catalogue = createCatalogue(calls.$config, calls.loadStartupFx, episodeChosen);
  const errors = createPageErrors(catalogue.$currentEpisode);
  createStart({ appStarted, reloadClicked, episodeChosen, $config: calls.$config, loadStartupFx: calls.loadStartupFx, ...errors });
  const { setReportScopeFx } = createReportScope(catalogue);
  return { appStarted, startAdopted, reloadClicked, episodeChosen, ...calls, ...catalogue, ...errors, setReportScopeFx };
}

/** The session's model, as createSession returns it. */
export type SessionModel = ReturnType<typeof createSession>;
