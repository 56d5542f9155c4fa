import { isApiError, type ApiError } from '../../api/errors';
import type { ErrorReport, ReportScope } from '../../platform/sentry';

/** A catalogue failure as an Error, so the error service shows a type, a message and a stack. */
export class StartupRequestError extends Error {
  override name: string;

  constructor(readonly apiError: ApiError) {
    super(apiError.explanation);
    this.name = { HTTP: 'HttpError', NETWORK: 'NetworkError', INVALID_BODY: 'InvalidBodyError' }[apiError.errorType];
  }
}

/**
 * What the error service receives for a page error: the failed call's response (status, path,
 * body excerpt) as the `response` context, tags to filter by, and a grouping key per kind and path.
 */
export function describePageError(error: unknown): ErrorReport {
  if (!isApiError(error)) {
    return {
      error: error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'start-up failed'),
      tags: { page_error: 'unknown' },
    };
  }
  const status = error.errorType === 'HTTP' ? error.status : null;
  const body = 'body' in error ? error.body : null;
  return {
    error: new StartupRequestError(error),
    contexts: {
      response: {
        error_type: error.errorType,
        status_code: status,
        method: error.method ?? null,
        url: error.url,
        data: body,
        explanation: error.explanation,
      },
    },
    tags: {
      page_error: 'unknown',
      api_error: error.errorType,
      ...(status !== null ? { http_status: String(status) } : {}),
    },
    fingerprint: ['startup', error.errorType, String(status ?? ''), error.url],
  };
}

/** What plays, as every error report shows it. */
interface PlayingItem {
  contentId: number | null;
  episodeId: number | null;
  /** The film-database title id, e.g. 'tt0111161'. */
  imdbId: string | null;
}

/**
 * The `player` context of every report, and an `imdb_id` tag to find a title's errors by; the
 * tag is left out when the content has no title id.
 */
export function describePlayer({ contentId, episodeId, imdbId }: PlayingItem): ReportScope {
  return {
    contexts: { player: { contentId, episodeId, imdbId } },
    tags: imdbId ? { imdb_id: imdbId } : {},
  };
}
