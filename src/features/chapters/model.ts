/**
 * Chapters (issue 41): the episode's chapters file, named by the master playlist (the engine's
 * chaptersTrackFound), fetched once the start is over (the first frame is shown: the file never
 * competes with the first segments) and parsed in a chunk of its own. A file that fails to load or
 * parse leaves no chapter, shows nothing and reports nothing: the episode plays as without one.
 *
 * The skip: in an intro or a recap (content only, not under an ad) the button offers the chapter's
 * end ($skipOffer); it shows for SKIP_BUTTON_SHOWN_S after the playhead enters the chapter, then
 * with the controls. 'Пропускать заставку' ($autoSkipIntro, remembered) skips an intro by itself
 * when the playhead plays into it (or starts in it), once per intro and episode; an intro the
 * viewer seeked into is theirs to watch, and gets the button.
 */
import { attach, combine, createEffect, createEvent, createStore, sample, type Event, type EventCallable, type Store, type Unit } from 'effector';
import type { MediaKey } from '../../engine/types';
import { STORAGE_KEYS } from '../../lib/constants';
import { createSideTrack } from '../../lib/side-track';
import { fetchChaptersTrackFx, type FetchedChapters } from '../../platform/chapters-track';
import { exposeChaptersToHarness, type HarnessChapters } from '../../platform/harness-probe';
import { $storage, isBoolean, readTyped } from '../../platform/storage';
import type { PlaybackStatus } from '../playback';
import type { AdBreakPhase } from '../ads';
import type { ChapterCue } from './parse';
import {
  autoSkipDue,
  chapterAt,
  chapterBoundaries,
  creditsChapter,
  sameOffer,
  skipButtonVisible,
  skipOfferFor,
  skipSeekTo,
  skipTarget,
  toChapters,
  type Chapter,
  type SkipOffer,
  type SkipRole,
} from './rules';
import { engineOf } from '../../engine/engines';

/** What chapters hears from the other features, named by what it is to chapters. */
export interface ChaptersDeps {
  /** The playhead and the duration (playback): the chapter at the playhead, the chapters cut to the end. */
  $currentTime: Store<number>;
  $duration: Store<number>;
  /** The player's status and whether the start still awaits its first frame (playback): the file waits for the start. */
  $status: Store<PlaybackStatus>;
  $startAwaited: Store<boolean>;
  /** Whether the controls show (playback): the skip button shows with them after its first seconds. */
  $controlsVisible: Store<boolean>;
  /** Whether the content plays (playback): the setting skips only playing content. */
  $isPlaying: Store<boolean>;
  /** The media engine (playback), whose playhead the viewer's skip reads. */
  $engineKey: Store<MediaKey | null>;
  /** The media's facts (playback): a seek landed, the time moved. */
  mediaSeeked: Event<unknown>;
  mediaTimeUpdated: Event<unknown>;
  streamTicked: Event<unknown>;
  /** A seek given to the engine (playback): where the viewer's last seek went. */
  seekFx: Unit<number>;
  /** Seeks the content (playback): a skip. */
  seekRequested: EventCallable<number>;
  /** The ad break's phase (ads): no skip under an ad. */
  $breakPhase: Store<AdBreakPhase>;
}


// The setting, read again at every source (another tab may have changed it).
const readAutoSkipFx = attach({ source: $storage, effect: (storage) => readTyped(storage, STORAGE_KEYS.skipIntro, isBoolean) ?? false });
const writeAutoSkipFx = attach({ source: $storage, effect: (storage, on: boolean) => storage.write(STORAGE_KEYS.skipIntro, on) });

/** The parser comes with its own chunk (import()), after the first frame. */
const parseChaptersFx = createEffect(async ({ fetched }: { track: string; fetched: FetchedChapters }): Promise<ChapterCue[]> => {
  const { parseChapters } = await import('./parse');
  return parseChapters(fetched.text);
});

