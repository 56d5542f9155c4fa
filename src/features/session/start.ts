/**
 * How the session starts (SPEC.md §2, §7, §8): the viewer's saved positions are read, the start-up
 * calls go out, and their answers become the start episode or a page error; the reload. Its
 * samples are made in the order they run on one event (appStarted, then the calls' answers).
 */
import { attach, createEvent, createStore, sample, type Effect, type EventCallable, type Event, type Store, type StoreWritable } from 'effector';
import type { EpisodeDto } from '../../api/dto';
import { isHttpError } from '../../api/errors';
import { STORAGE_KEYS } from '../../lib/constants';
import { sanitizeProgress } from '../../lib/watched';
import { reloadPageFx } from '../../platform/page';
import { $storage } from '../../platform/storage';
import type { PlayerConfig } from './config';
import { chooseEpisode } from './episodes';
import type { PageError } from './page-error';
import type { StartupData } from './startup';

/** What the start hears and sets, all session's own. */
export interface StartDeps {
  appStarted: Event<PlayerConfig>;
  reloadClicked: Event<void>;
  episodeChosen: EventCallable<EpisodeDto>;
  $config: Store<PlayerConfig | null>;
  loadStartupFx: Effect<PlayerConfig & { movieId: number }, StartupData>;
  $pageError: StoreWritable<PageError | null>;
  reportPageErrorFx: Effect<unknown, string>;
}

/** The start: the saved positions, the start-up calls, the start episode or the page error, the reload. */
export function createStart({ appStarted, reloadClicked, episodeChosen, $config, loadStartupFx, $pageError, reportPageErrorFx }: StartDeps): void {
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
  sample({ clock: startEpisodeResolved, filter: (episode): episode is EpisodeDto => episode !== null, target: episodeChosen });

  sample({ clock: loadStartupFx.failData, filter: (error) => isHttpError(error, 404), fn: (): PageError => ({ kind: 'notFound' }), target: $pageError });
  sample({ clock: loadStartupFx.failData, filter: (error) => !isHttpError(error, 404), target: reportPageErrorFx });
  sample({ clock: reportPageErrorFx.doneData, fn: (errorId): PageError => ({ kind: 'unknown', errorId }), target: $pageError });

  sample({ clock: reloadClicked, target: reloadPageFx });
}
