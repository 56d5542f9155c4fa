/**
 * When breaks run: the pre-roll on the content's first play, demo mid-rolls every 10 s of played
 * content (and where they will come, for the seek slider's marks); and what holds an ad back:
 * native fullscreen, casting, a hidden page.
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { AdStatus } from '../status';
import { INITIAL_CLOCK, clockSeeked, clockTicked, midrollDue, midrollMarks, nextMidrollTime } from '../schedule-rules';
import { planAds, type AdItem, type AdPlan, type AdSettings } from '../sources';
import {
  $adStatus,
  $break,
  $breakPhase,
  $currentAd,
  adBreakEnded,
  adBreakPrepared,
  adBreakStarted,
  adEnded,
  adStartDue,
  pauseAdFx,
  playAdFx,
  stopRequested,
  type AdBreak,
} from './break';
import { $adsBlocked, $pageHidden, adsCastingChanged, adsNativeFullscreenChanged, pageVisibilityChanged } from './environment';

/** The ad settings of this page: the ad list, demo mode, the base URL. */
export const adsConfigured = createEvent<AdSettings>();
/** The viewer (or autoplay) asked the held content to play. */
export const contentPlayRequested = createEvent();
export const contentTimeUpdated = createEvent<number>();
export const contentSeeked = createEvent<number>();
export const contentDurationChanged = createEvent<number>();

/** A pre-roll is due: content play requests must wait for it. */
export const contentHoldRequested = createEvent();
/** The content was asked to play while nothing held it (before the ad plan was known). */
export const contentPlayAsked = createEvent();
/**
 * The pre-roll became known after the content was asked to play (the viewer's tap kept by the
 * page, a quick autoplay): the content pauses and the play waits for the break, as if held.
 */
export const contentPlayOverdue = createEvent();
/** A mid-roll starts: pause the content and hold it. */
export const contentPauseRequested = createEvent();
/** The break is over: release the content; `resume` when it was playing before (mid-roll). */
export const contentResumeRequested = createEvent<{ resume: boolean }>();

export const $adPlan = createStore<AdPlan>({ preroll: [], midroll: [] }, { serialize: 'ignore' }).on(adsConfigured, (_, settings) =>
  planAds(settings),
);
const $clock = createStore(INITIAL_CLOCK);
const $playedAtLastBreak = createStore(0);
/** Demo mid-rolls take the demo links in turn, starting with the one the pre-roll did not use. */
const $midrollIndex = createStore(1);
/** Content time matters here only for mid-rolls: a plan without any stops time updates at this gate. */
const midrollTimeUpdated = sample({ clock: contentTimeUpdated, filter: $adPlan.map((plan) => plan.midroll.length > 0) });
const $contentTime = createStore(0).on([midrollTimeUpdated, contentSeeked], (_, time) => time);
/** The ad was paused because the page went hidden, and resumes when it is shown. */
const $pausedByHiddenPage = createStore(false);

const prerollPlanned = createEvent<AdItem[]>();
const midrollTriggered = createEvent<{ items: AdItem[]; played: number }>();

sample({
  clock: adsConfigured,
  source: $adPlan,
  filter: (plan) => plan.preroll.length > 0,
  fn: (plan) => plan.preroll,
  target: prerollPlanned,
});
sample({ clock: prerollPlanned, fn: (items) => ({ kind: 'preroll' as const, items, contentTime: 0 }), target: adBreakPrepared });
sample({ clock: prerollPlanned, target: contentHoldRequested });
const $contentPlayAsked = createStore(false).on(contentPlayAsked, () => true);
sample({ clock: prerollPlanned, source: $contentPlayAsked, filter: (asked) => asked, fn: () => undefined, target: contentPlayOverdue });
sample({
  clock: contentPlayRequested,
  source: { phase: $breakPhase, brk: $break },
  filter: ({ phase, brk }) => phase === 'prepared' && brk?.kind === 'preroll',
  target: adBreakStarted,
});

