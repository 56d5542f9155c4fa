// @vitest-environment happy-dom
/** The settings menu's main page (SPEC.md §2): on mobile it also lists Subtitles and an extra slot. */
import { act } from 'react';
import { allSettled, createEvent, createStore, fork } from 'effector';
import { Provider } from 'effector-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReactRoot } from '../../../test-support/react-root';
import { linked } from '../../../test-support/linked';
import { createPlaybackTracks } from '../../../test-support/tracks';
import { createMenus } from '../model';
import { SettingsMenu } from './settings-menu';
import { createPlayback } from '../../playback';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $mobileLayout, controlsPinnedSet, escapePressed } = playback;

const tracks = linked(() => createPlaybackTracks(playback));
const { qualityChosen, rateChosen, subtitleChosen, audioTrackChosen, $audioTracks } = tracks;
const menus = linked(() => createMenus({ escapePressed, controlsPinnedSet, qualityChosen, rateChosen, subtitleChosen, audioTrackChosen, $audioTracks }));

const view = useReactRoot();

async function openMain(mobile: boolean) {
  const scope = fork({ values: [[$mobileLayout, mobile]] });
  await allSettled(menus.settingsClicked, { scope });
  act(() =>
    view.root().render(
      <Provider value={scope}>
        <SettingsMenu model={menus} playback={playback} tracks={tracks} chapters={{ $autoSkipIntro: createStore(false), autoSkipToggled: createEvent() }} mainExtra={<button data-testid="extra-row">Своя строка</button>} series={{ $isSeries: createStore(false) }} />
      </Provider>,
    ),
  );
  return scope;
}

describe("the settings menu's extra slot", () => {
  it('shows what the slot is given as the last row of the main page on mobile', async () => {
    await openMain(true);
    const extra = view.host().querySelector('[data-testid="extra-row"]');
    expect(extra?.textContent).toBe('Своя строка');
    expect(extra?.parentElement?.lastElementChild).toBe(extra);
  });

  it('leaves it out on a desktop', async () => {
    await openMain(false);
    expect(view.host().querySelector('.menu__body')).not.toBeNull();
    expect(view.host().querySelector('[data-testid="extra-row"]')).toBeNull();
  });
});

describe("the settings menu's appearance", () => {
  afterEach(() => vi.restoreAllMocks());

  it('plays once as the menu opens, not again on a page change (WebKit replayed a CSS one, and a press during it was lost)', async () => {
    const animate = vi.spyOn(HTMLElement.prototype, 'animate');
    const scope = await openMain(false);
    expect(animate).toHaveBeenCalledTimes(1);
    expect(animate.mock.contexts[0]).toBe(view.host().querySelector('.menu'));
    await act(() => allSettled(menus.subMenuOpened, { scope, params: 'quality' }));
    expect(view.host().querySelector('[data-menu="quality"]')).not.toBeNull();
    expect(animate).toHaveBeenCalledTimes(1);
  });
});
