import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDto } from '../../api/dto';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { START_STALL_LIMIT_MS } from '../../lib/constants';
import type { ErrorReport } from '../../platform/sentry';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { reportStreamErrorFx } from '../../features/analytics';
import { linkedFeatures } from '../../test-support/linked-features';

// The features' links, as the player makes them.
const features = linkedFeatures();
const { engineAttached, mediaError, mediaPaused, mediaPlaying, playClicked, sourceRequested } = features.playback;
const { $content } = features.session;
const { chapterSkipped, skipOfferShown } = features.chapters;
const { libraryLoadFailed } = features.analytics;
const { $breakPhase } = features.ads;

describe('time-update wiring: playing content only', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function playFor(phase: 'idle' | 'running', ms: number) {
    const sent: StatEvent[] = [];
    const scope = fork({ values: [[$breakPhase, phase]], handlers: [[sendStatFx, (stat: StatEvent) => (sent.push(stat), true)]] });
    const playing = allSettled(mediaPlaying, { scope });
    await vi.advanceTimersByTimeAsync(ms);
    await allSettled(mediaPaused, { scope });
    await playing;
    await vi.advanceTimersByTimeAsync(120_000);
    return sent.filter((s) => s.event === 'timeupdate').length;
  }

  it('counts 60 s of content playing, and nothing while an ad break runs or after a pause', async () => {
    expect(await playFor('idle', 60_000)).toBe(1);
    expect(await playFor('idle', 59_000)).toBe(0);
    expect(await playFor('running', 130_000)).toBe(0);
  });
});

describe('common fields wiring: the film-database title id', () => {
  const film = (imdbUrl: string | null): ContentDto => ({
    id: 101, title: 'Фильм', posterUrl: null, hasMultipleEpisodes: false, contentType: null, year: null, countries: [], languages: [],
    kinopoiskId: 326, rating: { kinopoisk: { value: 9.1 }, imdb: { value: 9.3, url: imdbUrl } },
  });

  it.each([
    ['https://www.imdb.com/title/tt0111161/', 'tt0111161'],
    ['https://www.imdb.com/name/nm0000151/', null],
    [null, null],
  ])('rating.imdb.url %j gives imdbId %j in every payload', async (url, imdbId) => {
    const sent: StatEvent[] = [];
    const scope = fork({ handlers: [[sendStatFx, (stat: StatEvent) => (sent.push(stat), true)]] });
    await allSettled($content, { scope, params: film(url) });
    await allSettled(libraryLoadFailed, { scope, params: 'chunk failed' });
    expect(sent).toEqual([{ event: 'library_load_error', payload: expect.objectContaining({ contentId: 101, imdbId, message: 'chunk failed' }) }]);
  });
});

describe('frame-drop wiring: the counters of the engine\'s surface, read every 10 s of playing content', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads them at the end of each window while content plays, and not after', async () => {
    const scope = fork({ handlers: [[sendStatFx, () => true]] });
    const engine = createScriptedEngine();
    const reads = vi.spyOn(engine.surface, 'frameCounts');
    await allSettled(engineAttached, { scope, params: engine });
    const playing = allSettled(mediaPlaying, { scope });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(reads).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20_001);
    expect(reads).toHaveBeenCalledTimes(3);
    await allSettled(mediaPaused, { scope });
    await playing;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toHaveBeenCalledTimes(3);
  });
});

describe('frame-drop wiring: fps_drop over a window of playing content', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends the window's dropped and total frames when more than the ratio dropped; a pause starts afresh", async () => {
    const sent: StatEvent[] = [];
    const scope = fork({ handlers: [[sendStatFx, (stat: StatEvent) => (sent.push(stat), true)]] });
    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    const counts = (droppedFrames: number, totalFrames: number) => void (engine.surface.state.frameCounts = { droppedFrames, totalFrames });
    counts(5, 1000);
    let playing = allSettled(mediaPlaying, { scope });
    await vi.advanceTimersByTimeAsync(10_000);
    counts(65, 1250); // 60 of 250: a drop
    await vi.advanceTimersByTimeAsync(10_000);
    counts(66, 1500); // 1 of 250: none
    await vi.advanceTimersByTimeAsync(10_000);
    await allSettled(mediaPaused, { scope });
    await playing;
    counts(500, 1600); // dropped while paused: not counted
    playing = allSettled(mediaPlaying, { scope });
    await vi.advanceTimersByTimeAsync(10_000);
    counts(530, 1850); // 30 of 250: a drop
    await vi.advanceTimersByTimeAsync(10_000);
    await allSettled(mediaPaused, { scope });
    await playing;
    expect(sent.filter((s) => s.event === 'fps_drop').map((s) => s.payload)).toEqual([
      expect.objectContaining({ droppedFrames: 60, totalFrames: 250, windowMs: 10_000 }),
      expect.objectContaining({ droppedFrames: 30, totalFrames: 250, windowMs: 10_000 }),
    ]);
  });

  it('sends nothing where the surface has no counters', async () => {
    const sent: StatEvent[] = [];
    const scope = fork({ handlers: [[sendStatFx, (stat: StatEvent) => (sent.push(stat), true)]] });
    await allSettled(engineAttached, { scope, params: createScriptedEngine() });
    const playing = allSettled(mediaPlaying, { scope });
    await vi.advanceTimersByTimeAsync(30_000);
    await allSettled(mediaPaused, { scope });
    await playing;
    expect(sent.filter((s) => s.event === 'fps_drop')).toEqual([]);
  });
});

