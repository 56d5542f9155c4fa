import { fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../../test-support/settle';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { captionPresetChosen, captionSizeChosen } from '../tracks';
import { createPlaybackTracks } from '../../test-support/tracks';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { CLOSED, createMenus, menuTransition, type MenuAction, type MenuState } from './index';
import { createWatch } from 'effector';
import { linked } from '../../test-support/linked';
import { createPlayback } from '../playback';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $controlsPinned, controlsPinnedSet, engineAttached, escapePressed, pauseClicked } = playback;

const { $audioTracks, audioTrackChosen, qualityChosen, rateChosen, subtitleChosen } = linked(() => createPlaybackTracks(playback));
const {
  $activeMenu, backClicked, closeClicked, episodesMenuOpened, escapeUnhandled, outsideClicked, parentActionReceived, settingsClicked, subMenuOpened,
  subtitlesButtonClicked,
} = linked(() => createMenus({ escapePressed, controlsPinnedSet, qualityChosen, rateChosen, subtitleChosen, audioTrackChosen, $audioTracks }));

const MAIN: MenuState = { active: 'main', previous: 'none' };
const from = (active: MenuState['active'], previous: MenuState['previous'] = 'none'): MenuState => ({ active, previous });


// Fake time: the controls' 1 s idle timer would hold every settle for a real second.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('menu machine', () => {
  it.each<[string, MenuState, MenuAction, MenuState]>([
    ['settings from none opens main', CLOSED, { type: 'settings' }, MAIN],
    ['settings again closes', MAIN, { type: 'settings' }, CLOSED],
    ['settings closes a sub-menu too', from('quality', 'main'), { type: 'settings' }, CLOSED],
    ['the subtitles icon opens subs directly', CLOSED, { type: 'subtitles' }, from('subs')],
    ['the subtitles icon from main opens subs directly', MAIN, { type: 'subtitles' }, from('subs')],
    ['the subtitles icon on subs closes', from('subs', 'main'), { type: 'subtitles' }, CLOSED],
    ['main opens quality', MAIN, { type: 'open', menu: 'quality' }, from('quality', 'main')],
    ['main opens playback-rate', MAIN, { type: 'open', menu: 'playback-rate' }, from('playback-rate', 'main')],
    ['main opens subs', MAIN, { type: 'open', menu: 'subs' }, from('subs', 'main')],
    ['main opens audio', MAIN, { type: 'open', menu: 'audio' }, from('audio', 'main')],
    ['a sub-menu opens only from main', CLOSED, { type: 'open', menu: 'quality' }, CLOSED],
    ['back from a sub-menu returns to main', from('quality', 'main'), { type: 'back' }, MAIN],
    ['back from subs opened by its icon closes', from('subs'), { type: 'back' }, CLOSED],
    ['back from main closes', MAIN, { type: 'back' }, CLOSED],
    ['a choice returns to main', from('playback-rate', 'main'), { type: 'chosen' }, MAIN],
    ['a choice in subs opened by its icon closes', from('subs'), { type: 'chosen' }, CLOSED],
    ['close closes', from('audio', 'main'), { type: 'close' }, CLOSED],
  ])('%s', (_, state, action, next) => {
    expect(menuTransition(state, action)).toEqual(next);
  });
});

