/**
 * The player before the app (issue 47): from the entry's first run the page shows the big play
 * button, and with the first frame the control bar, and they work. Play, pause, seeking, the mute
 * and native fullscreen act on the engine the page's start already holds; what only the app can do
 * (a pre-roll, the resume prompt, the parent's fullscreen) is queued, shown as on its way, and
 * brings the app's turn at once. The app's render replaces the shell in place; from the moment
 * the app takes over (`handOver`) each intent goes to its model.
 */
import { CONTROLS_HIDE_DELAY_MS, SEEK_STEP_S, STORAGE_KEYS } from '../lib/constants';
import type { MediaEngine } from '../engine/types';
import type { KeyValueStorage } from '../platform/web-storage';
import { createShellView, type ShellState } from './shell-view';
import type { IntentRecorder, ViewerIntent } from './viewer-intents';
import type { ViewerPlayOutcome } from './early-media';

export interface PageShellInput {
  root: HTMLElement;
  /** The content's element, whose events the shell follows. */
  video: HTMLVideoElement;
  engine: Promise<MediaEngine>;
  recorder: IntentRecorder;
  storage: KeyValueStorage;
  mobile: boolean;
  /** Fullscreen goes through the parent frame (the app's rule, fullscreen/model.ts): only the app asks it. */
  parentFullscreen: boolean;
  /** The page's autoplay: until the first frame, the shell shows the spinner instead of the big play button. */
  autoPlay: boolean;
  /**
   * Starts the start episode for the viewer, within their gesture, or leaves it to the app: in the
   * plan (a pre-roll first, the resume prompt), or as a queued intent (no plan before the app).
   */
  play(): Promise<ViewerPlayOutcome>;
  /** The page's autoplay was refused: the big play button instead of the spinner. */
  autoplayBlocked(): boolean;
  /** The browser refused sound (read at each change; the start's facts). */
  soundRefused(): boolean;
  /** The viewer turned the sound on: the refusal is over. */
  soundAllowed(): void;
}

export interface PageShell {
  /** Resolves at the viewer's first intent only the app can perform. */
  readonly needsApp: Promise<void>;
  /** Intents the app performs when it arrives, in order. */
  readonly queued: readonly ViewerIntent[];
  /** From now on intents go to `perform` (the app's model), the queued ones first. */
  handOver(perform: (intent: ViewerIntent) => void): void;
  /** The start's facts changed (autoplay's outcome, a refused sound): show them. */
  refresh(): void;
}

/** Whether a click on `target` is on the shell's control `action`, its picture, or outside it. */
function actionOf(target: EventTarget | null, shell: HTMLElement): string | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-shell]') : null;
  if (element && shell.contains(element)) return element.dataset.shell ?? null;
  return null;
}

/** What a click on each of the shell's controls is to the app's model, once it has taken over. */
const APP_INTENTS: Readonly<Record<string, ViewerIntent>> = {
  surface: 'toggle',
  toggle: 'toggle',
  mute: 'mute',
  unmute: 'mute',
  fullscreen: 'fullscreen',
  seekBack: 'seekBack',
  seekForward: 'seekForward',
  settings: 'settings',
};

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame to show. */
const HAVE_CURRENT_DATA = 2;

