/**
 * Fullscreen (SPEC.md §4). Native: the Fullscreen API on the player page. Parent: when the
 * page configuration says `data-fullscreen="parent"`, or on a phone inside a parent frame, the
 * player asks its parent to make the frame fill the screen (`enterFullScreen`) and marks
 * itself stretched; leaving posts `exitFullScreen` and clears it. If the browser refuses
 * native fullscreen inside a frame (no allowfullscreen), the parent mode is used instead.
 * The parent's `{ type: 'exitFullScreen' }` says it stopped stretching the frame (the viewer
 * went back, or pressed Escape on the page): the player clears stretched and posts nothing.
 */
import { attach, combine, createEffect, createEvent, createStore, sample, scopeBind, type Event, type EventCallable, type Store } from 'effector';
import type { MediaEngine, MediaKey } from '../../engine/types';
import { isFramed, postToParentFx } from '../../platform/parent-bridge';
import type { FullscreenMode } from '../session';
import { createDevices } from './devices';
import { engineOf } from '../../engine/engines';

/** What fullscreen hears from the other features (playback), named by what it is to fullscreen. */
export interface FullscreenDeps {
  /** The media engine, whose surface goes fullscreen, picture-in-picture or to a remote device. */
  $engineKey: Store<MediaKey | null>;
  /** An engine is attached: its surface's fullscreen, PiP and remote state are followed from then on. */
  engineAttached: Event<MediaEngine>;
  /** The phone layout: in a frame, fullscreen goes through the parent. */
  $mobileLayout: Store<boolean>;
  /** The 'f' key or a double tap: fullscreen toggles. */
  fullscreenShortcutUsed: Event<void>;
  /** A source's manifest is loaded: PiP support is asked again. */
  sourceReady: Event<unknown>;
  /** Whether the content plays: entering PiP plays it. */
  $isPlaying: Store<boolean>;
  /** Plays the content. */
  playClicked: EventCallable<void>;
}

/** The page says whether it is framed (app/links/fullscreen.ts, at the page's start). */
const readFramedFx = createEffect(() => isFramed());

export type FullscreenModel = ReturnType<typeof createFullscreen>;

/** Fullscreen, picture-in-picture and casting, built on the units of the features fullscreen hears. */
export function createFullscreen(deps: FullscreenDeps) {
  const modes = createFullscreenModes(deps);
  const toggle = createToggle(deps, modes);
  const devices = createDevices(deps);
  return { ...modes, ...toggle, readFramedFx, ...devices };
}

/** The native and the parent's (stretched) fullscreen. */
function createFullscreenModes({ engineAttached, $mobileLayout }: FullscreenDeps) {
  const fullscreenModeSet = createEvent<FullscreenMode>();
  /** The fullscreen button. */
  const fullscreenClicked = createEvent();
  /** The close button of the stretched player (mobile top row). */
  const stretchedCloseClicked = createEvent();
  /** The browser entered or left native fullscreen. */
  const nativeFullscreenChanged = createEvent<boolean>();
  /** Escape that no menu took (menus closes its open menu first): it leaves the stretched mode. */
  const escapeLeftOver = createEvent();
  /** The page left the stretched mode by itself (its `exitFullScreen` action): it needs no exitFullScreen back. */
  const pageLeftStretched = createEvent();

  const $fullscreenMode = createStore<FullscreenMode>('native').on(fullscreenModeSet, (_, mode) => mode);
  /** True inside a parent frame. */
  const $framed = createStore(false);
  /** The page (or, on iPhone, the video) is in native fullscreen. */
  const $nativeFullscreen = createStore(false).on(nativeFullscreenChanged, (_, on) => on);
  /** The <video> element alone is fullscreen. */
  const videoFullscreenChanged = createEvent<boolean>();
  /**
   * Only the <video> element is on screen, so an ad overlay could not show: the ads feature stops
   * pre-rolls and defers mid-rolls then (SPEC.md §4). The player's own fullscreen keeps the page,
   * overlay included, on screen, and does not count.
   */
  const $videoElementFullscreen = createStore(false).on(videoFullscreenChanged, (_, on) => on);
  /** The parent was asked to stretch the frame over its page. */
  const $stretched = createStore(false);
  const $fullscreen = combine($nativeFullscreen, $stretched, (native, stretched) => native || stretched);
  /** Whether fullscreen goes through the parent frame. */
  const $parentFullscreen = combine(
    $fullscreenMode,
    $framed,
    $mobileLayout,
    (mode, framed, mobile) => mode === 'parent' || (mobile && framed),
  );

  sample({ clock: readFramedFx.doneData, target: $framed });

  /** Follows the native fullscreen of the engine's element (its surface), from its state now on. */
  const connectFullscreenFx = createEffect((engine: MediaEngine) => {
    const surface = engine.surface;
    const changed = scopeBind(nativeFullscreenChanged, { safe: true });
    const videoChanged = scopeBind(videoFullscreenChanged, { safe: true });
    const report = ({ native, videoOnly }: { native: boolean; videoOnly: boolean }) => {
      changed(native);
      videoChanged(videoOnly);
    };
    surface.on('fullscreenChanged', report);
    report(surface.fullscreen());
  });
  sample({ clock: engineAttached, target: connectFullscreenFx });

  const modes = { fullscreenModeSet, fullscreenClicked, stretchedCloseClicked, nativeFullscreenChanged, escapeLeftOver, pageLeftStretched, $fullscreenMode, $framed };
  const states = { $nativeFullscreen, $videoElementFullscreen, videoFullscreenChanged, $stretched, $fullscreen, $parentFullscreen };
  return { ...modes, ...states };
}

