// @vitest-environment happy-dom
/**
 * The player before the app: what the viewer's taps and keys do on the page's shell, and what is
 * left for the app. The engine is scripted; the content's element is a <video> whose state a test
 * sets, as the browser would.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine, type ScriptedEngine } from '../engine/scripted-engine';
import { createMemoryStorage } from '../platform/web-storage';
import { STORAGE_KEYS } from '../lib/constants';
import { createPageShell, type PageShellInput } from './page-shell';
import { keyIntent, recordIntents, WAITING_ATTRIBUTE, type ViewerIntent } from './viewer-intents';
import type { ViewerPlayOutcome } from './early-media';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The bar joins the page after the frame is painted (an animation frame, then a task). */
const painted = () => vi.waitFor(() => expect(document.querySelector('.player--shell .chrome')).not.toBeNull(), { timeout: 5000, interval: 10 });

/** A <video> whose playback state the test sets and announces with the browser's event. */
function mediaElement() {
  const video = document.createElement('video');
  const state = { paused: true, readyState: 0, currentTime: 0, duration: Number.NaN, muted: false };
  for (const key of Object.keys(state) as Array<keyof typeof state>) {
    Object.defineProperty(video, key, { configurable: true, get: () => state[key], set: (value) => Object.assign(state, { [key]: value }) });
  }
  const set = (patch: Partial<typeof state>, event: string) => {
    Object.assign(state, patch);
    video.dispatchEvent(new Event(event));
  };
  return { video, set };
}

function setUp(overrides: Partial<PageShellInput> = {}, outcome: ViewerPlayOutcome = 'played') {
  const root = document.createElement('div');
  document.body.append(root);
  const { video, set } = mediaElement();
  const engine: ScriptedEngine = createScriptedEngine();
  const storage = createMemoryStorage();
  const recorder = recordIntents(document);
  const play = vi.fn(async () => outcome);
  const soundAllowed = vi.fn();
  const shell = createPageShell({
    root,
    video,
    // As the page detects it: the first frame shown once the element plays.
    firstFrame: new Promise<void>((resolve) => video.addEventListener('playing', () => resolve(), { once: true })),
    engine: Promise.resolve(engine),
    recorder,
    storage,
    mobile: false,
    parentFullscreen: false,
    autoPlay: false,
    play,
    autoplayBlocked: () => false,
    soundRefused: () => false,
    soundAllowed,
    ...overrides,
  });
  const tap = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!.click();
  const shown = (testId: string) => {
    const element = root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
    return element !== null && element.closest('[hidden]') === null;
  };
  return { root, video, set, engine, storage, recorder, play, soundAllowed, shell, tap, shown };
}

let cleanups: Array<() => void> = [];
beforeEach(() => {
  cleanups = [];
});
afterEach(() => {
  cleanups.forEach((cleanup) => cleanup());
  document.body.replaceChildren();
  document.documentElement.removeAttribute(WAITING_ATTRIBUTE);
});

describe('the viewer before the shell (index.html inline script)', () => {
  it('keeps a tap and the player keys, shows that they are on their way, and hands them over in order', () => {
    const recorder = recordIntents(document);
    cleanups.push(() => recorder.stop());
    document.body.click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'm', code: 'KeyM' }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', code: 'KeyX' }));
    expect(recorder.pending).toEqual(['toggle', 'mute']);
    expect(document.documentElement.hasAttribute(WAITING_ATTRIBUTE)).toBe(true);
    const taken: ViewerIntent[] = [];
    recorder.handTo((intent) => taken.push(intent));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', code: 'ArrowRight' }));
    expect(taken).toEqual(['toggle', 'mute', 'seekForward']);
    expect(document.documentElement.hasAttribute(WAITING_ATTRIBUTE)).toBe(false);
    recorder.stop();
    document.body.click();
    expect(taken).toHaveLength(3);
  });

  it("reads keys with the app's shortcut table: the Russian layout by physical key, none with a modifier", () => {
    const key = (init: Partial<KeyboardEvent>) => keyIntent({ key: '', code: '', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...init });
    expect(key({ key: ' ', code: 'Space' })).toBe('toggle');
    expect(key({ key: 'а', code: 'KeyF' })).toBe('fullscreen');
    expect(key({ key: 'ArrowLeft', code: 'ArrowLeft' })).toBe('seekBack');
    expect(key({ key: 'f', code: 'KeyF', ctrlKey: true })).toBeNull();
    expect(key({ key: 'c', code: 'KeyC' })).toBeNull();
  });
});

