import type { Breadcrumb, ErrorEvent } from '@sentry/react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryCookies } from './cookies';
import { endPageLoadAfter, sentryOptions, tracesRequest } from './sentry-sdk';

const cookies = createMemoryCookies({ authToken: 'opaque-access-0001', refreshToken: 'opaque-refresh-0002', device_fp: 'fp0123456789abcdef' });
const options = sentryOptions({ dsn: 'http://public@127.0.0.1:9/1', project: 'player', cookies });

describe('Sentry options', () => {
  it('samples as SPEC.md §9 says: traces 100%, replays 10%, replays on error 100%', () => {
    expect(options).toMatchObject({ tracesSampleRate: 1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1, sendDefaultPii: false });
  });

  it('session replay masks text and blocks the film, images and sound, but records the player\'s SVG icons', () => {
    const replay = options.integrations && Array.isArray(options.integrations) ? options.integrations.find((integration) => integration.name === 'Replay') : undefined;
    // The SDK's recording options (rrweb's): an element is blocked when it matches the first and not the second.
    const recording = (replay as unknown as { _recordingOptions: { maskAllText: boolean; blockSelector: string; unblockSelector: string } })._recordingOptions;
    expect(recording.maskAllText).toBe(true);
    expect(recording.blockSelector.split(',')).toEqual(expect.arrayContaining(['video', 'img', 'image', 'picture', 'audio']));
    expect(recording.unblockSelector).toBe('svg');
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

describe('the page-load transaction', () => {
  /** A root span with its op and end, and the three calls endPageLoadAfter makes. */
  const spanApi = (op: string | null) => {
    const json: { op?: string; timestamp?: number } = { op: op ?? undefined };
    const root = { end: vi.fn(() => void (json.timestamp = 1)) };
    const api = { getActiveSpan: () => (op === null ? undefined : root), getRootSpan: () => root, spanToJSON: () => json };
    return { root, json, api: api as unknown as Parameters<typeof endPageLoadAfter>[0] };
  };

  it('ends once the tail has passed after the SDK started, so the film\'s loading does not hold it open', () => {
    const { root, api } = spanApi('pageload');
    const timers: Array<[() => void, number]> = [];
    endPageLoadAfter(api, 1000, (run, ms) => timers.push([run, ms]));
    expect(timers.map(([, ms]) => ms)).toEqual([1000]);
    expect(root.end).not.toHaveBeenCalled();
    timers[0]![0]();
    expect(root.end).toHaveBeenCalledTimes(1);
  });

  it('leaves a page load that Sentry ended itself, a navigation span and no span at all alone', () => {
    const ended = spanApi('pageload');
    const run: Array<() => void> = [];
    endPageLoadAfter(ended.api, 1000, (fn) => run.push(fn));
    ended.json.timestamp = 5;
    run.forEach((fn) => fn());
    expect(ended.root.end).not.toHaveBeenCalled();
    for (const other of [spanApi('navigation'), spanApi(null)]) {
      const later = vi.fn();
      endPageLoadAfter(other.api, 1000, later);
      expect(later).not.toHaveBeenCalled();
    }
  });
});
