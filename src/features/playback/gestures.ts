/**
 * Clicks and taps on the picture (SPEC.md §2). Desktop: a click toggles pause, a double-click
 * toggles fullscreen, a double-click on the left or right fifth seeks ∓10 s instead. Mobile: a
 * tap shows or hides the controls, a double tap on a side seeks (each further quick tap seeks
 * again, as on YouTube).
 *
 * A single click waits DOUBLE_CLICK_WINDOW_MS for a second one before it acts, so a
 * double-click never also pauses and resumes the video (the delay-and-cancel approach of
 * YouTube's and Vidstack's gestures, rather than undoing the first toggle afterwards).
 */
import { createEvent, createStore, sample, type Store } from 'effector';
import { debounce } from 'patronum/debounce';
import { DOUBLE_CLICK_SEEK_ZONE, DOUBLE_CLICK_WINDOW_MS, SEEK_FLASH_MS, SEEK_STEP_S } from '../../lib/constants';
import type { PlaybackControls } from './controls';
import type { PlaybackEvents } from './events';
import type { PlaybackSeek } from './seek';

type SurfaceZone = 'left' | 'centre' | 'right';

/** The zone of a point at `x`, a fraction 0..1 of the player's width. */
export function zoneAt(x: number): SurfaceZone {
  if (x < DOUBLE_CLICK_SEEK_ZONE) return 'left';
  if (x > 1 - DOUBLE_CLICK_SEEK_ZONE) return 'right';
  return 'centre';
}

/** Taps within one double-click window. */
interface Gesture {
  taps: number;
  /** A double action already ran, so the single one must not. */
  handled: boolean;
  /** Whether the controls showed at the first tap (mobile toggles from that). */
  controlsWereVisible: boolean;
}

/** The gesture after one more tap, and the double action it triggers on mobile, if any. */
export function nextGesture(
  gesture: Gesture | null,
  { mobile, controlsVisible, zone }: { mobile: boolean; controlsVisible: boolean; zone: SurfaceZone },
): { gesture: Gesture; double: SurfaceZone | null } {
  if (!gesture) return { gesture: { taps: 1, handled: false, controlsWereVisible: controlsVisible }, double: null };
  const double = mobile ? zone : null;
  return { gesture: { ...gesture, taps: gesture.taps + 1, handled: gesture.handled || double !== null }, double };
}

/** Taps and double-clicks: the gesture in its window, and the double action it makes. */
function createDoubleActions({ $controlsVisible, $mobileLayout }: PlaybackControls, { seekByRequested }: PlaybackSeek) {
  /** A click or tap on the picture at `x`, a fraction 0..1 of the width. */
  const surfaceClicked = createEvent<number>();
  /** The browser's dblclick on the picture (desktop). */
  const surfaceDoubleClicked = createEvent<number>();
  /** Fullscreen asked by a gesture or a key; the fullscreen feature decides how. */
  const fullscreenShortcutUsed = createEvent();

  const $gesture = createStore<Gesture | null>(null);
  const doubleActivated = createEvent<{ zone: SurfaceZone; mobile: boolean }>();

  const tapRecorded = sample({
    clock: surfaceClicked,
    source: { gesture: $gesture, mobile: $mobileLayout, controlsVisible: $controlsVisible },
    fn: ({ gesture, mobile, controlsVisible }, x) => ({ ...nextGesture(gesture, { mobile, controlsVisible, zone: zoneAt(x) }), mobile }),
  });
  $gesture.on(tapRecorded, (_, { gesture }) => gesture);
  sample({
    clock: tapRecorded,
    filter: ({ double }) => double !== null,
    fn: ({ double, mobile }) => ({ zone: double!, mobile }),
    target: doubleActivated,
  });

  sample({
    clock: surfaceDoubleClicked,
    source: $mobileLayout,
    filter: (mobile) => !mobile,
    fn: (mobile, x) => ({ zone: zoneAt(x), mobile }),
    target: doubleActivated,
  });
  $gesture.on(doubleActivated, (gesture) => (gesture ? { ...gesture, handled: true } : gesture));

  sample({ clock: doubleActivated, filter: ({ zone }) => zone === 'left', fn: () => -SEEK_STEP_S, target: seekByRequested });
  sample({ clock: doubleActivated, filter: ({ zone }) => zone === 'right', fn: () => SEEK_STEP_S, target: seekByRequested });
  sample({
    clock: doubleActivated,
    filter: ({ zone, mobile }) => zone === 'centre' && !mobile,
    fn: () => undefined,
    target: fullscreenShortcutUsed,
  });
  return { surfaceClicked, surfaceDoubleClicked, fullscreenShortcutUsed, $gesture, doubleActivated };
}

/** The seek ripple, and a lone tap acting once its window closes. */
function wireSingleTaps(
  { togglePlayClicked }: PlaybackEvents,
  { controlsTapped }: PlaybackControls,
  $mobileLayout: Store<boolean>,
  { surfaceClicked, $gesture, doubleActivated }: ReturnType<typeof createDoubleActions>,
) {
  /** The side a double-click or double tap just seeked on, shown briefly as a ripple; `id` restarts it. */
  const $seekFlash = createStore<{ zone: 'left' | 'right'; id: number } | null>(null);
  const sideSeeked = doubleActivated.filterMap(({ zone }) => (zone === 'centre' ? undefined : zone));
  $seekFlash.on(sideSeeked, (flash, zone) => ({ zone, id: (flash?.id ?? 0) + 1 }));
  $seekFlash.reset(debounce({ source: sideSeeked, timeout: SEEK_FLASH_MS }));

  // The window closes DOUBLE_CLICK_WINDOW_MS after the last tap; a lone tap acts then.
  const tapWindowEnded = debounce({ source: surfaceClicked, timeout: DOUBLE_CLICK_WINDOW_MS });
  const tapWindowClosed = sample({ clock: tapWindowEnded, source: { gesture: $gesture, mobile: $mobileLayout } });
  $gesture.reset(tapWindowClosed);
  const singleTap = tapWindowClosed.filter({ fn: ({ gesture }) => gesture !== null && gesture.taps === 1 && !gesture.handled });
  sample({ clock: singleTap, filter: ({ mobile }) => !mobile, fn: () => undefined, target: togglePlayClicked });
  sample({
    clock: singleTap,
    filter: ({ mobile }) => mobile,
    fn: ({ gesture }) => ({ wereVisible: gesture!.controlsWereVisible }),
    target: controlsTapped,
  });
  return { $seekFlash };
}

/** Clicks, taps and double-clicks on the picture. */
export function createGestures(events: PlaybackEvents, controls: PlaybackControls, seek: PlaybackSeek) {
  const actions = createDoubleActions(controls, seek);
  const { $seekFlash } = wireSingleTaps(events, controls, controls.$mobileLayout, actions);
  const { surfaceClicked, surfaceDoubleClicked, fullscreenShortcutUsed } = actions;
  return { surfaceClicked, surfaceDoubleClicked, fullscreenShortcutUsed, $seekFlash };
}

export type PlaybackGestures = ReturnType<typeof createGestures>;