// The harness's status line (platform/harness-probe.ts; nothing is kept off the harness).
export const exposeChaptersFx = createEffect(exposeChaptersToHarness);

export type ChaptersModel = ReturnType<typeof createChapters>;

/** The chapters and their skip, built on the units of the features chapters hears. */
export function createChapters(deps: ChaptersDeps) {
  const track = createChaptersTrack(deps);
  const setting = createAutoSkipSetting(track);
  const offer = createSkipOffer(deps, track, setting);
  const skips = createSkips(deps, track, offer);
  exposeToHarness(track);
  const { chaptersTrackFound, chaptersCleared, watchChaptersTrackFx, chapterEntered, $chaptersTrackUrl, $chapters, $currentChapter, $chapterGaps, $creditsChapter } = track;
  const { skipChapterClicked, $skipOffer, $skipButtonShown, skipOfferShown } = offer;
  return {
    chaptersTrackFound, chaptersCleared, watchChaptersTrackFx, chapterEntered, $chaptersTrackUrl, $chapters, $currentChapter, $chapterGaps, $creditsChapter,
    ...setting, skipChapterClicked, $skipOffer, $skipButtonShown, skipOfferShown, ...skips,
  };
}

/** The episode's chapters file: named by the engine, fetched once the start is over, parsed. */
function createChaptersTrack({ $currentTime, $duration, $status, $startAwaited }: ChaptersDeps) {
  const track = createSideTrack({ fact: 'chaptersTrackFound', fetchFx: fetchChaptersTrackFx, parseFx: parseChaptersFx });
  const { found: chaptersTrackFound, cleared: chaptersCleared, watchFx: watchChaptersTrackFx, $url: $chaptersTrackUrl, $state: $chaptersTrackState, $cues } = track;

  /** The episode's chapters, in order, cut to its duration (rules.ts); empty without a file, or for a broken one. */
  const $chapters = combine($cues, $duration, toChapters);
  /** The chapter at the playhead, or null. The same object while the playhead stays in it. */
  const $currentChapter = combine($chapters, $currentTime, chapterAt);
  /** The playhead entered a chapter (played into it, seeked into it, or the chapters came while in it). */
  const chapterEntered = createEvent<Chapter>();
  sample({ clock: $currentChapter.updates, filter: (chapter) => chapter !== null, fn: (chapter) => chapter!, target: chapterEntered });
  /** Where the seek bar shows a gap between chapters, as fractions of the duration. */
  const $chapterGaps = combine($chapters, $duration, (chapters, duration) => chapterBoundaries(chapters, duration).map((time) => time / duration));
  /** The credits chapter, where the end-of-episode card opens (series). */
  const $creditsChapter = $chapters.map(creditsChapter);

  /**
   * The start is over: the content has played and its first frame is shown (playback's start
   * watchdog awaits no frame any more). The file is fetched only then.
   */
  const $startOver = combine($status, $startAwaited, (status, awaited) => status !== 'notStarted' && !awaited);

  sample({
    clock: [chaptersTrackFound, $startOver.updates],
    source: { url: $chaptersTrackUrl, state: $chaptersTrackState, over: $startOver },
    filter: ({ url, state, over }) => url !== null && state === 'found' && over,
    fn: ({ url }) => url!,
    target: fetchChaptersTrackFx,
  });


  return {
    chaptersTrackFound, chaptersCleared, watchChaptersTrackFx, chapterEntered, $chaptersTrackUrl, $chaptersTrackState, $chapters, $currentChapter, $chapterGaps,
    $creditsChapter,
  };
}

type ChaptersTrack = ReturnType<typeof createChaptersTrack>;

