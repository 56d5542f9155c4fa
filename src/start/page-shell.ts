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
  /**
   * The shell joins the page when this resolves (at once without it): a start that plays by itself
   * has nothing to tap for before its first frame, and the shell's layout would cost that frame on
   * a slow CPU; the recorder keeps a tap meanwhile.
   */
  until?: Promise<unknown>;
  /** The page's first frame shown (the content's or a pre-roll's): the bar joins the page after it. */
  firstFrame: Promise<void>;
  /** The page's autoplay: until it plays or is refused, no big play button (nor a spinner: its animation would cost the first frame). */
  autoPlay: boolean;
  autoplayBlocked(): boolean;
  /** The pre-roll plays on the page (early-ad.ts): the shell steps aside for it. */
  adPlaying?(): boolean;
  /** Fullscreen goes through the parent frame (the app's rule, fullscreen/model.ts): only the app asks it. */
  parentFullscreen: boolean;
  /**
   * Starts the start episode for the viewer, within their gesture, or leaves it to the app: in the
   * plan (a pre-roll first, the resume prompt), or as a queued intent (no plan before the app).
   */
  play(): Promise<ViewerPlayOutcome>;
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
const MEDIA_EVENTS = ['loadeddata', 'playing', 'pause', 'timeupdate', 'durationchange', 'volumechange', 'seeked'] as const;

/** Calls `then` after the next paint: the bar is laid out after the first frame, not in its way. */
function afterPaint(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(then, 0);
  requestAnimationFrame(() => setTimeout(then, 0));
}

/** What the shell keeps while it answers the viewer. */
interface ShellContext {
  input: PageShellInput;
  state: ShellState;
  engine: () => MediaEngine | null;
  render(): void;
  showControls(): void;
  /** Leaves `intent` to the app (queued, or at once once it took over) and brings its turn. */
  queue(intent: ViewerIntent): void;
  appNeeded(): void;
}

/** What each of the shell's actions does before the app. */
function shellActions({ input, state, engine, render, showControls, queue, appNeeded }: ShellContext) {
  const { video, storage } = input;
  const play = () => {
    state.waiting = true;
    engine()?.unlock();
    void input.play().then((outcome) => {
      if (outcome === 'queued') return queue('toggle');
      if (outcome === 'planned') appNeeded();
      // 'played' shows with the element's own 'playing'; a refusal leaves the button to tap again.
      else if (video.paused) state.waiting = false;
      render();
    });
  };
  const setMuted = (muted: boolean) => {
    const created = engine();
    if (!created) return queue('mute');
    if (!muted) input.soundAllowed();
    created.setMuted(muted);
    storage.write(STORAGE_KEYS.muted, muted);
  };
  const seekBy = (seconds: number) => state.framed && engine()?.seek(Math.max(0, Math.min(state.duration || Infinity, video.currentTime + seconds)));
  const actions: Record<string, () => void> = {
    toggle: () => {
      const created = engine();
      if (!created || state.status === 'notStarted') return play();
      if (video.paused) void created.play({ muted: video.muted }).catch(() => undefined);
      else created.pause();
    },
    // A tap on the phone's picture shows or hides the controls, as in the app (gestures.ts).
    surface: () => (state.status !== 'notStarted' && input.mobile ? void (state.controlsShown = !state.controlsShown) : actions.toggle!()),
    mute: () => setMuted(!video.muted),
    unmute: () => setMuted(false),
    fullscreen: () => {
      const surface = engine()?.surface;
      if (input.parentFullscreen || !surface) return queue('fullscreen');
      void (surface.fullscreen().native ? surface.exitFullscreen() : surface.enterFullscreen()).catch(() => queue('fullscreen'));
    },
    settings: () => queue('settings'),
    start: () => (state.status === 'playing' ? undefined : actions.toggle!()),
    seekBack: () => void seekBy(-SEEK_STEP_S),
    seekForward: () => void seekBy(SEEK_STEP_S),
  };
  return (action: string | null) => {
    showControls();
    actions[action ?? 'toggle']?.();
    render();
  };
}

/** Keeps the shell's state with the element's; the bar joins the page after the first frame is painted. */
function followMedia({ input, state, render, showControls }: ShellContext): () => void {
  const { video } = input;
  const showBar = () => {
    if (state.framed) return;
    state.framed = true;
    render();
  };
  void input.firstFrame.then(() => afterPaint(showBar));
  const follow = () => {
    state.muted = video.muted;
    state.time = video.currentTime;
    state.duration = Number.isFinite(video.duration) ? video.duration : 0;
    // A page waiting for the viewer shows its decoded frame: the bar comes with it. One that plays
    // gets its bar once its first frame is shown, so the bar's layout is not in that frame's way.
    const waitsForViewer = video.paused && !(input.autoPlay && !input.autoplayBlocked());
    if (video.readyState >= HAVE_CURRENT_DATA && waitsForViewer && !state.framed) afterPaint(showBar);
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
  for (const name of MEDIA_EVENTS) video.addEventListener(name, follow);
  follow();
  return () => MEDIA_EVENTS.forEach((name) => video.removeEventListener(name, follow));
}

/**
 * A press that began on the shell and is released after the app's render replaced it: WebKit sends
 * no click then (the press and the release are on two elements, one gone from the page), so the
 * release does what was pressed (`perform`), and a click another browser sends for it is
 * swallowed. A press released elsewhere (no release in the page, a new press) is forgotten.
 */
function finishPress(doc: Document, perform: () => void): void {
  const forget = () => {
    doc.removeEventListener('pointerup', release, true);
    doc.removeEventListener('pointerdown', forget, true);
    doc.removeEventListener('pointercancel', forget, true);
  };
  const swallow = (event: Event) => {
    event.stopPropagation();
    event.preventDefault();
  };
  function release(event: PointerEvent) {
    forget();
    if (!event.isPrimary) return;
    // The click, when one comes, follows the release in the same task.
    doc.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => doc.removeEventListener('click', swallow, true), 0);
    perform();
  }
  doc.addEventListener('pointerup', release, true);
  doc.addEventListener('pointerdown', forget, true);
  doc.addEventListener('pointercancel', forget, true);
}

