/**
 * When breaks run: the pre-roll on the content's first play, demo mid-rolls every 10 s of played
 * content (and where they will come, for the seek slider's marks); and what holds an ad back:
 * native fullscreen, casting, a hidden page.
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { AdStatus } from '../status';
import { INITIAL_CLOCK, clockSeeked, clockTicked, midrollDue, midrollMarks, nextMidrollTime } from '../schedule-rules';
import { planAds, type AdItem, type AdPlan, type AdSettings } from '../sources';
import type { AdMedia } from './ad-media';
import type { AdBreak, Break } from './break';
import type { AdsEnvironment } from './environment';

/** The schedule's events and the ad plan. */
function createScheduleUnits() {
  /** The ad settings of this page: the ad list, demo mode, the base URL. */
  const adsConfigured = createEvent<AdSettings>();
  return {
    adsConfigured,
    /** The viewer (or autoplay) asked the held content to play. */
    contentPlayRequested: createEvent(),
    contentTimeUpdated: createEvent<number>(),
    contentSeeked: createEvent<number>(),
    contentDurationChanged: createEvent<number>(),
    /** A pre-roll is due: content play requests must wait for it. */
    contentHoldRequested: createEvent(),
    /** The content was asked to play while nothing held it (before the ad plan was known). */
    contentPlayAsked: createEvent(),
    /**
     * The pre-roll became known after the content was asked to play (the viewer's tap kept by the
     * page, a quick autoplay): the content pauses and the play waits for the break, as if held.
     */
    contentPlayOverdue: createEvent(),
    /** A mid-roll starts: pause the content and hold it. */
    contentPauseRequested: createEvent(),
    /** The break is over: release the content; `resume` when it was playing before (mid-roll). */
    contentResumeRequested: createEvent<{ resume: boolean }>(),
    $adPlan: createStore<AdPlan>({ preroll: [], midroll: [] }, { serialize: 'ignore' }).on(adsConfigured, (_, settings) => planAds(settings)),
  };
}

type ScheduleUnits = ReturnType<typeof createScheduleUnits>;

/** The pre-roll: prepared once the plan is known, holding the content (or pausing a play already asked), started by the content's play. */
function wirePreroll(s: ScheduleUnits, brk: Break): void {
  const prerollPlanned = createEvent<AdItem[]>();
  sample({
    clock: s.adsConfigured,
    source: s.$adPlan,
    filter: (plan) => plan.preroll.length > 0,
    fn: (plan) => plan.preroll,
    target: prerollPlanned,
  });
  sample({ clock: prerollPlanned, fn: (items) => ({ kind: 'preroll' as const, items, contentTime: 0 }), target: brk.adBreakPrepared });
  sample({ clock: prerollPlanned, target: s.contentHoldRequested });
  const $contentPlayAsked = createStore(false).on(s.contentPlayAsked, () => true);
  sample({ clock: prerollPlanned, source: $contentPlayAsked, filter: (asked) => asked, fn: () => undefined, target: s.contentPlayOverdue });
  sample({
    clock: s.contentPlayRequested,
    source: { phase: brk.$breakPhase, brk: brk.$break },
    filter: ({ phase, brk }) => phase === 'prepared' && brk?.kind === 'preroll',
    target: brk.adBreakStarted,
  });
}

