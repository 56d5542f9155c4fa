/**
 * Controls visibility (SPEC.md §2): any pointer move, touch or key shows the controls; while
 * the media plays they hide after 1000 ms without activity, and at once when the mouse leaves
 * the player. They never hide while paused or while a menu is open (pinned). (Hovering the bar
 * does not pin them: a cross-origin frame is not always told when the mouse leaves it, and
 * controls stuck on screen are worse than a bar that fades under a still mouse.)
 * Also the layout (desktop or mobile, from a media query) and the share button's intent.
 */
import { createEffect, createEvent, createStore, sample, scopeBind, type Store, type StoreWritable } from 'effector';
import { debounce } from 'patronum/debounce';
import { CONTROLS_HIDE_DELAY_MS, MOBILE_LAYOUT_QUERY } from '../../lib/constants';
import { watchMediaQuery } from '../../platform/layout';
import { mediaEnded, mediaPaused, mediaPlaying, mediaTimeUpdated, sourceRequested, streamTicked } from './events';
import { $bufferedRanges, $currentTime, $duration, $isPlaying, sameRanges } from './status';

// Layout.
export const layoutChanged = createEvent<boolean>();
export const layoutWatchStarted = createEvent();
/** True when the small-screen query matches: the 3-row mobile layout and touch gestures. */
export const $mobileLayout = createStore(false).on(layoutChanged, (_, mobile) => mobile);

const watchLayoutFx = createEffect(() => {
  watchMediaQuery(MOBILE_LAYOUT_QUERY, scopeBind(layoutChanged, { safe: true }));
});
sample({ clock: layoutWatchStarted, target: watchLayoutFx });

/** The viewer moved the pointer, touched the player or pressed a key. */
export const userActed = createEvent();
/**
 * A mouse moved over the player. It shows the controls on desktop only: the mobile layout
 * toggles them by tap, and a hover before the tap would turn every tap into "hide".
 */
export const pointerMoved = createEvent();
/** Keeps the controls shown while true (e.g. a settings menu is open). */
export const controlsPinnedSet = createEvent<boolean>();
/** The mouse left the player. */
export const pointerLeft = createEvent();
/** A tap on the picture on mobile: shows hidden controls, hides shown ones while playing. */
export const controlsTapped = createEvent<{ wereVisible: boolean }>();

export const $controlsPinned = createStore(false).on(controlsPinnedSet, (_, pinned) => pinned);

const idleTimerRestarted = createEvent();
const controlsIdle = debounce({ source: idleTimerRestarted, timeout: CONTROLS_HIDE_DELAY_MS });
const controlsHidden = createEvent();

export const $controlsVisible = createStore(true)
  .on([userActed, mediaPaused, mediaEnded, sourceRequested], () => true)
  .on(controlsPinnedSet, (visible, pinned) => pinned || visible)
  .on(controlsHidden, () => false);

/**
 * What the controls draw of a stream store: it follows `store` only while the controls are shown
 * and catches up when they show, so a film playing under hidden controls re-renders no view and
 * makes no page writes (and no repaints) at all.
 */
function whileShown<T>(store: Store<T>, initial: T): StoreWritable<T> {
  const shown = createStore(initial);
  sample({ clock: store, filter: $controlsVisible, target: shown });
  sample({ clock: $controlsVisible, source: store, filter: (_, visible) => visible, target: shown });
  return shown;
}

/** The playhead as the seek slider draws it. */
export const $chromeTime = whileShown($currentTime, 0);
/** The same, in whole seconds, for the time display: one re-render a second at most. */
export const $chromeSecond = $chromeTime.map((time) => Math.floor(time));
/** The stream's length as the slider and the clock draw it (it can change as the stream ends loading). */
export const $chromeDuration = whileShown($duration, 0);
// The buffered ranges follow the time facts while the controls show (once a second while playing,
// every 100 ms with the stream tick that runs while they show); the same ranges keep the same
// array, so the slider does not re-render on every tick.
sample({
  clock: [mediaTimeUpdated, streamTicked],
  source: $bufferedRanges,
  filter: $controlsVisible,
  fn: (current, { bufferedRanges }) => (bufferedRanges && !sameRanges(current, bufferedRanges) ? bufferedRanges : current),
  target: $bufferedRanges,
});

// The idle timer hides the controls only while the film plays: before that (and while paused) a
// pointer event restarts nothing, and the play starts it afresh. A tap's burst of pointer events
// would otherwise restart the scope's timer several times on the way to its click.
sample({ clock: userActed, filter: $isPlaying, target: idleTimerRestarted });
sample({ clock: [mediaPlaying, controlsPinnedSet], fn: () => undefined, target: idleTimerRestarted });
sample({
  clock: [controlsIdle, pointerLeft],
  source: { playing: $isPlaying, pinned: $controlsPinned },
  filter: ({ playing, pinned }) => playing && !pinned,
  fn: () => undefined,
  target: controlsHidden,
});

sample({ clock: pointerMoved, source: $mobileLayout, filter: (mobile) => !mobile, fn: () => undefined, target: userActed });

sample({
  clock: controlsTapped,
  source: { playing: $isPlaying, pinned: $controlsPinned },
  filter: ({ playing, pinned }, { wereVisible }) => wereVisible && playing && !pinned,
  target: controlsHidden,
});
sample({ clock: controlsTapped, filter: ({ wereVisible }) => !wereVisible, fn: () => undefined, target: userActed });

// Share: the button lives on the control bar; the popup is another feature's.
export const shareClicked = createEvent();
/** False with disabled_share: the share button is hidden. */
export const shareAvailabilitySet = createEvent<boolean>();
export const $shareEnabled = createStore(true).on(shareAvailabilitySet, (_, enabled) => enabled);