export function createPageShell(input: PageShellInput): PageShell {
  const { root, video, recorder, storage } = input;
  const view = createShellView(root.ownerDocument, input.mobile);
  const state: ShellState = {
    status: 'notStarted',
    waiting: false,
    framed: false,
    controlsShown: true,
    muted: video.muted,
    time: 0,
    duration: 0,
    soundRefused: false,
  };
  let engine: MediaEngine | null = null;
  let perform: ((intent: ViewerIntent) => void) | null = null;
  const queued: ViewerIntent[] = [];
  let appNeeded!: () => void;
  const needsApp = new Promise<void>((resolve) => (appNeeded = resolve));
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  const render = () =>
    view.update({
      ...state,
      // Autoplay on its way shows the spinner, as the app does, until it plays or is refused.
      waiting: state.waiting || (input.autoPlay && state.status === 'notStarted' && !input.autoplayBlocked()),
      soundRefused: input.soundRefused() && video.muted,
    });
  const showControls = () => {
    state.controlsShown = true;
    clearTimeout(hideTimer);
    if (state.status === 'playing') hideTimer = setTimeout(() => ((state.controlsShown = false), render()), CONTROLS_HIDE_DELAY_MS);
  };
  const queue = (intent: ViewerIntent) => {
    if (perform) return perform(intent);
    queued.push(intent);
    state.waiting = true;
    appNeeded();
  };

  const play = () => {
    state.waiting = true;
    engine?.unlock?.();
    void input.play().then((outcome) => {
      if (outcome === 'queued') return queue('toggle');
      if (outcome === 'planned') appNeeded();
      // 'played' shows with the element's own 'playing'; a refusal leaves the button to tap again.
      else if (video.paused) state.waiting = false;
      render();
    });
  };
  const toggle = () => {
    if (!engine || state.status === 'notStarted') return play();
    if (video.paused) void engine.play().catch(() => undefined);
    else engine.pause();
  };
  const setMuted = (muted: boolean) => {
    if (!engine) return queue('mute');
    if (!muted) input.soundAllowed();
    engine.setMuted(muted);
    storage.write(STORAGE_KEYS.muted, muted);
  };
  const seekBy = (seconds: number) => engine && state.framed && engine.seek(Math.max(0, Math.min(state.duration || Infinity, video.currentTime + seconds)));
  const fullscreen = () => {
    const surface = engine?.surface;
    if (input.parentFullscreen || !surface) return queue('fullscreen');
    void (surface.fullscreen().native ? surface.exitFullscreen() : surface.enterFullscreen()).catch(() => queue('fullscreen'));
  };

  const act = (intent: ViewerIntent, target: EventTarget | null) => {
    const action = intent === 'toggle' ? actionOf(target, view.element) : intent;
    if (perform) return action === 'seek' ? undefined : perform(APP_INTENTS[action ?? 'toggle'] ?? 'toggle');
    showControls();
    if (action === 'surface' && state.status !== 'notStarted' && input.mobile) {
      // A tap on the phone's picture shows or hides the controls, as in the app (gestures.ts).
      state.controlsShown = !state.controlsShown;
    } else if (action === 'toggle' || action === 'surface' || action === null) toggle();
    else if (action === 'mute') setMuted(!video.muted);
    else if (action === 'unmute') setMuted(false);
    else if (action === 'fullscreen') fullscreen();
    else if (action === 'settings') queue('settings');
    else if (action === 'seekBack') seekBy(-SEEK_STEP_S);
    else if (action === 'seekForward') seekBy(SEEK_STEP_S);
    render();
  };

  const seekTo = (event: PointerEvent) => {
    const track = view.element.querySelector('.seek__track')!.getBoundingClientRect();
    if (!engine || track.width <= 0 || state.duration <= 0) return;
    engine.seek(Math.max(0, Math.min(1, (event.clientX - track.left) / track.width)) * state.duration);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (actionOf(event.target, view.element) === 'seek') seekTo(event);
  };

  const follow = () => {
    state.muted = video.muted;
    state.time = video.currentTime;
    state.duration = Number.isFinite(video.duration) ? video.duration : 0;
    if (video.readyState >= HAVE_CURRENT_DATA) state.framed = true;
    if (!video.paused && state.status !== 'playing') {
      state.status = 'playing';
      state.waiting = false;
      showControls();
    } else if (video.paused && state.status === 'playing') {
      state.status = 'paused';
      showControls();
    }
    render();
  };
  const MEDIA_EVENTS = ['loadeddata', 'playing', 'pause', 'timeupdate', 'durationchange', 'volumechange', 'seeked'] as const;
  for (const name of MEDIA_EVENTS) video.addEventListener(name, follow);
  view.element.addEventListener('pointerup', onPointerUp);
  root.replaceChildren(view.element);
  render();
  void input.engine.then((created) => (engine = created), () => undefined);
  recorder.handTo(act);

  // The app's render takes the shell off the page: it stops listening then.
  const observer = new MutationObserver(() => {
    if (view.element.isConnected) return;
    observer.disconnect();
    clearTimeout(hideTimer);
    recorder.stop();
    for (const name of MEDIA_EVENTS) video.removeEventListener(name, follow);
  });
  observer.observe(root, { childList: true });

  return {
    needsApp,
    queued,
    handOver(next) {
      perform = next;
      for (const intent of queued.splice(0)) next(intent);
    },
    refresh: render,
  };
}