/** 'Пропускать заставку': off unless the viewer turned it on; read at every source, written when toggled. */
function createAutoSkipSetting({ chaptersCleared }: ChaptersTrack) {
  /** The settings menu's 'Пропускать заставку' row. */
  const autoSkipToggled = createEvent();
  const $autoSkipIntro = createStore(false).on(readAutoSkipFx.doneData, (_, on) => on);
  const autoSkipSet = sample({ clock: autoSkipToggled, source: $autoSkipIntro, fn: (on) => !on });
  $autoSkipIntro.on(autoSkipSet, (_, on) => on);
  sample({ clock: autoSkipSet, target: writeAutoSkipFx });
  sample({ clock: chaptersCleared, target: readAutoSkipFx });
  return { autoSkipToggled, $autoSkipIntro };
}

/** What the skip button offers now, when it shows, and the first time it shows per chapter. */
function createSkipOffer(deps: ChaptersDeps, { chaptersCleared, $currentChapter }: ChaptersTrack, { $autoSkipIntro }: ReturnType<typeof createAutoSkipSetting>) {
  const { $status, $breakPhase, $duration, $currentTime, $controlsVisible, seekFx, mediaSeeked } = deps;
  /** The skip button (a click, Enter or Space). */
  const skipChapterClicked = createEvent();
  const $started = $status.map((status) => status !== 'notStarted');
  const $adRunning = $breakPhase.map((phase) => phase === 'running');
  /** Intros skipped by the setting this episode (their starts): each only once. */
  const $autoSkipped = createStore<ReadonlySet<number>>(new Set(), { serialize: 'ignore' }).reset(chaptersCleared);
  /** Where the viewer's last seek went this episode. */
  const $seekLanding = createStore<number | null>(null)
    .on(seekFx, (_, seconds) => seconds)
    .reset(chaptersCleared);
  /** The chapter (its start) whose skip is on its way: no button for it until the seek lands. */
  const $skipping = createStore<number | null>(null).reset([chaptersCleared, mediaSeeked]);

  const $autoSkipNow = combine($currentChapter, $autoSkipIntro, $autoSkipped, $seekLanding, (chapter, autoSkip, skipped, seekLanding) =>
    autoSkipDue(chapter, { autoSkip, skipped, seekLanding }),
  );

  /** What the skip button offers now: the role (its label) and where it lands; null: no button. */
  const $skipOffer = createStore<SkipOffer | null>(null, { updateFilter: (next, last) => !sameOffer(next, last) });
  // One combine over the inputs themselves (not over $autoSkipNow, which shares them): a derived
  // store fed twice by one change is not always recomputed in a scope.
  sample({
    clock: combine(
      { chapter: $currentChapter, duration: $duration, started: $started, adRunning: $adRunning, skipping: $skipping, autoSkip: $autoSkipIntro, skipped: $autoSkipped, seekLanding: $seekLanding },
      ({ chapter, autoSkip, skipped, seekLanding, ...context }) =>
        skipOfferFor(chapter, { ...context, autoSkipping: autoSkipDue(chapter, { autoSkip, skipped, seekLanding }) }),
    ),
    target: $skipOffer,
  });

  /** Where and when the playhead entered the offered chapter (the 8 s rule). */
  const $offerEntry = createStore<{ start: number; at: number } | null>(null).reset(chaptersCleared);
  const offerChanged = sample({ clock: $skipOffer, source: $currentTime, fn: (time, offer) => ({ time, offer }) });
  $offerEntry.on(offerChanged, (entry, { time, offer }) => (offer === null ? null : entry?.start === offer.start ? entry : { start: offer.start, at: time }));

  /** Whether the skip button is on screen (rules.ts skipButtonVisible). */
  const $skipButtonShown = combine($skipOffer, $offerEntry, $currentTime, $controlsVisible, (offer, entry, time, controls) =>
    skipButtonVisible(offer, entry?.at ?? null, time, controls),
  );

  /** Skips offered this episode (their starts): the button's appearance is told once per chapter. */
  const $offersShown = createStore<ReadonlySet<number>>(new Set(), { serialize: 'ignore' }).reset(chaptersCleared);
  /** The skip button appeared for a chapter, the first time this episode (statistics, the screen reader). */
  const skipOfferShown = createEvent<SkipOffer>();
  sample({
    clock: $skipOffer.updates,
    source: $offersShown,
    filter: (shown, offer) => offer !== null && !shown.has(offer.start),
    fn: (_, offer) => offer!,
    target: skipOfferShown,
  });
  $offersShown.on(skipOfferShown, (shown, offer) => new Set([...shown, offer.start]));
  return { skipChapterClicked, $skipOffer, $skipButtonShown, skipOfferShown, $autoSkipNow, $autoSkipped, $skipping, $adRunning };
}

