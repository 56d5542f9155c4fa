/**
 * hls.js's transmuxer worker: set on an instance only once a playlist needs transmuxing (never for
 * fMP4, whose segments need none), and its failure reported once, however hls.js learns of it.
 */
import { describe, expect, it } from 'vitest';
import { ErrorDetails, ErrorTypes, Events, Fragment, PlaylistLevelType, type ErrorData, type LevelLoadedData } from 'hls.js';
import { FakeHls, trigger } from '../test-support/hls-fakes';
import { vodDetails } from '../test-support/hls-payloads';
import { createTransmuxWorker, needsTransmuxing } from './transmux-worker';
import type Hls from 'hls.js';
import type { EngineError } from './types';

const WORKER = './assets/hls-worker-TEST.js';
const PAGE = 'https://player.test/?movie_id=7';

/** A VOD playlist of MPEG-TS segments, or of fMP4 ones (each with its `#EXT-X-MAP`). */
function playlist(container: 'ts' | 'fmp4'): LevelLoadedData {
  const details = vodDetails(3, 4);
  if (container === 'fmp4') for (const frag of details.fragments) frag.initSegment = new Fragment(PlaylistLevelType.MAIN, 'init.mp4');
  return { details, level: 0, id: 0, stats: {}, networkDetails: null, deliveryDirectives: null, levelInfo: {} } as unknown as LevelLoadedData;
}

const workerError = (): ErrorData =>
  ({ type: ErrorTypes.OTHER_ERROR, details: ErrorDetails.INTERNAL_EXCEPTION, fatal: false, event: 'demuxerWorker', error: new Error('worker failed') }) as ErrorData;

/** The page's document as the worker part uses it: its address and its CSP violation reports. */
function fakeDocument() {
  const listeners = new Set<(event: SecurityPolicyViolationEvent) => void>();
  return {
    doc: {
      URL: PAGE,
      addEventListener: (_: string, listener: (event: SecurityPolicyViolationEvent) => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: (event: SecurityPolicyViolationEvent) => void) => listeners.delete(listener),
    } as unknown as Document,
    violate: (blockedURI: string) => {
      for (const listener of [...listeners]) listener({ blockedURI, effectiveDirective: 'worker-src' } as SecurityPolicyViolationEvent);
    },
    listening: () => listeners.size,
  };
}

function setup(url: string | null = WORKER) {
  const errors: EngineError[] = [];
  const page = fakeDocument();
  const worker = createTransmuxWorker(url, page.doc, (fact, ...[payload]) => fact === 'error' && errors.push(payload as EngineError));
  const instance = () => {
    const hls = new FakeHls({ enableWorker: false });
    worker.watch(hls as unknown as Hls);
    return hls;
  };
  return { worker, errors, page, instance };
}

describe('needsTransmuxing', () => {
  it('is true for segments without an init segment (MPEG-TS, AAC/MP3), false for fMP4 and an empty playlist', () => {
    expect(needsTransmuxing(playlist('ts').details)).toBe(true);
    expect(needsTransmuxing(playlist('fmp4').details)).toBe(false);
    expect(needsTransmuxing(vodDetails(0, 4))).toBe(false);
  });
});

describe('the worker on an instance', () => {
  it('an MPEG-TS playlist sets the worker before any segment loads; an fMP4 one leaves it off', () => {
    const { instance } = setup();
    const ts = instance();
    expect(ts.config).toEqual({ enableWorker: false });
    trigger(ts, Events.LEVEL_LOADED, playlist('ts'));
    expect(ts.config).toEqual({ enableWorker: true, workerPath: WORKER });

    const fmp4 = instance();
    trigger(fmp4, Events.LEVEL_LOADED, playlist('fmp4'));
    trigger(fmp4, Events.LEVEL_LOADED, playlist('fmp4'));
    expect(fmp4.config).toEqual({ enableWorker: false });
  });

  it('an alternate audio rendition of packed audio sets it too', () => {
    const { instance } = setup();
    const hls = instance();
    trigger(hls, Events.LEVEL_LOADED, playlist('fmp4'));
    trigger(hls, Events.AUDIO_TRACK_LOADED, playlist('ts') as never);
    expect(hls.config.workerPath).toBe(WORKER);
  });

  it('a build without a worker sets nothing', () => {
    const { instance } = setup(null);
    const hls = instance();
    trigger(hls, Events.LEVEL_LOADED, playlist('ts'));
    expect(hls.config).toEqual({ enableWorker: false });
  });
});

describe('a worker that cannot start', () => {
  it('hls.js reports a failed worker from both transmuxers (main, audio): the fallback is reported once, non-fatal', () => {
    const { instance, errors } = setup();
    const hls = instance();
    trigger(hls, Events.LEVEL_LOADED, playlist('ts'));
    trigger(hls, Events.ERROR, workerError());
    trigger(hls, Events.ERROR, workerError());
    expect(errors).toEqual([
      { kind: 'other', detail: 'transmuxerWorkerFallback', fatal: false, message: expect.stringContaining('worker failed') },
    ]);
    expect(hls.config.enableWorker).toBe(false);
  });

  it('a CSP that refuses the worker (WebKit throws, hls.js only logs) is reported once; another address is not the worker', () => {
    const { instance, errors, page } = setup();
    const hls = instance();
    expect(page.listening()).toBe(0);
    trigger(hls, Events.LEVEL_LOADED, playlist('ts'));
    page.violate('https://player.test/assets/other.js');
    expect(errors).toEqual([]);
    page.violate('https://player.test/assets/hls-worker-TEST.js');
    trigger(hls, Events.ERROR, workerError());
    expect(errors.map((error) => [error.detail, error.fatal, error.message.includes('worker-src')])).toEqual([['transmuxerWorkerFallback', false, true]]);
    expect(page.listening()).toBe(0);
  });

  it('the next source loads with no worker, and reports nothing again', () => {
    const { instance, errors } = setup();
    const first = instance();
    trigger(first, Events.LEVEL_LOADED, playlist('ts'));
    trigger(first, Events.ERROR, workerError());
    const next = instance();
    trigger(next, Events.LEVEL_LOADED, playlist('ts'));
    trigger(next, Events.ERROR, workerError());
    expect(next.config).toEqual({ enableWorker: false });
    expect(errors).toHaveLength(1);
  });
});