type FullscreenModes = ReturnType<typeof createFullscreenModes>;

/** The fullscreen button and key: native fullscreen, or the parent's stretch, on and off. */
function createToggle({ $engineKey, fullscreenShortcutUsed }: FullscreenDeps, modes: FullscreenModes) {
  const { fullscreenClicked, stretchedCloseClicked, escapeLeftOver, pageLeftStretched, $framed, $nativeFullscreen, $stretched, $parentFullscreen } = modes;
  const enterNativeFx = attach({
    source: $engineKey,
    effect: async (key) => {
      const engine = engineOf(key);
      if (!engine) throw new Error('no media element');
      await engine.surface.enterFullscreen();
    },
  });
  const exitNativeFx = attach({
    source: $engineKey,
    effect: async (key) => {
      await engineOf(key)?.surface.exitFullscreen();
    },
  });

  const stretchRequested = createEvent();
  const unstretchRequested = createEvent();

  const toggled = sample({
    clock: [fullscreenClicked, fullscreenShortcutUsed],
    source: { native: $nativeFullscreen, stretched: $stretched, parent: $parentFullscreen },
  });
  sample({ clock: toggled, filter: ({ stretched }) => stretched, fn: () => undefined, target: unstretchRequested });
  sample({ clock: toggled, filter: ({ stretched, native }) => !stretched && native, fn: () => undefined, target: exitNativeFx });
  sample({ clock: toggled, filter: ({ stretched, native, parent }) => !stretched && !native && parent, fn: () => undefined, target: stretchRequested });
  sample({ clock: toggled, filter: ({ stretched, native, parent }) => !stretched && !native && !parent, fn: () => undefined, target: enterNativeFx });

  // A frame without allowfullscreen refuses the native request: the parent may still stretch it.
  sample({ clock: enterNativeFx.fail, filter: $framed, fn: () => undefined, target: stretchRequested });

  sample({ clock: [stretchedCloseClicked, escapeLeftOver], filter: $stretched, fn: () => undefined, target: unstretchRequested });

  sample({ clock: stretchRequested, fn: () => ({ event: 'enterFullScreen' as const }), target: postToParentFx });
  sample({ clock: stretchRequested, fn: () => true, target: $stretched });
  sample({ clock: unstretchRequested, fn: () => ({ event: 'exitFullScreen' as const }), target: postToParentFx });
  sample({ clock: unstretchRequested, fn: () => false, target: $stretched });

  sample({ clock: pageLeftStretched, fn: () => false, target: $stretched });

  return { enterNativeFx, exitNativeFx };
}