describe('menus model', () => {
  it('walks settings → quality → back → close, pinning the controls while open', async () => {
    const scope = fork();
    const seen: string[] = [];
    createWatch({ unit: $activeMenu, scope, fn: (menu) => seen.push(menu) });
    await settle(settingsClicked, { scope });
    expect(scope.getState($controlsPinned)).toBe(true);
    await settle(subMenuOpened, { scope, params: 'quality' });
    await settle(backClicked, { scope });
    await settle(settingsClicked, { scope });
    expect(seen).toEqual(['main', 'quality', 'main', 'none']);
    expect(scope.getState($controlsPinned)).toBe(false);
  });

  it("'Стиль субтитров' stays open on a choice (both groups apply at once); back returns to main", async () => {
    const scope = fork();
    await settle(settingsClicked, { scope });
    await settle(subMenuOpened, { scope, params: 'caption-style' });
    await settle(captionSizeChosen, { scope, params: 'large' });
    await settle(captionPresetChosen, { scope, params: 'outline' });
    expect(scope.getState($activeMenu)).toBe('caption-style');
    await settle(backClicked, { scope });
    expect(scope.getState($activeMenu)).toBe('main');
  });

  it('picking an option returns to the menu it came from', async () => {
    const scope = fork();
    await settle(settingsClicked, { scope });
    await settle(subMenuOpened, { scope, params: 'playback-rate' });
    await settle(rateChosen, { scope, params: 1.5 });
    expect(scope.getState($activeMenu)).toBe('main');
    await settle(subMenuOpened, { scope, params: 'quality' });
    await settle(qualityChosen, { scope, params: -1 });
    expect(scope.getState($activeMenu)).toBe('main');
    await settle(settingsClicked, { scope });
    await settle(subtitlesButtonClicked, { scope });
    await settle(subtitleChosen, { scope, params: 0 });
    expect(scope.getState($activeMenu)).toBe('none');
  });

  it.each([
    ['a click outside', outsideClicked],
    ['the close button', closeClicked],
    ['the episodes menu opening', episodesMenuOpened],
  ])('%s closes the menu', async (_, unit) => {
    const scope = fork();
    await settle(settingsClicked, { scope });
    await settle(subMenuOpened, { scope, params: 'subs' });
    await settle(unit, { scope });
    expect(scope.getState($activeMenu)).toBe('none');
  });

  it("a parent's click action closes the menu; its pause action does not", async () => {
    const scope = fork();
    await settle(settingsClicked, { scope });
    await settle(parentActionReceived, { scope, params: { type: 'pause' } });
    expect(scope.getState($activeMenu)).toBe('main');
    await settle(parentActionReceived, { scope, params: { type: 'click' } });
    expect(scope.getState($activeMenu)).toBe('none');
  });

  it('Escape closes an open menu, and is passed on only when none is open', async () => {
    const scope = fork();
    const unhandled: number[] = [];
    createWatch({ unit: escapeUnhandled, scope, fn: () => unhandled.push(1) });
    await settle(settingsClicked, { scope });
    await settle(escapePressed, { scope });
    expect(scope.getState($activeMenu)).toBe('none');
    expect(unhandled).toHaveLength(0);
    await settle(escapePressed, { scope });
    expect(unhandled).toHaveLength(1);
  });

  it('opening and closing menus never touches playback', async () => {
    const scope = fork();
    const engine = createScriptedEngine();
    await settle(engineAttached, { scope, params: engine });
    const paused: number[] = [];
    createWatch({ unit: pauseClicked, scope, fn: () => paused.push(1) });
    await settle(settingsClicked, { scope });
    await settle(outsideClicked, { scope });
    expect(engine.calls.filter((call) => call.command !== 'setVolume' && call.command !== 'setMuted')).toEqual([]);
    expect(paused).toEqual([]);
  });
});

describe('settings_audio_* statistics', () => {
  it("opening 'Аудио' sends settings_audio_open; choosing a track sends settings_audio_select with its label", async () => {
    const sent: StatEvent[] = [];
    const scope = fork({ handlers: [[sendStatFx, (stat: StatEvent) => (sent.push(stat), true)]] });
    const engine = createScriptedEngine();
    await settle(engineAttached, { scope, params: engine });
    engine.emit('audioTracksUpdated', [
      { id: 0, name: 'Русский (RU)', lang: 'ru', isDefault: true },
      { id: 1, name: 'English (EN)', lang: 'en', isDefault: false },
    ]);
    await settle(settingsClicked, { scope });
    await settle(subMenuOpened, { scope, params: 'quality' });
    await settle(backClicked, { scope });
    expect(sent).toEqual([]);
    await settle(subMenuOpened, { scope, params: 'audio' });
    expect(sent).toEqual([{ event: 'settings_audio_open' }]);
    await settle(audioTrackChosen, { scope, params: 1 });
    expect(scope.getState($activeMenu)).toBe('main');
    expect(sent).toEqual([{ event: 'settings_audio_open' }, { event: 'settings_audio_select', payload: { label: 'English (EN)' } }]);
    // An id the list does not offer is no choice the viewer made.
    await settle(subMenuOpened, { scope, params: 'audio' });
    await settle(audioTrackChosen, { scope, params: 7 });
    expect(sent.map((stat) => stat.event)).toEqual(['settings_audio_open', 'settings_audio_select', 'settings_audio_open']);
  });
});