describe('chapters wiring: skip_intro_show and skip_intro_click, with the role and the common fields', () => {
  it('a skip button shown and pressed (a skip by the setting is no press)', async () => {
    const sent: StatEvent[] = [];
    const scope = fork({ handlers: [[sendStatFx, (stat: StatEvent) => (sent.push(stat), true)]] });
    await allSettled(skipOfferShown, { scope, params: { role: 'recap', start: 0, target: 20 } });
    await allSettled(chapterSkipped, { scope, params: { role: 'recap', by: 'viewer' } });
    await allSettled(chapterSkipped, { scope, params: { role: 'intro', by: 'setting' } });
    const common = { contentId: null, episodeId: null, imdbId: null, position: 0, duration: 0, deviceType: 'desktop' };
    expect(sent.filter((stat) => stat.event.startsWith('skip_intro'))).toEqual([
      { event: 'skip_intro_show', payload: { ...common, role: 'recap' } },
      { event: 'skip_intro_click', payload: { ...common, role: 'recap' } },
    ]);
  });
});

describe('the start watchdog reports through the stream-error path', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a stalled start sends the error stat and one error report, like a fatal engine error', async () => {
    const sent: StatEvent[] = [];
    const reported = vi.fn(async (_report: ErrorReport) => 'event-id');
    const scope = fork({
      handlers: [
        [sendStatFx, (stat: StatEvent) => (sent.push(stat), true)],
        [reportStreamErrorFx, reported],
      ],
    });
    await allSettled(engineAttached, { scope, params: createScriptedEngine() });
    await allSettled(sourceRequested, { scope, params: { url: 'http://x/master.m3u8', startTime: 0 } });
    await allSettled(playClicked, { scope });
    await vi.advanceTimersByTimeAsync(START_STALL_LIMIT_MS);
    expect(sent.filter((stat) => stat.event === 'error')).toEqual([
      { event: 'error', payload: expect.objectContaining({ errorType: 'network', details: 'startStalled', fatal: true }) },
    ]);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalledWith(
      expect.objectContaining({ tags: { errorType: 'network', details: 'startStalled' }, fingerprint: ['stream-error', 'startStalled'] }),
    );
  });
});

describe('the transmuxer on the main thread (the engine reports it once, non-fatal)', () => {
  it('sends the error stat and one warning to error reporting; another non-fatal error sends no report', async () => {
    const sent: StatEvent[] = [];
    const reported = vi.fn(async (_report: ErrorReport) => 'event-id');
    const scope = fork({ handlers: [[sendStatFx, (stat: StatEvent) => (sent.push(stat), true)], [reportStreamErrorFx, reported]] });
    const message = 'The transmuxer worker did not start (Content-Security-Policy worker-src)';
    await allSettled(mediaError, { scope, params: { kind: 'other', detail: 'transmuxerWorkerFallback', fatal: false, message } });
    await allSettled(mediaError, { scope, params: { kind: 'network', detail: 'levelLoadError', fatal: false, message: '404' } });
    expect(sent.filter((stat) => stat.event === 'error').map((stat) => stat.payload)).toEqual([
      expect.objectContaining({ errorType: 'other', details: 'transmuxerWorkerFallback', fatal: false }),
      expect.objectContaining({ details: 'levelLoadError' }),
    ]);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ level: 'warning', error: new Error(message), fingerprint: ['stream-error', 'transmuxerWorkerFallback'] }));
  });
});