/**
 * The press on the shell not released yet (its control; null: the picture). When the app's render
 * takes the shell off the page, `shellRemoved` stops following presses and leaves a pending one to
 * `finishPress`, which performs it at its release.
 */
function trackPresses(shell: HTMLElement): { shellRemoved(perform: (action: string | null) => void): void } {
  const doc = shell.ownerDocument;
  let pressed: string | null | undefined;
  const released = () => (pressed = undefined);
  shell.addEventListener('pointerdown', (event) => {
    if (event.isPrimary) pressed = actionOf(event.target, shell);
  });
  doc.addEventListener('pointerup', released, true);
  doc.addEventListener('pointercancel', released, true);
  return {
    shellRemoved(perform) {
      doc.removeEventListener('pointerup', released, true);
      doc.removeEventListener('pointercancel', released, true);
      const action = pressed;
      if (action !== undefined) finishPress(doc, () => perform(action));
    },
  };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A release on the seek slider seeks to its place. */
function seekAtPointer(event: PointerEvent, shell: HTMLElement, engine: MediaEngine | null, duration: number): void {
  const track = shell.querySelector('.seek__track')?.getBoundingClientRect();
  if (actionOf(event.target, shell) !== 'seek' || !engine || !track || track.width <= 0 || duration <= 0) return;
  engine.seek(Math.max(0, Math.min(1, (event.clientX - track.left) / track.width)) * duration);
}

export function createPageShell(input: PageShellInput): PageShell {
  const { root, video, recorder } = input;
  const view = createShellView(root.ownerDocument, input.mobile);
  const state: ShellState = { status: 'notStarted', waiting: false, framed: false, controlsShown: true, muted: video.muted, time: 0, duration: 0, soundRefused: false };
  let engine: MediaEngine | null = null;
  let perform: ((intent: ViewerIntent) => void) | null = null;
  const queued: ViewerIntent[] = [];
  const { promise: needsApp, resolve: appNeeded } = deferred();
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  const render = () =>
    view.update({ ...state, autoplaying: input.autoPlay && !input.autoplayBlocked(), soundRefused: input.soundRefused() && video.muted, adPlaying: input.adPlaying?.() === true });
  const context: ShellContext = {
    input,
    state,
    engine: () => engine,
    render,
    showControls: () => {
      state.controlsShown = true;
      clearTimeout(hideTimer);
      if (state.status === 'playing') hideTimer = setTimeout(() => ((state.controlsShown = false), render()), CONTROLS_HIDE_DELAY_MS);
    },
    queue: (intent) => {
      if (perform) return perform(intent);
      queued.push(intent);
      state.waiting = true;
      appNeeded();
    },
    appNeeded: () => appNeeded(),
  };
  const actOn = shellActions(context);
  // Once the app has taken over, its model performs what each control of the shell means to it.
  const press = (action: string | null) => (action === 'seek' ? undefined : perform ? perform(APP_INTENTS[action ?? 'toggle'] ?? 'toggle') : actOn(action));
  // A tap kept from before the shell (no target) asked to start: never a pause of what started meanwhile.
  const act = (intent: ViewerIntent, target: EventTarget | null) => press(intent === 'toggle' ? (target === null ? 'start' : actionOf(target, view.element)) : intent);

  void input.engine.then((created) => (engine = created), () => undefined);
  // The app's render takes the shell off the page: it stops listening then.
  let stopFollowing = () => undefined as void;
  const observer = new MutationObserver(() => {
    if (view.element.isConnected) return;
    observer.disconnect();
    clearTimeout(hideTimer);
    recorder.stop();
    stopFollowing();
    presses?.shellRemoved(press);
  });
  let attached = false;
  let presses: ReturnType<typeof trackPresses> | undefined;
  const attach = () => {
    // Never over the app: it may have rendered first.
    if (attached || perform || root.childElementCount > 0) return;
    attached = true;
    stopFollowing = followMedia(context);
    presses = trackPresses(view.element);
    view.element.addEventListener('pointerup', (event) => seekAtPointer(event, view.element, engine, state.duration));
    root.replaceChildren(view.element);
    render();
    recorder.handTo(act);
    observer.observe(root, { childList: true });
  };
  if (input.until) void input.until.then(attach, attach);
  else attach();

  return {
    needsApp,
    queued,
    handOver(next) {
      perform = next;
      if (!attached) {
        // The app came first: what the recorder kept is the model's now, and the app listens itself.
        recorder.handTo((intent) => next(intent));
        recorder.stop();
      }
      for (const intent of queued.splice(0)) next(intent);
    },
    refresh: render,
  };
}