describe('the page shell', () => {
  it('shows the big play button at once and the control bar with the first frame', async () => {
    const { set, shown, root } = setUp();
    expect(shown('big-play')).toBe(true);
    expect(shown('play-toggle')).toBe(false);
    set({ readyState: 2, duration: 120 }, 'loadeddata');
    await painted();
    expect(shown('play-toggle')).toBe(true);
    expect(root.querySelector('.time__duration')?.textContent).toBe('0:02:00');
  });

  it('with autoplay on its way it offers nothing to tap for; refused, the big play button', async () => {
    let blocked = false;
    const { shown, shell } = setUp({ autoPlay: true, autoplayBlocked: () => blocked });
    expect(shown('big-play')).toBe(false);
    blocked = true;
    shell.refresh();
    expect(shown('big-play')).toBe(true);
  });

  it('a start that plays by itself joins the page only when told; a tap meanwhile waits with the recorder, then plays', async () => {
    let join!: () => void;
    const { shown, play } = setUp({ autoPlay: true, until: new Promise<void>((resolve) => (join = resolve)) });
    expect(shown('page-shell')).toBe(false);
    document.body.click();
    expect(play).not.toHaveBeenCalled();
    join();
    await flush();
    expect(shown('page-shell')).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('a tap kept from before it never pauses a start that played meanwhile', async () => {
    const recorder = recordIntents(document);
    document.body.click();
    const { video, set } = mediaElement();
    set({ paused: false, readyState: 4 }, 'playing');
    const root = document.createElement('div');
    document.body.append(root);
    const engine = createScriptedEngine();
    const play = vi.fn(async (): Promise<ViewerPlayOutcome> => 'played');
    createPageShell({
      root, video, firstFrame: Promise.resolve(), engine: Promise.resolve(engine), recorder, storage: createMemoryStorage(), mobile: false,
      parentFullscreen: false, autoPlay: true, play, autoplayBlocked: () => false, soundRefused: () => false, soundAllowed: () => undefined,
    });
    await flush();
    expect(play).not.toHaveBeenCalled();
    expect(engine.calls).toEqual([]);
  });

  it('a start that plays gets its bar once its first frame is shown, not at its decoded frame', async () => {
    const { set, shown } = setUp({ autoPlay: true });
    set({ readyState: 2 }, 'loadeddata');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shown('play-toggle')).toBe(false);
    set({ paused: false, readyState: 4 }, 'playing');
    await painted();
    expect(shown('play-toggle')).toBe(true);
  });

  it('a tap recorded before it, on a black page, is the viewer asking to play', async () => {
    const recorder = recordIntents(document);
    document.body.click();
    const root = document.createElement('div');
    document.body.append(root);
    const play = vi.fn(async (): Promise<ViewerPlayOutcome> => 'played');
    createPageShell({
      root, video: mediaElement().video, firstFrame: new Promise(() => undefined), engine: Promise.resolve(createScriptedEngine()), recorder, storage: createMemoryStorage(), mobile: false,
      parentFullscreen: false, autoPlay: false, play, autoplayBlocked: () => false, soundRefused: () => false, soundAllowed: () => undefined,
    });
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('a tap on the big play button plays the film within the gesture, with the spinner until it plays', async () => {
    const { tap, play, shown, set } = setUp();
    tap('big-play');
    expect(play).toHaveBeenCalledTimes(1);
    expect(shown('big-play')).toBe(false);
    expect(shown('page-shell') && document.querySelector('.player__spinner')?.hasAttribute('hidden')).toBe(false);
    set({ paused: false, readyState: 4 }, 'playing');
    await painted();
    expect(document.querySelector('.player__spinner')?.hasAttribute('hidden')).toBe(true);
    expect(document.querySelector('[data-testid="play-toggle"]')?.getAttribute('aria-label')).toBe('Пауза');
  });

  it('a play the plan gives the app (a pre-roll first) brings the app at once and queues nothing', async () => {
    const { tap, shell } = setUp({}, 'planned');
    let needed = false;
    void shell.needsApp.then(() => (needed = true));
    tap('big-play');
    await flush();
    expect(needed).toBe(true);
    expect(shell.queued).toEqual([]);
    expect(document.querySelector('.player__spinner')?.hasAttribute('hidden')).toBe(false);
  });

  it('while the pre-roll plays on the page (early-ad.ts), none of the content\'s controls show over it, nor the spinner', async () => {
    let adPlaying = false;
    const { tap, shell, set, shown } = setUp({ adPlaying: () => adPlaying }, 'planned');
    set({ readyState: 2 }, 'loadeddata');
    await painted();
    tap('big-play');
    await flush();
    adPlaying = true;
    shell.refresh();
    expect(document.querySelector('.player__spinner')?.hasAttribute('hidden')).toBe(true);
    expect(['big-play', 'play-toggle', 'seek-slider', 'mute-toggle'].filter(shown)).toEqual([]);
    expect(document.querySelector('[data-testid="page-shell"]')?.getAttribute('data-controls')).toBe('hidden');
    expect(shown('shell-ad-badge') && document.querySelector('[data-testid="shell-ad-badge"]')?.textContent).toBe('Реклама');
  });

  it('a play with no plan before the app is queued for its model, then handed over in order with what follows', async () => {
    const { tap, shell, set } = setUp({}, 'queued');
    tap('big-play');
    await flush();
    set({ readyState: 2 }, 'loadeddata');
    await painted();
    tap('mute-toggle');
    expect(shell.queued).toEqual(['toggle']);
    const performed: ViewerIntent[] = [];
    shell.handOver((intent) => performed.push(intent));
    tap('fullscreen-button');
    expect(performed).toEqual(['toggle', 'fullscreen']);
  });

  it('pause, mute (saved as the model saves it) and seeking act on the engine', async () => {
    const { tap, set, engine, storage, root, soundAllowed } = setUp();
    await flush();
    set({ paused: false, readyState: 4, duration: 100, currentTime: 30 }, 'playing');
    await painted();
    tap('play-toggle');
    tap('mute-toggle');
    expect(storage.read(STORAGE_KEYS.muted)).toBe(true);
    set({ muted: true }, 'volumechange');
    tap('mute-toggle');
    expect(soundAllowed).toHaveBeenCalled();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', code: 'ArrowLeft' }));
    expect(engine.calls.map(({ command, args }) => [command, ...args])).toEqual([
      ['pause'],
      ['setMuted', true],
      ['setMuted', false],
      ['seek', 20],
    ]);
    expect(root.querySelector('[data-testid="seek-slider"]')?.getAttribute('aria-valuenow')).toBe('30');
  });

  it('fullscreen through the parent frame and the settings menu wait for the app, which comes at once', async () => {
    const { tap, shell, set, engine } = setUp({ parentFullscreen: true });
    let needed = false;
    void shell.needsApp.then(() => (needed = true));
    await flush();
    set({ readyState: 2 }, 'loadeddata');
    await painted();
    tap('fullscreen-button');
    tap('settings-button');
    await flush();
    expect(shell.queued).toEqual(['fullscreen', 'settings']);
    expect(needed).toBe(true);
    expect(engine.surface.calls).toEqual([]);
  });

  it("native fullscreen is asked of the engine's surface within the tap", async () => {
    const { tap, set, engine } = setUp();
    await flush();
    set({ readyState: 2 }, 'loadeddata');
    await painted();
    tap('fullscreen-button');
    expect(engine.surface.calls.map(({ command }) => command)).toEqual(['enterFullscreen']);
  });

  it("a press on the big play button released after the app's render replaced it reaches the app's model once (WebKit sends no click then)", async () => {
    const { root, shell, play } = setUp();
    await flush();
    const performed: ViewerIntent[] = [];
    shell.handOver((intent) => performed.push(intent));
    const pointer = (type: string, target: Element) => target.dispatchEvent(new PointerEvent(type, { bubbles: true, isPrimary: true }));
    pointer('pointerdown', root.querySelector('[data-testid="big-play"]')!);
    const appButton = document.createElement('button');
    const appClicks = vi.fn();
    appButton.addEventListener('click', appClicks);
    root.replaceChildren(appButton);
    await flush();
    pointer('pointerup', appButton);
    expect(performed).toEqual(['toggle']);
    // A browser that sends the click anyway does not play twice.
    appButton.click();
    expect(appClicks).not.toHaveBeenCalled();
    await flush();
    // The next tap is the app's own.
    pointer('pointerdown', appButton);
    pointer('pointerup', appButton);
    appButton.click();
    expect(performed).toEqual(['toggle']);
    expect(appClicks).toHaveBeenCalledTimes(1);
    expect(play).not.toHaveBeenCalled();
  });

  it('a press released on the shell is its click alone; one released off the page before the app came is forgotten', async () => {
    const { root, shell, play } = setUp();
    await flush();
    const pointer = (type: string, target: EventTarget) => target.dispatchEvent(new PointerEvent(type, { bubbles: true, isPrimary: true }));
    const bigPlay = root.querySelector<HTMLElement>('[data-testid="big-play"]')!;
    pointer('pointerdown', bigPlay);
    pointer('pointerup', bigPlay);
    bigPlay.click();
    expect(play).toHaveBeenCalledTimes(1);
    pointer('pointerdown', bigPlay);
    pointer('pointercancel', document);
    const performed: ViewerIntent[] = [];
    shell.handOver((intent) => performed.push(intent));
    root.replaceChildren(document.createElement('main'));
    await flush();
    pointer('pointerup', document.body);
    expect(performed).toEqual([]);
  });

  it("offers the sound the browser refused, and stops listening once the app's render replaced it", async () => {
    let refused = true;
    const { tap, shown, set, root, engine, play } = setUp({ soundRefused: () => refused, soundAllowed: () => (refused = false) });
    await flush();
    set({ muted: true, paused: false, readyState: 4 }, 'playing');
    await painted();
    expect(shown('autoplay-unmute')).toBe(true);
    tap('autoplay-unmute');
    expect(engine.calls.at(-1)).toEqual({ command: 'setMuted', args: [false] });
    root.replaceChildren(document.createElement('main'));
    await flush();
    document.body.click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', code: 'KeyK' }));
    expect(play).not.toHaveBeenCalled();
    expect(engine.calls).toHaveLength(1);
  });
});
