/**
 * Chapters' model with the scripted engine: the file named by the engine and fetched only once the
 * first frame is shown, the bad files that leave no chapter, the skip button (its offer, the 8 s
 * rule, a skip during an ad, at the chapter's last frame, a seek into the middle), 'Пропускать
 * заставку', and the episode switch. The fetch is swapped in the scope; the parser is the real one.
 */
import { allSettled, createWatch, fork, scopeBind, type EventCallable, type Scope, type StoreWritable } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import { STORAGE_KEYS } from '../../lib/constants';
import { fetchChaptersTrackFx, type FetchedChapters } from '../../platform/chapters-track';
import { $storage, createMemoryStorage } from '../../platform/storage';
import { settle } from '../../test-support/settle';
import { createChapters } from './index';
import { exposeChaptersFx } from './model';
import type { HarnessChapters } from '../../platform/harness-probe';
import { createSession } from '../session';
import { linkPlayback } from '../../app/links/playback';
import { linkChapters } from '../../app/links/chapters';
import { linked } from '../../test-support/linked';
import { buildAds } from '../../test-support/ads-scope';
import { createPlayback } from '../playback';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $announcement, $controlsVisible, $currentTime, $duration, $engineKey, $isPlaying, $startAwaited, $status, engineAttached, mediaSeeked, mediaTimeUpdated, playClicked, seekFx, seekRequested, sourceRequested, streamTicked, userActed } = playback;

// The session (which playback's links hear), chapters, built on playback's units and the ads
// model's break phase (the ads model built for this file), then its links and playback's (which
// chapters hears), as the player makes them; not analytics', whose frame-drop interval would keep
// `vi.runAllTimersAsync` running.
const session = linked(createSession);
const { $breakPhase } = linked(() => buildAds()).ads;
const chapters = linked(() =>
  createChapters({
    $currentTime, $duration, $status, $startAwaited, $controlsVisible, $isPlaying, $engineKey, mediaSeeked, mediaTimeUpdated, streamTicked, seekFx,
    seekRequested, $breakPhase,
  }),
);
linked(() => linkPlayback({ playback, session }), () => linkChapters({ playback, chapters }));
const {
  $autoSkipIntro, $chapterGaps, $chapters, $creditsChapter, $currentChapter, $skipButtonShown, $skipOffer, autoSkipToggled, chapterSkipped, skipChapterClicked,
  skipOfferShown,
} = chapters;

const MASTER = 'https://cdn.test/s1e1/master.m3u8';
const TRACK = 'https://cdn.test/s1e1/chapters.vtt';
const NEXT_MASTER = 'https://cdn.test/s1e2/master.m3u8';
const NEXT_TRACK = 'https://cdn.test/s1e2/chapters.vtt';
const DURATION = 60;
const EPISODE_VTT = [
  'WEBVTT',
  '',
  'intro',
  '00:00:00.000 --> 00:00:20.000',
  'Заставка',
  '',
  '00:00:20.000 --> 00:00:40.000',
  'Серия',
  '',
  'recap',
  '00:00:40.000 --> 00:00:45.000',
  'Ранее',
  '',
  'credits',
  '00:00:50.000 --> 00:01:00.000',
  'Титры',
  '',
].join('\n');

// Fake time: playback's controls start a 1 s idle timer, and the start watchdog its clocks.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** Lets the facts' effects run out (the fetch, the parser's chunk) without running any timer. */
async function flush() {
  for (let i = 0; i < 3; i++) {
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
  }
}

interface PlayerOptions {
  answer?: (url: string) => Promise<FetchedChapters>;
  stored?: Record<string, string>;
  startTime?: number;
}

/** A player on the scripted engine (the skip reads the playhead from it). */
async function player({ answer = async (url) => ({ text: EPISODE_VTT, url }), stored = {}, startTime = 0 }: PlayerOptions = {}) {
  const fetched: string[] = [];
  const storage = createMemoryStorage(stored);
  const scope = fork({
    values: [[$storage, storage]],
    handlers: [[fetchChaptersTrackFx, (url: string) => (fetched.push(url), answer(url))]],
  });
  const engine = createScriptedEngine();
  const shown: unknown[] = [];
  const skipped: unknown[] = [];
  cleanups.push(
    createWatch({ unit: skipOfferShown, scope, fn: (offer) => shown.push(offer) }).unsubscribe,
    createWatch({ unit: chapterSkipped, scope, fn: (skip) => skipped.push(skip) }).unsubscribe,
  );
  await settle(engineAttached, { scope, params: engine });
  await settle(sourceRequested, { scope, params: { url: MASTER, startTime } });
  return { scope, engine, fetched, storage, shown, skipped };
}

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((stop) => stop()));