/** Demo mid-rolls: the clock of played content, the break when one is due, and where the next ones will come. */
function wireMidrolls(s: ScheduleUnits, brk: Break, env: AdsEnvironment) {
  const { $adPlan, contentSeeked } = s;
  const $clock = createStore(INITIAL_CLOCK);
  const $playedAtLastBreak = createStore(0);
  /** Demo mid-rolls take the demo links in turn, starting with the one the pre-roll did not use. */
  const $midrollIndex = createStore(1);
  /** Content time matters here only for mid-rolls: a plan without any stops time updates at this gate. */
  const midrollTimeUpdated = sample({ clock: s.contentTimeUpdated, filter: $adPlan.map((plan) => plan.midroll.length > 0) });
  const $contentTime = createStore(0).on([midrollTimeUpdated, contentSeeked], (_, time) => time);
  const midrollTriggered = createEvent<{ items: AdItem[]; played: number }>();

  // The mid-roll clock runs only while no break does; a due mid-roll waits while ads are blocked.
  // The clock is never part of a combined source: it changes on every time update, and a combined
  // source would be recomputed each time.
  const clockStep = sample({ clock: midrollTimeUpdated, source: brk.$breakPhase, fn: (phase, time) => ({ running: phase === 'idle', time }) });
  sample({ clock: clockStep, source: $clock, fn: (clock, { running, time }) => (running ? clockTicked(clock, time) : clockSeeked(clock, time)), target: $clock });
  sample({ clock: contentSeeked, source: $clock, fn: clockSeeked, target: $clock });
  sample({
    clock: $clock.updates,
    source: { last: $playedAtLastBreak, plan: $adPlan, phase: brk.$breakPhase, blocked: env.$adsBlocked, index: $midrollIndex },
    filter: ({ last, plan, phase, blocked }, clock) => plan.midroll.length > 0 && phase === 'idle' && !blocked && midrollDue(clock.played, last),
    fn: ({ plan, index }, clock) => ({ items: [plan.midroll[index % plan.midroll.length]!], played: clock.played }),
    target: midrollTriggered,
  });
  $playedAtLastBreak.on(midrollTriggered, (_, { played }) => played);
  $midrollIndex.on(midrollTriggered, (index) => index + 1);
  sample({ clock: midrollTriggered, source: $contentTime, fn: (contentTime, { items }) => ({ kind: 'midroll' as const, items, contentTime }), target: brk.adBreakPrepared });
  sample({ clock: midrollTriggered, target: [s.contentPauseRequested, brk.adBreakStarted] });

  // Where the demo mid-rolls will come if the viewer plays on. The clock changes on every time
  // update, but the next mid-roll's time (rounded) does not during steady play: the store keeps its
  // value, so the marks are not recomputed.
  /** Content time of the next demo mid-roll; null outside demo mode or before any content time. */
  const $nextMidrollAt = combine($clock, $playedAtLastBreak, $adPlan, (clock, last, plan) => (plan.midroll.length > 0 ? nextMidrollTime(clock, last) : null));
  const $contentDuration = createStore(0).on(s.contentDurationChanged, (_, duration) => duration);
  /** The seek slider's mid-roll marks, fractions of the content (demo mode only). */
  const $midrollMarks = combine($nextMidrollAt, $contentDuration, midrollMarks);
  return { $nextMidrollAt, $midrollMarks };
}

/** An ad shows only where it can be seen: never in native fullscreen or while casting; a hidden page pauses it. */
function wireVisibility(brk: Break, media: AdMedia, env: AdsEnvironment): void {
  const { $adsBlocked, $pageHidden, pageVisibilityChanged } = env;
  sample({ clock: brk.adStartDue, source: $adsBlocked, filter: (blocked) => blocked, fn: () => undefined, target: brk.stopRequested });
  sample({
    clock: brk.adStartDue,
    source: { blocked: $adsBlocked, hidden: $pageHidden },
    filter: ({ blocked, hidden }) => !blocked && !hidden,
    fn: () => undefined,
    target: media.playAdFx,
  });
  sample({
    clock: [env.$nativeFullscreen, env.$casting],
    source: { ad: brk.$currentAd, blocked: $adsBlocked },
    filter: ({ ad, blocked }) => ad !== null && blocked,
    fn: () => undefined,
    target: brk.stopRequested,
  });

  // A hidden page pauses the ad (or keeps a due one from starting); shown again, it plays on.
  /** The ad was paused because the page went hidden, and resumes when it is shown. */
  const $pausedByHiddenPage = createStore(false);
  const hiddenPaused = createEvent();
  const shownResumed = createEvent();
  sample({
    clock: pageVisibilityChanged,
    source: brk.$adStatus,
    filter: (status, hidden) => hidden && (status === AdStatus.Started || status === AdStatus.Playing),
    fn: () => undefined,
    target: [media.pauseAdFx, hiddenPaused],
  });
  sample({
    clock: brk.adStartDue,
    source: { hidden: $pageHidden, blocked: $adsBlocked },
    filter: ({ hidden, blocked }) => hidden && !blocked,
    fn: () => undefined,
    target: hiddenPaused,
  });
  sample({
    clock: pageVisibilityChanged,
    source: { status: brk.$adStatus, paused: $pausedByHiddenPage },
    filter: ({ status, paused }, hidden) =>
      !hidden && paused && (status === AdStatus.Paused || status === AdStatus.Created || status === AdStatus.Loaded),
    fn: () => undefined,
    target: [media.playAdFx, shownResumed],
  });
  $pausedByHiddenPage.on(hiddenPaused, () => true).reset(shownResumed, brk.adEnded, brk.adBreakEnded);
}

/** The schedule of breaks, and what keeps an ad from showing. */
export function createSchedule(brk: Break, media: AdMedia, env: AdsEnvironment) {
  const s = createScheduleUnits();
  wirePreroll(s, brk);
  const marks = wireMidrolls(s, brk, env);
  sample({ clock: brk.adBreakEnded, fn: (ended: AdBreak) => ({ resume: ended.kind === 'midroll' }), target: s.contentResumeRequested });
  wireVisibility(brk, media, env);
  return { ...s, ...marks };
}
