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
import type { PlaybackEvents } from './events';
import { sameRanges, type PlaybackStatusModel } from './status';


/** The layout: desktop or mobile, from a media query watched once the app starts. */
function createLayout() {
  const layoutChanged = createEvent<boolean>();
  const layoutWatchStarted = createEvent();
  /** True when the small-screen query matches: the 3-row mobile layout and touch gestures. */
  const $mobileLayout = createStore(false).on(layoutChanged, (_, mobile) => mobile);
  const watchLayoutFx = createEffect(() => {
    watchMediaQuery(MOBILE_LAYOUT_QUERY, scopeBind(layoutChanged, { safe: true }));
  });
  sample({ clock: layoutWatchStarted, target: watchLayoutFx });
  return { layoutChanged, layoutWatchStarted, $mobileLayout };
}

/** The viewer's activity, the pin, and whether the controls show. */
function createVisibility({ mediaEnded, mediaPaused, sourceRequested }: PlaybackEvents) {
  /** The viewer moved the pointer, touched the player or pressed a key. */
  const userActed = createEvent();
  /**
   * A mouse moved over the player. It shows the controls on desktop only: the mobile layout
   * toggles them by tap, and a hover before the tap would turn every tap into "hide".
   */
  const pointerMoved = createEvent();
  /** Keeps the controls shown while true (e.g. a settings menu is open). */
  const controlsPinnedSet = createEvent<boolean>();
  /** The mouse left the player. */
  const pointerLeft = createEvent();
  /** A tap on the picture on mobile: shows hidden controls, hides shown ones while playing. */
  const controlsTapped = createEvent<{ wereVisible: boolean }>();
  const $controlsPinned = createStore(false).on(controlsPinnedSet, (_, pinned) => pinned);
  const idleTimerRestarted = createEvent();
  const controlsIdle = debounce({ source: idleTimerRestarted, timeout: CONTROLS_HIDE_DELAY_MS });
  const controlsHidden = createEvent();
  const $controlsVisible = createStore(true)
    .on([userActed, mediaPaused, mediaEnded, sourceRequested], () => true)
    .on(controlsPinnedSet, (visible, pinned) => pinned || visible)
    .on(controlsHidden, () => false);
  return { userActed, pointerMoved, controlsPinnedSet, pointerLeft, controlsTapped, $controlsPinned, idleTimerRestarted, controlsIdle, controlsHidden, $controlsVisible };
}

type Visibility = ReturnType<typeof createVisibility>;

/**
 * What the controls draw of a stream store: it follows `store` only while the controls are shown
 * and catches up when they show, so a film playing under hidden controls re-renders no view and
 * makes no page writes (and no repaints) at all.
 */
function whileShown<T>($controlsVisible: Store<boolean>, store: Store<T>, initial: T): StoreWritable<T> {
  const shown = createStore(initial);
  sample({ clock: store, filter: $controlsVisible, target: shown });
  sample({ clock: $controlsVisible, source: store, filter: (_, visible) => visible, target: shown });
  return shown;
}

/** The playhead, the length and the buffer as the controls draw them. */
function createChrome({ mediaTimeUpdated, streamTicked }: PlaybackEvents, { $bufferedRanges, $currentTime, $duration }: PlaybackStatusModel, { $controlsVisible }: Visibility) {
  /** The playhead as the seek slider draws it. */
  const $chromeTime = whileShown($controlsVisible, $currentTime, 0);
  /** The same, in whole seconds, for the time display: one re-render a second at most. */
  const $chromeSecond = $chromeTime.map((time) => Math.floor(time));
  /** The stream's length as the slider and the clock draw it (it can change as the stream ends loading). */
  const $chromeDuration = whileShown($controlsVisible, $duration, 0);
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
  return { $chromeTime, $chromeSecond, $chromeDuration };
}

/** When the controls hide: the idle timer while playing, the mouse leaving, a tap on mobile. */
function wireHiding({ mediaPlaying }: PlaybackEvents, { $isPlaying }: PlaybackStatusModel, visibility: Visibility, $mobileLayout: Store<boolean>) {
  const { userActed, pointerMoved, controlsPinnedSet, pointerLeft, controlsTapped, $controlsPinned, idleTimerRestarted, controlsIdle, controlsHidden } = visibility;
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
}

/** Share: the button lives on the control bar; the popup is another feature's. */
function createShareButton() {
  const shareClicked = createEvent();
  /** False with disabled_share: the share button is hidden. */
  const shareAvailabilitySet = createEvent<boolean>();
  const $shareEnabled = createStore(true).on(shareAvailabilitySet, (_, enabled) => enabled);
  return { shareClicked, shareAvailabilitySet, $shareEnabled };
}

/** The layout, the controls' visibility and what they draw, and the share button. */
export function createControls(events: PlaybackEvents, status: PlaybackStatusModel) {
  const layout = createLayout();
  const visibility = createVisibility(events);
  const chrome = createChrome(events, status, visibility);
  wireHiding(events, status, visibility, layout.$mobileLayout);
  const { userActed, pointerMoved, controlsPinnedSet, pointerLeft, controlsTapped, $controlsPinned, $controlsVisible } = visibility;
  return {
    ...layout, userActed, pointerMoved, controlsPinnedSet, pointerLeft, controlsTapped, $controlsPinned, $controlsVisible, ...chrome, ...createShareButton(),
  };
}

export type PlaybackControls = ReturnType<typeof createControls>;
