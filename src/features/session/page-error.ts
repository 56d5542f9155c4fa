/**
 * Session's page errors (SPEC.md §2, §8): the failure that ends the page, the phase it ends, its
 * report to the error service, and what every error report carries about what plays.
 */
import { combine, createEffect, createStore, sample, type Store } from 'effector';
import type { ContentDto, EpisodeDto } from '../../api/dto';
import { reportError, setReportScope } from '../../platform/sentry';
import { describePageError, describePlayer } from './report';

/** Page-level failures, each with its own text (SPEC.md §2, §8). */
export type PageError =
  | { kind: 'missingMovieId' }
  | { kind: 'noEpisodes' }
  | { kind: 'notFound' }
  | { kind: 'blocked' }
  | { kind: 'unknown'; errorId: string };

export type PagePhase = 'loading' | 'ready' | 'error';

/**
 * The page error and the phase it ends, and its report: the id the viewer is shown. What sets
 * the error is the start's (start.ts).
 */
export function createPageErrors($currentEpisode: Store<EpisodeDto | null>) {
  const $pageError = createStore<PageError | null>(null);
  const $phase = combine($pageError, $currentEpisode, (error, episode): PagePhase => (error ? 'error' : episode ? 'ready' : 'loading'));
  /**
   * Reports a page error to the error service (Sentry, with the response data) and returns the id
   * the viewer is shown: the Sentry event id, or a local id when Sentry is not configured.
   */
  const reportPageErrorFx = createEffect<unknown, string>((error) => reportError(describePageError(error)));
  return { $pageError, $phase, reportPageErrorFx };
}

/** What plays, as the report scope hears it. */
export interface ReportScopeDeps {
  $content: Store<ContentDto | null>;
  $currentEpisode: Store<EpisodeDto | null>;
  $imdbId: Store<string | null>;
}

/** What every later error report carries about what plays: set on the error service's scope. */
export function createReportScope({ $content, $currentEpisode, $imdbId }: ReportScopeDeps) {
  const setReportScopeFx = createEffect(setReportScope);
  const $reportScope = combine(
    {
      contentId: $content.map((content) => content?.id ?? null),
      episodeId: $currentEpisode.map((episode) => episode?.id ?? null),
      imdbId: $imdbId,
    },
    describePlayer,
  );
  sample({ clock: $reportScope.updates, target: setReportScopeFx });
  return { setReportScopeFx };
}