/** The viewer's intent (or a fact) while the media plays: allSettled would wait on the controls' idle timer. */
async function act<T>(scope: Scope, event: EventCallable<T>, ...params: T extends void ? [] : [T]) {
  (scopeBind(event, { scope }) as (...args: unknown[]) => void)(...params);
  await flush();
}

/** A store another feature owns (ads' break phase), set as that feature would, its timers run out. */
async function put<T>(scope: Scope, store: StoreWritable<T>, value: T) {
  const settled = allSettled(store, { scope, params: value });
  await vi.runAllTimersAsync();
  await settled;
}

/** The media at `seconds`, as its time fact tells it. */
async function at(engine: ScriptedEngine, seconds: number) {
  engine.time = { currentTime: seconds, duration: DURATION, bufferedAhead: 5, bufferedRanges: [] };
  engine.emit('timeUpdated', engine.time);
  await flush();
}

/** The viewer plays and the first frame shows at `from` + 0.2 s. */
async function play(scope: Scope, engine: ScriptedEngine, from = 0) {
  scopeBind(playClicked, { scope })();
  await flush();
  engine.emit('playing');
  await at(engine, from + 0.2);
}

/** A seek as the media reports it. */
async function seekTo(scope: Scope, engine: ScriptedEngine, seconds: number) {
  scopeBind(seekRequested, { scope })(seconds);
  engine.emit('seeking', { currentTime: seconds });
  engine.emit('seeked', { currentTime: seconds });
  await at(engine, seconds);
}

const seeks = (engine: ScriptedEngine) => engine.calls.filter((call) => call.command === 'seek').map((call) => call.args[0]);
const titles = (scope: Scope) => scope.getState($chapters).map((chapter) => chapter.title);