/** The skips: the viewer's (the button) and the setting's (an intro played into). */
function createSkips(deps: ChaptersDeps, { $currentChapter }: ChaptersTrack, offer: ReturnType<typeof createSkipOffer>) {
  const { $engineKey, $duration, $isPlaying, mediaTimeUpdated, streamTicked, seekRequested } = deps;
  const { skipChapterClicked, $skipOffer, $autoSkipNow, $autoSkipped, $skipping, $adRunning } = offer;
  /** A chapter was skipped: by the viewer's button, or by the setting. */
  const chapterSkipped = createEvent<{ role: SkipRole; by: 'viewer' | 'setting' }>();

  // The viewer's skip: the media's own playhead decides, read at the click (the model's trails it by
  // up to a second): one already past the end is not sent back.
  const readPlayheadFx = attach({
    source: $engineKey,
    effect: (key, offer: SkipOffer) => ({ offer, playhead: engineOf(key)?.readTime().currentTime ?? Number.NaN }),
  });
  const skipChosen = sample({ clock: skipChapterClicked, source: $skipOffer, filter: (offer): offer is SkipOffer => offer !== null, fn: (offer) => offer! });
  $skipping.on(skipChosen, (_, offer) => offer.start);
  sample({ clock: skipChosen, target: readPlayheadFx });
  sample({ clock: skipChosen, fn: ({ role }) => ({ role, by: 'viewer' as const }), target: chapterSkipped });
  sample({
    clock: readPlayheadFx.doneData,
    filter: ({ offer, playhead }) => skipSeekTo(offer.target, playhead) !== null,
    fn: ({ offer }) => offer.target,
    target: seekRequested,
  });

  // The setting's skip: on a time fact of playing content, so an intro entered while paused skips
  // when it plays.
  const autoSkip = sample({
    clock: [mediaTimeUpdated, streamTicked, $autoSkipNow.updates],
    source: { due: $autoSkipNow, chapter: $currentChapter, duration: $duration, playing: $isPlaying, adRunning: $adRunning },
    filter: ({ due, chapter, playing, adRunning }) => due && chapter !== null && playing && !adRunning,
    fn: ({ chapter, duration }) => ({ chapter: chapter!, target: skipTarget(chapter!, duration) }),
  });
  $autoSkipped.on(autoSkip, (skipped, { chapter }) => new Set([...skipped, chapter.start]));
  $skipping.on(autoSkip, (_, { chapter }) => chapter.start);
  sample({ clock: autoSkip, filter: ({ chapter, target }) => target > chapter.start, fn: ({ target }) => target, target: seekRequested });
  sample({ clock: autoSkip, fn: () => ({ role: 'intro' as const, by: 'setting' as const }), target: chapterSkipped });
  return { chapterSkipped };
}

/** The harness's status line: the file's state, the chapters, the one at the playhead. */
function exposeToHarness({ $chaptersTrackState, $chapters, $currentChapter }: ChaptersTrack) {
  sample({
    clock: [$chaptersTrackState.updates, $chapters.updates, $currentChapter.updates],
    source: { state: $chaptersTrackState, chapters: $chapters, chapter: $currentChapter },
    fn: ({ state, chapters, chapter }): HarnessChapters => ({
      state,
      count: chapters.length,
      current: chapter && { role: chapter.role, title: chapter.title, start: chapter.start, end: chapter.end },
    }),
    target: exposeChaptersFx,
  });
}

export type { Chapter, SkipOffer, SkipRole };
