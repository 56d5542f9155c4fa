import type { Breadcrumb, ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { createMemoryCookies } from './cookies';
import { sentryOptions, tracesRequest } from './sentry-sdk';

const cookies = createMemoryCookies({ authToken: 'opaque-access-0001', refreshToken: 'opaque-refresh-0002', device_fp: 'fp0123456789abcdef' });
const options = sentryOptions({ dsn: 'http://public@127.0.0.1:9/1', project: 'player', cookies });

describe('Sentry options', () => {
  it('samples as SPEC.md §9 says: traces 100%, replays 10%, replays on error 100%', () => {
    expect(options).toMatchObject({ tracesSampleRate: 1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1, sendDefaultPii: false });
  });

  it('traces the player\'s own calls, not the stream\'s playlists, segments, keys and subtitles', () => {
    for (const url of ['http://127.0.0.1:4250/catalog-api/episodes?content-id=102', '/ads/list.json', 'https://ads.example/vast?x=.m3u8']) {
      expect(tracesRequest(url), url).toBe(true);
    }
    for (const url of [
      'http://127.0.0.1:4250/media/hls/film/master.m3u8',
      'https://cdn.example/film/video/720p/seg-001.m4s?token=a',
      '/media/hls/film-ts/360p/seg-000.ts',
      'https://cdn.example/film/video/720p/init.mp4',
      'https://cdn.example/film/subs/ru/seg-0.vtt',
      'https://keys.example/k/1.key',
    ]) {
      expect(tracesRequest(url), url).toBe(false);
    }
  });

  it('tags events with the project label', () => {
    expect(options.initialScope).toEqual({ tags: { project: 'player' } });
  });

  it('scrubs the current cookie values out of events, transactions and breadcrumbs', () => {
    const leak = 'opaque-access-0001 opaque-refresh-0002 fp0123456789abcdef';
    const event = options.beforeSend!({ type: undefined, message: leak } as ErrorEvent, {}) as ErrorEvent;
    type Transaction = Parameters<NonNullable<typeof options.beforeSendTransaction>>[0];
    const transaction = options.beforeSendTransaction!({ type: 'transaction', transaction: leak } as Transaction, {}) as Transaction;
    const crumb = options.beforeBreadcrumb!({ message: leak } as Breadcrumb) as Breadcrumb;
    for (const text of [event.message, transaction.transaction, crumb.message]) {
      expect(text).toBe('[Filtered] [Filtered] [Filtered]');
    }
  });
});