describe('the chapters file', () => {
  it('is fetched when the first frame has shown, not when the master names it', async () => {
    const { scope, engine, fetched } = await player();
    engine.emit('chaptersTrackFound', { url: TRACK });
    await flush();
    expect(fetched).toEqual([]);
    scopeBind(playClicked, { scope })();
    await flush();
    engine.emit('playing');
    await flush();
    // Playing, but no frame yet: the media time has not moved.
    expect(fetched).toEqual([]);
    await at(engine, 0.2);
    expect(fetched).toEqual([TRACK]);
    expect(titles(scope)).toEqual(['Заставка', 'Серия', 'Ранее', 'Титры']);
    expect(scope.getState($currentChapter)?.title).toBe('Заставка');
    expect(scope.getState($chapterGaps)).toEqual([20 / 60, 40 / 60, 45 / 60, 50 / 60]);
    expect(scope.getState($creditsChapter)?.start).toBe(50);
    await at(engine, 21);
    await at(engine, 22);
    expect(fetched).toEqual([TRACK]);
  });

  it('the harness is told the file’s state, the count and the chapter at the playhead', async () => {
    const told: HarnessChapters[] = [];
    const { scope, engine } = await player();
    // The probe adapter stands in (it keeps nothing off the harness, nor outside a browser).
    const watch = createWatch({ unit: exposeChaptersFx, scope, fn: (chapters) => told.push(chapters) });
    engine.emit('chaptersTrackFound', { url: TRACK });
    await play(scope, engine);
    await at(engine, 21);
    watch.unsubscribe();
    expect(told[0]).toEqual({ state: 'found', count: 0, current: null });
    expect(told.at(-1)).toEqual({ state: 'ready', count: 4, current: { role: 'chapter', title: 'Серия', start: 20, end: 40 } });
    expect(told.map(({ state }) => state)).toContain('loading');
  });

  it('named after the first frame: fetched at once', async () => {
    const { scope, engine, fetched } = await player();
    await play(scope, engine);
    engine.emit('chaptersTrackFound', { url: TRACK });
    await flush();
    expect(fetched).toEqual([TRACK]);
    expect(titles(scope)).toHaveLength(4);
  });

  const broken: Array<{ name: string; named: boolean; answer: () => Promise<FetchedChapters> }> = [
    { name: 'missing (the master names none)', named: false, answer: async () => ({ text: EPISODE_VTT, url: TRACK }) },
    { name: '404', named: true, answer: () => Promise.reject(new Error('HTTP 404')) },
    { name: 'not WebVTT (an HTML page)', named: true, answer: async () => ({ text: '<!doctype html><h1>Not Found</h1>', url: TRACK }) },
    { name: 'another origin without CORS (fetch rejects)', named: true, answer: () => Promise.reject(new TypeError('Failed to fetch')) },
    { name: 'too slow (the time-out)', named: true, answer: () => Promise.reject(new Error('not read within 5000 ms')) },
    { name: 'WebVTT without a cue', named: true, answer: async () => ({ text: 'WEBVTT\n', url: TRACK }) },
  ];
  it.each(broken)('$name: no chapters, no button, nothing said, and playback goes on', async ({ named, answer }) => {
    const { scope, engine, shown } = await player({ answer });
    if (named) engine.emit('chaptersTrackFound', { url: TRACK });
    await play(scope, engine);
    await at(engine, 5);
    expect(scope.getState($chapters)).toEqual([]);
    expect(scope.getState($currentChapter)).toBeNull();
    expect(scope.getState($skipOffer)).toBeNull();
    expect(scope.getState($skipButtonShown)).toBe(false);
    expect(shown).toEqual([]);
    expect(scope.getState($announcement)).toBeNull();
    expect(scope.getState($status)).toBe('playing');
  });

  it('the next episode drops the chapters at once; a late answer for the previous file is dropped', async () => {
    let release: (value: FetchedChapters) => void = () => {};
    const { scope, engine, fetched } = await player({
      answer: (url) => (url === TRACK ? new Promise((resolve) => (release = resolve)) : Promise.resolve({ text: 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nДругая', url })),
    });
    engine.emit('chaptersTrackFound', { url: TRACK });
    await play(scope, engine);
    expect(fetched).toEqual([TRACK]);
    await act(scope, sourceRequested, { url: NEXT_MASTER, startTime: 0 });
    release({ text: EPISODE_VTT, url: TRACK });
    await flush();
    expect(scope.getState($chapters)).toEqual([]);
    engine.emit('chaptersTrackFound', { url: NEXT_TRACK });
    await play(scope, engine);
    expect(titles(scope)).toEqual(['Другая']);
  });
});

describe('the skip button', () => {
  async function inIntro(options: PlayerOptions = {}) {
    const setup = await player(options);
    setup.engine.emit('chaptersTrackFound', { url: TRACK });
    await play(setup.scope, setup.engine, options.startTime ?? 0);
    return setup;
  }

  it('offers the intro’s end in the intro, a recap’s in a recap, nothing elsewhere; it is told once per chapter', async () => {
    const { scope, engine, shown } = await inIntro();
    expect(scope.getState($skipOffer)).toEqual({ role: 'intro', start: 0, target: 20 });
    expect(scope.getState($skipButtonShown)).toBe(true);
    expect(scope.getState($announcement)?.text).toBe('Можно пропустить заставку');
    await at(engine, 25);
    expect(scope.getState($skipOffer)).toBeNull();
    await at(engine, 41);
    expect(scope.getState($skipOffer)).toEqual({ role: 'recap', start: 40, target: 45 });
    expect(scope.getState($announcement)?.text).toBe('Можно пропустить пересказ');
    await at(engine, 55);
    expect(scope.getState($skipOffer)).toBeNull();
    // Back into the intro: the button again, not told again.
    await seekTo(scope, engine, 3);
    expect(scope.getState($skipOffer)?.role).toBe('intro');
    expect(shown).toEqual([
      { role: 'intro', start: 0, target: 20 },
      { role: 'recap', start: 40, target: 45 },
    ]);
  });

  it('a click seeks to the chapter’s end and keeps playing; the button goes at once', async () => {
    const { scope, engine, skipped } = await inIntro();
    await at(engine, 4);
    await act(scope, skipChapterClicked);
    expect(seeks(engine)).toEqual([20]);
    expect(engine.calls.filter((call) => call.command === 'pause')).toEqual([]);
    expect(scope.getState($skipOffer)).toBeNull();
    expect(skipped).toEqual([{ role: 'intro', by: 'viewer' }]);
    engine.emit('seeking', { currentTime: 20 });
    engine.emit('seeked', { currentTime: 20 });
    await at(engine, 20.2);
    expect(scope.getState($currentChapter)?.title).toBe('Серия');
    expect(scope.getState($skipOffer)).toBeNull();
  });

  it('a click at the chapter’s last frame lands at its end; one after the playhead passed the end does not seek back', async () => {
    const { scope, engine } = await inIntro();
    await at(engine, 19.96);
    await act(scope, skipChapterClicked);
    expect(seeks(engine)).toEqual([20]);

    const late = await inIntro();
    await at(late.engine, 19.5);
    // The model's time trails the media's: the media is already past the end at the click.
    late.engine.time = { ...late.engine.time, currentTime: 20.3 };
    await act(late.scope, skipChapterClicked);
    expect(seeks(late.engine)).toEqual([]);
  });

  it('no button while an ad plays, and a click then does nothing; after the break it shows again', async () => {
    const { scope, engine } = await inIntro();
    await put(scope, $breakPhase, 'running');
    expect(scope.getState($skipOffer)).toBeNull();
    expect(scope.getState($skipButtonShown)).toBe(false);
    await act(scope, skipChapterClicked);
    expect(seeks(engine)).toEqual([]);
    await put(scope, $breakPhase, 'idle');
    expect(scope.getState($skipButtonShown)).toBe(true);
  });

  it('nothing before the content has played (a pre-roll first, or no click yet)', async () => {
    const { scope, engine } = await player();
    engine.emit('chaptersTrackFound', { url: TRACK });
    await flush();
    expect(scope.getState($skipOffer)).toBeNull();
  });

  it('shows for 8 s after entering, whatever the controls do, then with the controls', async () => {
    const { scope, engine } = await inIntro();
    // The controls hide after their idle time while playing.
    await vi.advanceTimersByTimeAsync(1500);
    expect(scope.getState($controlsVisible)).toBe(false);
    await at(engine, 7.9);
    expect(scope.getState($skipButtonShown)).toBe(true);
    await at(engine, 8.3);
    expect(scope.getState($skipButtonShown)).toBe(false);
    scopeBind(userActed, { scope })();
    await flush();
    expect(scope.getState($skipButtonShown)).toBe(true);
  });

  it('a seek into the middle of an intro shows the button at once, for 8 s from there', async () => {
    const { scope, engine } = await inIntro({ startTime: 30 });
    expect(scope.getState($skipOffer)).toBeNull();
    await vi.advanceTimersByTimeAsync(1500);
    await seekTo(scope, engine, 10);
    await vi.advanceTimersByTimeAsync(1500);
    expect(scope.getState($controlsVisible)).toBe(false);
    expect(scope.getState($skipButtonShown)).toBe(true);
    await at(engine, 17.5);
    expect(scope.getState($skipButtonShown)).toBe(true);
    await at(engine, 18.1);
    expect(scope.getState($skipButtonShown)).toBe(false);
  });
});

describe("'Пропускать заставку'", () => {
  const on = { [STORAGE_KEYS.skipIntro]: 'true' };

  it('is off by default; a toggle is remembered, and read again at the next source', async () => {
    const { scope, storage } = await player();
    expect(scope.getState($autoSkipIntro)).toBe(false);
    await allSettled(autoSkipToggled, { scope });
    expect(scope.getState($autoSkipIntro)).toBe(true);
    expect(storage.read(STORAGE_KEYS.skipIntro)).toBe(true);
    storage.write(STORAGE_KEYS.skipIntro, false);
    await settle(sourceRequested, { scope, params: { url: NEXT_MASTER, startTime: 0 } });
    expect(scope.getState($autoSkipIntro)).toBe(false);
  });

  it.each([['"yes"'], ['1'], ['{']])('a stored %s reads as off', async (raw) => {
    const { scope } = await player({ stored: { [STORAGE_KEYS.skipIntro]: raw } });
    expect(scope.getState($autoSkipIntro)).toBe(false);
  });

  it('skips an intro played into, with no button; once: a seek back into it gets the button', async () => {
    const { scope, engine, skipped, shown } = await player({ stored: on });
    engine.emit('chaptersTrackFound', { url: TRACK });
    await play(scope, engine);
    expect(seeks(engine)).toEqual([20]);
    expect(skipped).toEqual([{ role: 'intro', by: 'setting' }]);
    expect(scope.getState($skipOffer)).toBeNull();
    engine.emit('seeking', { currentTime: 20 });
    engine.emit('seeked', { currentTime: 20 });
    await at(engine, 20.5);
    await seekTo(scope, engine, 5);
    await at(engine, 6);
    expect(seeks(engine)).toEqual([20, 5]);
    expect(scope.getState($skipOffer)?.role).toBe('intro');
    expect(shown).toEqual([{ role: 'intro', start: 0, target: 20 }]);
  });

  it('does not skip an intro the viewer seeked into, nor a recap', async () => {
    const { scope, engine, skipped } = await player({ stored: on, startTime: 30 });
    engine.emit('chaptersTrackFound', { url: TRACK });
    await play(scope, engine, 30);
    await seekTo(scope, engine, 10);
    await at(engine, 11);
    await at(engine, 41);
    expect(seeks(engine)).toEqual([10]);
    expect(skipped).toEqual([]);
  });

  it('does not skip while an ad plays or the content is paused; it does once the content plays again', async () => {
    const { scope, engine } = await player({ stored: on });
    await put(scope, $breakPhase, 'running');
    engine.emit('chaptersTrackFound', { url: TRACK });
    await play(scope, engine);
    await at(engine, 0.4);
    expect(seeks(engine)).toEqual([]);
    engine.emit('paused');
    await put(scope, $breakPhase, 'idle');
    await at(engine, 0.4);
    expect(seeks(engine)).toEqual([]);
    engine.emit('playing');
    await at(engine, 0.6);
    expect(seeks(engine)).toEqual([20]);
  });
});
