import { fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../../test-support/settle';
import { attached as attachedTo, createPlaybackFullscreen } from '../../test-support/fullscreen-scope';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { postToParentFx, type ParentMessage } from '../../platform/parent-bridge';
import { createMenus } from '../menus';
import { linkStretchedExits } from '../../app/links/fullscreen';
import { linked } from '../../test-support/linked';
import { createPlaybackTracks } from '../../test-support/tracks';
import { sessionMetadata } from './index';
import { createPlayback } from '../playback';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { controlsPinnedSet, engineAttached, escapePressed, fullscreenShortcutUsed, layoutChanged } = playback;

// Fullscreen as the player builds it (before tracks and menus), the settings menu, which takes
// Escape first and hears the parent frame, and its exits from the stretched mode, as the player
// links them.
const fullscreen = linked(() => createPlaybackFullscreen(playback));
const {
  $casting, $fullscreen, $framed, $nativeFullscreen, $stretched, $videoElementFullscreen, castingChanged, enterNativeFx, exitNativeFx, fullscreenClicked,
  fullscreenModeSet, nativeFullscreenChanged, pipChanged, stretchedCloseClicked,
} = fullscreen;
const attached = (options?: Parameters<typeof attachedTo>[2]) => attachedTo(fullscreen, playback, options);
const { $audioTracks, audioTrackChosen, qualityChosen, rateChosen, subtitleChosen } = linked(() => createPlaybackTracks(playback));
const menus = linked(() => createMenus({ escapePressed, controlsPinnedSet, qualityChosen, rateChosen, subtitleChosen, audioTrackChosen, $audioTracks }));
linked(() => linkStretchedExits({ menus, fullscreen }));
const { parentActionReceived, settingsClicked } = menus;

function setup({ framed = true, nativeFails = false } = {}) {
  const posted: ParentMessage[] = [];
  const native: string[] = [];
  const scope = fork({
    values: [[$framed, framed]],
    handlers: [
      [postToParentFx, (message: ParentMessage) => (posted.push(message), true)],
      // attach({source, effect}) handlers receive (source, params).
      [enterNativeFx, async () => {
        native.push('enter');
        if (nativeFails) throw new Error('not allowed');
      }],
      [exitNativeFx, async () => void native.push('exit')],
    ],
  });
  return { scope, posted, native };
}
const click = (scope: Scope) => settle(fullscreenClicked, { scope });


// Fake time: the controls' 1 s idle timer would hold every settle for a real second.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('fullscreen', () => {
  it("native mode asks the Fullscreen API and follows the browser's report", async () => {
    const { scope, posted, native } = setup();
    await click(scope);
    expect(native).toEqual(['enter']);
    expect(scope.getState($fullscreen)).toBe(false);
    await settle(nativeFullscreenChanged, { scope, params: true });
    expect(scope.getState($nativeFullscreen)).toBe(true);
    await settle(fullscreenShortcutUsed, { scope });
    expect(native).toEqual(['enter', 'exit']);
    expect(posted).toEqual([]);
  });

  it("parent mode posts enterFullScreen and marks the player stretched; again posts exitFullScreen", async () => {
    const { scope, posted, native } = setup();
    await settle(fullscreenModeSet, { scope, params: 'parent' });
    await click(scope);
    expect(posted).toEqual([{ event: 'enterFullScreen' }]);
    expect(scope.getState($stretched)).toBe(true);
    expect(scope.getState($fullscreen)).toBe(true);
    expect(scope.getState($nativeFullscreen)).toBe(false);
    await click(scope);
    expect(posted).toEqual([{ event: 'enterFullScreen' }, { event: 'exitFullScreen' }]);
    expect(scope.getState($stretched)).toBe(false);
    expect(native).toEqual([]);
  });

  it('on mobile inside a frame the parent handles fullscreen; the close button leaves it', async () => {
    const { scope, posted, native } = setup();
    await settle(layoutChanged, { scope, params: true });
    await click(scope);
    expect(posted).toEqual([{ event: 'enterFullScreen' }]);
    await settle(stretchedCloseClicked, { scope });
    expect(posted).toEqual([{ event: 'enterFullScreen' }, { event: 'exitFullScreen' }]);
    await settle(stretchedCloseClicked, { scope });
    expect(posted).toHaveLength(2);
    expect(native).toEqual([]);
  });

  it('on mobile without a parent frame, native fullscreen is used', async () => {
    const { scope, posted, native } = setup({ framed: false });
    await settle(layoutChanged, { scope, params: true });
    await click(scope);
    expect(native).toEqual(['enter']);
    expect(posted).toEqual([]);
  });

  it('a frame that refuses native fullscreen falls back to the parent', async () => {
    const { scope, posted } = setup({ nativeFails: true });
    await click(scope);
    expect(posted).toEqual([{ event: 'enterFullScreen' }]);
    expect(scope.getState($stretched)).toBe(true);
  });

  it('Escape leaves the stretched mode, unless it closes a menu first', async () => {
    const { scope, posted } = setup();
    await settle(fullscreenModeSet, { scope, params: 'parent' });
    await click(scope);
    await settle(settingsClicked, { scope });
    await settle(escapePressed, { scope });
    expect(scope.getState($stretched)).toBe(true);
    await settle(escapePressed, { scope });
    expect(scope.getState($stretched)).toBe(false);
    expect(posted.at(-1)).toEqual({ event: 'exitFullScreen' });
  });

  it("the page's exitFullScreen clears stretched without posting anything back", async () => {
    const { scope, posted } = setup();
    await settle(layoutChanged, { scope, params: true });
    await click(scope);
    await settle(parentActionReceived, { scope, params: { type: 'exitFullScreen' } });
    expect(scope.getState($stretched)).toBe(false);
    expect(posted).toEqual([{ event: 'enterFullScreen' }]);
    await click(scope);
    expect(posted).toEqual([{ event: 'enterFullScreen' }, { event: 'enterFullScreen' }]);
    expect(scope.getState($stretched)).toBe(true);
  });

  it('casting is reported for the ads feature', async () => {
    const { scope } = setup();
    await settle(castingChanged, { scope, params: true });
    expect(scope.getState($casting)).toBe(true);
  });
});

