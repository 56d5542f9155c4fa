import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../api/errors';
import { describePageError, describePlayer, StartupRequestError } from './report';
import { reportError } from '../../platform/sentry';

describe('page error report', () => {
  it('an HTTP failure carries status, path and body excerpt as the response context', () => {
    const error: ApiError = { errorType: 'HTTP', status: 500, url: '/catalog-api/contents/105', method: 'GET', explanation: 'HTTP 500 for GET /catalog-api/contents/105', body: '{"message":"Internal Server Error"}' };
    const report = describePageError(error);
    expect(report.error).toBeInstanceOf(StartupRequestError);
    expect(report.error.name).toBe('HttpError');
    expect(report.error.message).toBe('HTTP 500 for GET /catalog-api/contents/105');
    expect(report.contexts?.response).toMatchObject({ status_code: 500, url: '/catalog-api/contents/105', data: '{"message":"Internal Server Error"}', method: 'GET' });
    expect(report.tags).toEqual({ page_error: 'unknown', api_error: 'HTTP', http_status: '500' });
    expect(report.fingerprint).toEqual(['startup', 'HTTP', '500', '/catalog-api/contents/105']);
  });

  it('an invalid body is its own kind, with the validation message', () => {
    const report = describePageError({ errorType: 'INVALID_BODY', url: '/catalog-api/contents/108', explanation: 'content: expected an object', body: '{"id":' } satisfies ApiError);
    expect(report.error.name).toBe('InvalidBodyError');
    expect(report.error.message).toBe('content: expected an object');
    expect(report.contexts?.response).toMatchObject({ status_code: null, data: '{"id":' });
    expect(report.tags).not.toHaveProperty('http_status');
  });

  it('anything else is reported as an Error', () => {
    const cause = new RangeError('bad');
    expect(describePageError(cause).error).toBe(cause);
    expect(describePageError('oops').error.message).toBe('oops');
  });

  it('without Sentry the id is a local one with the shape of an event id', async () => {
    const first = await reportError(describePageError(new Error('x')));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await reportError(describePageError(new Error('x')))).not.toBe(first);
  });
});

describe('player report scope', () => {
  it('puts the content, the episode and the title id into the player context, and tags the title id', () => {
    expect(describePlayer({ contentId: 101, episodeId: 10101, imdbId: 'tt0111161' })).toEqual({
      contexts: { player: { contentId: 101, episodeId: 10101, imdbId: 'tt0111161' } },
      tags: { imdb_id: 'tt0111161' },
    });
  });

  it('without a title id the context says null and there is no tag', () => {
    expect(describePlayer({ contentId: 102, episodeId: null, imdbId: null })).toEqual({
      contexts: { player: { contentId: 102, episodeId: null, imdbId: null } },
      tags: {},
    });
  });
});