// The mid-roll clock runs only while no break does; a due mid-roll waits while ads are blocked.
// The clock is never part of a combined source: it changes on every time update, and a combined
// source would be recomputed each time.
const clockStep = sample({ clock: midrollTimeUpdated, source: $breakPhase, fn: (phase, time) => ({ running: phase === 'idle', time }) });
sample({ clock: clockStep, source: $clock, fn: (clock, { running, time }) => (running ? clockTicked(clock, time) : clockSeeked(clock, time)), target: $clock });
sample({ clock: contentSeeked, source: $clock, fn: clockSeeked, target: $clock });
sample({
  clock: $clock.updates,
  source: { last: $playedAtLastBreak, plan: $adPlan, phase: $breakPhase, blocked: $adsBlocked, index: $midrollIndex },
  filter: ({ last, plan, phase, blocked }, clock) => plan.midroll.length > 0 && phase === 'idle' && !blocked && midrollDue(clock.played, last),
  fn: ({ plan, index }, clock) => ({ items: [plan.midroll[index % plan.midroll.length]!], played: clock.played }),
  target: midrollTriggered,
});
$playedAtLastBreak.on(midrollTriggered, (_, { played }) => played);
$midrollIndex.on(midrollTriggered, (index) => index + 1);
sample({ clock: midrollTriggered, source: $contentTime, fn: (contentTime, { items }) => ({ kind: 'midroll' as const, items, contentTime }), target: adBreakPrepared });
sample({ clock: midrollTriggered, target: [contentPauseRequested, adBreakStarted] });

// Where the demo mid-rolls will come if the viewer plays on. The clock changes on every time
// update, but the next mid-roll's time (rounded) does not during steady play: the store keeps its
// value, so the marks are not recomputed.
/** Content time of the next demo mid-roll; null outside demo mode or before any content time. */
export const $nextMidrollAt = combine($clock, $playedAtLastBreak, $adPlan, (clock, last, plan) => (plan.midroll.length > 0 ? nextMidrollTime(clock, last) : null));
const $contentDuration = createStore(0).on(contentDurationChanged, (_, duration) => duration);
/** The seek slider's mid-roll marks, fractions of the content (demo mode only). */
export const $midrollMarks = combine($nextMidrollAt, $contentDuration, midrollMarks);

sample({ clock: adBreakEnded, fn: (brk: AdBreak) => ({ resume: brk.kind === 'midroll' }), target: contentResumeRequested });

// An ad shows only where it can be seen: never in native fullscreen or while casting.
sample({ clock: adStartDue, source: $adsBlocked, filter: (blocked) => blocked, fn: () => undefined, target: stopRequested });
sample({
  clock: adStartDue,
  source: { blocked: $adsBlocked, hidden: $pageHidden },
  filter: ({ blocked, hidden }) => !blocked && !hidden,
  fn: () => undefined,
  target: playAdFx,
});
sample({
  clock: [adsNativeFullscreenChanged, adsCastingChanged],
  source: { ad: $currentAd, blocked: $adsBlocked },
  filter: ({ ad, blocked }) => ad !== null && blocked,
  fn: () => undefined,
  target: stopRequested,
});

// A hidden page pauses the ad (or keeps a due one from starting); shown again, it plays on.
const hiddenPaused = createEvent();
const shownResumed = createEvent();
sample({
  clock: pageVisibilityChanged,
  source: $adStatus,
  filter: (status, hidden) => hidden && (status === AdStatus.Started || status === AdStatus.Playing),
  fn: () => undefined,
  target: [pauseAdFx, hiddenPaused],
});
sample({
  clock: adStartDue,
  source: { hidden: $pageHidden, blocked: $adsBlocked },
  filter: ({ hidden, blocked }) => hidden && !blocked,
  fn: () => undefined,
  target: hiddenPaused,
});
sample({
  clock: pageVisibilityChanged,
  source: { status: $adStatus, paused: $pausedByHiddenPage },
  filter: ({ status, paused }, hidden) =>
    !hidden && paused && (status === AdStatus.Paused || status === AdStatus.Created || status === AdStatus.Loaded),
  fn: () => undefined,
  target: [playAdFx, shownResumed],
});
$pausedByHiddenPage.on(hiddenPaused, () => true).reset(shownResumed, adEnded, adBreakEnded);
