import { fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../../test-support/settle';
import { sendStatFx } from '../../platform/stats';
import { linkedFeatures } from '../../test-support/linked-features';

// The features' links, as the player makes them.
const features = linkedFeatures();
const { shareClicked } = features.playback;
const { $episodes, $seasons } = features.session;
const { $sharePopupOpen } = features.share;
const { $seasonsMenuOpen, seasonsMenuToggled } = features.series;
const { $activeMenu, $openPanel, parentActionReceived, settingsClicked, subtitlesButtonClicked } = features.menus;

// Fake time: the controls' 1 s idle timer would hold every settle for a real second.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const setup = () => fork({ values: [[$seasons, []], [$episodes, []]], handlers: [[sendStatFx, () => true]] });

/** What is open: the settings menu, the seasons menu, the share popup, and the panel on record. */
const open = (scope: Scope) => ({
  settings: scope.getState($activeMenu) !== 'none',
  seasons: scope.getState($seasonsMenuOpen),
  share: scope.getState($sharePopupOpen),
  panel: scope.getState($openPanel),
});

describe('one panel at a time: the settings menu, the seasons menu, the share popup', () => {
  it('the seasons menu opening closes the settings menu and the share popup', async () => {
    const scope = setup();
    await settle(settingsClicked, { scope });
    expect(open(scope)).toEqual({ settings: true, seasons: false, share: false, panel: 'settings' });
    await settle(seasonsMenuToggled, { scope });
    expect(open(scope)).toEqual({ settings: false, seasons: true, share: false, panel: 'seasons' });

    await settle(seasonsMenuToggled, { scope });
    await settle(shareClicked, { scope });
    expect(open(scope)).toEqual({ settings: false, seasons: false, share: true, panel: 'share' });
    await settle(seasonsMenuToggled, { scope });
    expect(open(scope)).toEqual({ settings: false, seasons: true, share: false, panel: 'seasons' });
  });

  it('the share popup opening closes the seasons menu, and leaves the settings menu as it was', async () => {
    const scope = setup();
    await settle(seasonsMenuToggled, { scope });
    await settle(shareClicked, { scope });
    expect(open(scope)).toEqual({ settings: false, seasons: false, share: true, panel: 'share' });

    await settle(shareClicked, { scope });
    await settle(settingsClicked, { scope });
    await settle(shareClicked, { scope });
    expect(open(scope)).toEqual({ settings: true, seasons: false, share: true, panel: 'share' });
  });

  it.each([
    ['settings', settingsClicked],
    ['subtitles', subtitlesButtonClicked],
  ])('the %s button closes the seasons menu and the share popup, also when it closes its menu', async (_, button) => {
    const scope = setup();
    await settle(seasonsMenuToggled, { scope });
    await settle(button, { scope });
    expect(open(scope)).toEqual({ settings: true, seasons: false, share: false, panel: 'settings' });
    await settle(shareClicked, { scope });
    await settle(button, { scope });
    expect(open(scope)).toEqual({ settings: false, seasons: false, share: false, panel: 'none' });
    await settle(button, { scope });
    await settle(button, { scope });
    expect(open(scope)).toEqual({ settings: false, seasons: false, share: false, panel: 'none' });
  });

  it("a parent's click closes every panel; its pause leaves them", async () => {
    const scope = setup();
    await settle(seasonsMenuToggled, { scope });
    await settle(parentActionReceived, { scope, params: { type: 'pause' } });
    expect(open(scope).seasons).toBe(true);
    await settle(parentActionReceived, { scope, params: { type: 'click' } });
    expect(open(scope)).toEqual({ settings: false, seasons: false, share: false, panel: 'none' });
    await settle(shareClicked, { scope });
    await settle(parentActionReceived, { scope, params: { type: 'click' } });
    expect(open(scope)).toEqual({ settings: false, seasons: false, share: false, panel: 'none' });
    await settle(settingsClicked, { scope });
    await settle(parentActionReceived, { scope, params: { type: 'click' } });
    expect(open(scope)).toEqual({ settings: false, seasons: false, share: false, panel: 'none' });
  });

  it('a panel closing by itself frees the record', async () => {
    const scope = setup();
    await settle(seasonsMenuToggled, { scope });
    await settle(seasonsMenuToggled, { scope });
    expect(scope.getState($openPanel)).toBe('none');
    await settle(shareClicked, { scope });
    await settle(shareClicked, { scope });
    expect(scope.getState($openPanel)).toBe('none');
  });
});