describe('picture-in-picture', () => {
  it('entering it forces play; leaving it does not', async () => {
    const scope = fork();
    const engine = createScriptedEngine();
    await settle(engineAttached, { scope, params: engine });
    await settle(pipChanged, { scope, params: true });
    await settle(pipChanged, { scope, params: false });
    expect(engine.calls.filter((c) => c.command === 'play')).toHaveLength(1);
    engine.emit('playing');
    await settle(pipChanged, { scope, params: true });
    expect(engine.calls.filter((c) => c.command === 'play')).toHaveLength(1);
  });
});

describe('media session metadata', () => {
  it('a film shows its title and poster; an episode its title, season and episode, and the series', () => {
    expect(sessionMetadata({ title: 'Испытательная таблица', posterUrl: 'http://x/p.jpg', episode: null })).toEqual({
      title: 'Испытательная таблица',
      artist: '',
      album: '',
      artworkUrl: 'http://x/p.jpg',
    });
    expect(sessionMetadata({ title: 'Сериал', posterUrl: null, episode: { season: 2, order: 3, title: 'Серия 3 сезона 2' } })).toEqual({
      title: 'Серия 3 сезона 2',
      artist: '2 сезон, 3 серия',
      album: 'Сериал',
      artworkUrl: null,
    });
  });
});

/** Native fullscreen reaches the content's element only through the engine's surface. */
describe("the engine's surface", () => {
  it('takes the native fullscreen state as the engine comes, then follows its changes', async () => {
    const { scope, surface } = await attached({ prepare: (engine) => void (engine.surface.state.fullscreen = { native: true, videoOnly: true }) });
    expect(scope.getState($nativeFullscreen)).toBe(true);
    expect(scope.getState($videoElementFullscreen)).toBe(true);
    surface.emit('fullscreenChanged', { native: true, videoOnly: false });
    expect(scope.getState($nativeFullscreen)).toBe(true);
    expect(scope.getState($videoElementFullscreen)).toBe(false);
    surface.emit('fullscreenChanged', { native: false, videoOnly: false });
    expect(scope.getState($nativeFullscreen)).toBe(false);
  });

  it('the fullscreen button enters and leaves native fullscreen through it', async () => {
    const { scope, surface, commands, posted } = await attached();
    await settle(fullscreenClicked, { scope });
    expect(commands()).toEqual(['enterFullscreen']);
    surface.emit('fullscreenChanged', { native: true, videoOnly: false });
    await settle(fullscreenClicked, { scope });
    expect(commands()).toEqual(['enterFullscreen', 'exitFullscreen']);
    expect(posted).toEqual([]);
  });

  it('a framed page whose browser refuses it is stretched by the parent instead', async () => {
    const { scope, surface, posted } = await attached({ framed: true });
    surface.enterFullscreen = () => Promise.reject(new Error('not allowed'));
    await settle(fullscreenClicked, { scope });
    expect(posted).toEqual([{ event: 'enterFullScreen' }]);
    expect(scope.getState($stretched)).toBe(true);
  });

  it('without an engine there is no native fullscreen: a framed page is stretched', async () => {
    const posted: ParentMessage[] = [];
    const scope = fork({ values: [[$framed, true]], handlers: [[postToParentFx, (message: ParentMessage) => (posted.push(message), true)]] });
    await settle(fullscreenClicked, { scope });
    expect(posted).toEqual([{ event: 'enterFullScreen' }]);
  });
});
