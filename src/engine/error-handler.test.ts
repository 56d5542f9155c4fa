/**
 * The error handler on one instance: what it asks of hls.js and reports for a run of errors, where
 * the answer depends on what came before (a segment refused, then asked for again).
 */
import { describe, expect, it } from 'vitest';
import { ErrorDetails, ErrorTypes, Events, type ErrorData } from 'hls.js';
import type Hls from 'hls.js';
import { FakeHls, trigger } from '../test-support/hls-fakes';
import { handleErrors } from './error-handler';
import type { EmitFact } from './hls-events';
import type { EngineError } from './types';

function handled() {
  const hls = new FakeHls();
  const errors: EngineError[] = [];
  const instance = hls as unknown as Hls;
  const emit = ((fact: string, value: unknown) => {
    if (fact === 'error') errors.push(value as EngineError);
  }) as EmitFact;
  handleErrors(instance, { live: () => instance, video: {} as HTMLVideoElement, emit });
  return { hls, errors, fatal: () => errors.map((error) => error.fatal) };
}

const refused = (type: string, url: string, code = 404) =>
  ({ type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.FRAG_LOAD_ERROR, fatal: false, frag: { type, url }, response: { code }, error: new Error(`HTTP Error ${code}`) }) as unknown as ErrorData;
const buffered = (type: string) => ({ frag: { type } }) as never;
const SEG_720 = 'https://cdn.test/film/720p/seg-0.m4s';
const SEG_360 = 'https://cdn.test/film/360p/seg-0.m4s';
const AUDIO = 'https://cdn.test/film/audio/ru/seg-0.m4s';

describe('segments the server refuses (HTTP 4xx)', () => {
  it('hls.js coming back to a refused segment, every level tried, ends the stream: loading stops and the error is fatal', () => {
    const { hls, errors, fatal } = handled();
    trigger(hls, Events.ERROR, refused('main', SEG_720));
    trigger(hls, Events.ERROR, refused('main', SEG_360));
    expect(hls.calls).not.toContain('stopLoad');
    trigger(hls, Events.ERROR, refused('main', SEG_720));
    expect(hls.calls).toContain('stopLoad');
    expect(fatal()).toEqual([false, false, true]);
    expect(errors.at(-1)).toMatchObject({ detail: ErrorDetails.FRAG_LOAD_ERROR, responseCode: 404, url: SEG_720 });
  });

  it("an audio segment refused twice ends the start too: the audio has no level to turn to", () => {
    const { fatal, hls } = handled();
    trigger(hls, Events.ERROR, refused('audio', AUDIO));
    trigger(hls, Events.ERROR, refused('audio', AUDIO));
    expect(fatal()).toEqual([false, true]);
  });

  it('once a segment of the film has reached the buffer, a segment refused again stays non-fatal: the film stalls there', () => {
    const { hls, fatal } = handled();
    trigger(hls, Events.FRAG_BUFFERED, buffered('main'));
    trigger(hls, Events.ERROR, refused('main', SEG_720));
    trigger(hls, Events.ERROR, refused('main', SEG_360));
    trigger(hls, Events.ERROR, refused('main', SEG_720));
    expect(fatal()).toEqual([false, false, false]);
    expect(hls.calls).not.toContain('stopLoad');
  });

  it("an audio segment reaching the buffer starts the audio's count again, not the film's", () => {
    const { hls, fatal } = handled();
    trigger(hls, Events.ERROR, refused('audio', AUDIO));
    trigger(hls, Events.FRAG_BUFFERED, buffered('audio'));
    trigger(hls, Events.ERROR, refused('audio', AUDIO));
    expect(fatal()).toEqual([false, false]);
    trigger(hls, Events.ERROR, refused('main', SEG_720));
    trigger(hls, Events.FRAG_BUFFERED, buffered('audio'));
    trigger(hls, Events.ERROR, refused('main', SEG_720));
    expect(fatal()).toEqual([false, false, false, true]);
  });

  it('a server error (5xx: hls.js retries it) never counts', () => {
    const { hls, fatal } = handled();
    trigger(hls, Events.ERROR, refused('main', SEG_720, 503));
    trigger(hls, Events.ERROR, refused('main', SEG_720, 503));
    expect(fatal()).toEqual([false, false]);
    expect(hls.calls).not.toContain('stopLoad');
  });
});

describe("hls.js's own cancellations", () => {
  it('a load hls.js aborted itself is not reported, and nothing is asked of hls.js; the next error still is', () => {
    const { hls, errors } = handled();
    const aborted = { type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.INTERNAL_ABORTED, fatal: false, frag: { type: 'main', url: SEG_720 }, error: new Error('Aborted') } as unknown as ErrorData;
    trigger(hls, Events.ERROR, aborted);
    expect(errors).toEqual([]);
    expect(hls.calls).toEqual([]);
    trigger(hls, Events.ERROR, refused('main', SEG_360, 503));
    expect(errors.map((error) => error.detail)).toEqual([ErrorDetails.FRAG_LOAD_ERROR]);
  });
});
