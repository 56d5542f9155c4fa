/**
 * The one active settings menu (SPEC.md §2, §4): none | main | quality | playback-rate | subs,
 * plus 'audio' for the 'Аудио' picker, which lives in the same menu. Settings from none opens
 * main and pressing it again closes; the subtitles icon opens subs directly; each sub-menu's
 * back button returns to the menu it was opened from; picking an option does the same.
 * Menus close on a click outside, the close button, Escape, the episodes menu opening, and a
 * `{ type: 'click' }` message from the parent frame (only from window.parent). Opening 'Аудио' and
 * choosing in it are reported as settings_audio_open / settings_audio_select (SPEC.md §7).
 */
import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { listenToParent, type ParentAction } from '../../platform/parent-bridge';
import { sendStatFx, stat } from '../../platform/stats';
import { controlsPinnedSet, escapePressed } from '../playback';
import { $audioTracks, audioTrackChosen, qualityChosen, rateChosen, subtitleChosen } from '../tracks';

/** 'caption-style' stays open on a choice: its two groups apply at once, and Back leaves it. */
export type SubMenu = 'quality' | 'playback-rate' | 'subs' | 'audio' | 'caption-style';
export type MenuId = 'none' | 'main' | SubMenu;

export interface MenuState {
  active: MenuId;
  /** Where back (or a choice) leads from the active sub-menu. */
  previous: MenuId;
}

export type MenuAction =
  | { type: 'settings' }
  | { type: 'subtitles' }
  | { type: 'open'; menu: SubMenu }
  | { type: 'back' }
  | { type: 'chosen' }
  | { type: 'close' };

export const CLOSED: MenuState = { active: 'none', previous: 'none' };

/** The menu machine as a pure function. */
export function menuTransition(state: MenuState, action: MenuAction): MenuState {
  switch (action.type) {
    case 'settings':
      return state.active === 'none' ? { active: 'main', previous: 'none' } : CLOSED;
    case 'subtitles':
      return state.active === 'subs' ? CLOSED : { active: 'subs', previous: 'none' };
    case 'open':
      return state.active === 'main' ? { active: action.menu, previous: 'main' } : state;
    case 'back':
    case 'chosen':
      return state.active === 'main' || state.active === 'none' ? CLOSED : { active: state.previous, previous: 'none' };
    case 'close':
      return CLOSED;
  }
}

/** The settings (gear) button. */
export const settingsClicked = createEvent();
/** The subtitles (CC) button. */
export const subtitlesButtonClicked = createEvent();
/** A row of the main menu. */
export const subMenuOpened = createEvent<SubMenu>();
export const backClicked = createEvent();
/** A click on the player outside the open menu. */
export const outsideClicked = createEvent();
/** The menu's close button (mobile). */
export const closeClicked = createEvent();
/** Another feature's episodes menu opened; the settings menu gives way. */
export const episodesMenuOpened = createEvent();
/** An action posted by the parent frame. */
export const parentActionReceived = createEvent<ParentAction>();
/** Starts listening to the parent frame's messages. */
export const parentListenStarted = createEvent();

const menuActed = createEvent<MenuAction>();
const $menu = createStore<MenuState>(CLOSED).on(menuActed, menuTransition);

export const $activeMenu = $menu.map((state) => state.active);
export const $menuOpen = $activeMenu.map((active) => active !== 'none');

/**
 * A panel over the player: this settings menu, the seasons menu (series) or the share popup
 * (share). One is open at a time: the panel that opens takes $openPanel, and the others close
 * (links.ts wires the seasons menu and the share popup in).
 */
type Panel = 'none' | 'settings' | 'seasons' | 'share';
/** A panel opened (the settings and subtitles buttons count as the settings menu's, whatever they do to it). */
export const panelOpened = createEvent<Exclude<Panel, 'none'>>();
/** A panel closed; the slot is free again if it held that panel. */
export const panelClosed = createEvent<Exclude<Panel, 'none'>>();
/** The panel open over the player: the only record of which one it is. */
export const $openPanel = createStore<Panel>('none')
  .on(panelOpened, (_, panel) => panel)
  .on(panelClosed, (open, panel) => (open === panel ? 'none' : open));
/** The panel that has just taken the player from another (or from none). */
export const panelTaken = $openPanel.updates.filter({ fn: (panel): panel is Exclude<Panel, 'none'> => panel !== 'none' });

sample({ clock: [settingsClicked, subtitlesButtonClicked], fn: () => 'settings' as const, target: panelOpened });
sample({ clock: $menuOpen.updates, filter: (open) => !open, fn: () => 'settings' as const, target: panelClosed });
// The seasons menu taking the player closes this menu. The share popup does not, as before: while
// a menu is open its backdrop covers the player, share button included.
sample({ clock: panelTaken, filter: (panel) => panel === 'seasons', fn: () => undefined, target: episodesMenuOpened });

const act = (action: MenuAction) => () => action;
sample({ clock: settingsClicked, fn: act({ type: 'settings' }), target: menuActed });
sample({ clock: subtitlesButtonClicked, fn: act({ type: 'subtitles' }), target: menuActed });
sample({ clock: subMenuOpened, fn: (menu): MenuAction => ({ type: 'open', menu }), target: menuActed });
sample({ clock: backClicked, fn: act({ type: 'back' }), target: menuActed });
sample({ clock: [qualityChosen, rateChosen, subtitleChosen, audioTrackChosen], fn: act({ type: 'chosen' }), target: menuActed });
sample({
  clock: [outsideClicked, closeClicked, episodesMenuOpened, parentActionReceived.filter({ fn: ({ type }) => type === 'click' })],
  fn: act({ type: 'close' }),
  target: menuActed,
});

/** Escape closes an open menu; otherwise it is left to others (e.g. leaving the stretched mode). */
const escapeUsed = sample({ clock: escapePressed, source: $activeMenu });
sample({ clock: escapeUsed, filter: (active) => active !== 'none', fn: act({ type: 'close' }), target: menuActed });
export const escapeUnhandled = escapeUsed.filter({ fn: (active) => active === 'none' }).map(() => undefined);

// An open menu keeps the controls on screen.
sample({ clock: $menuOpen.updates, target: controlsPinnedSet });

// Statistics (SPEC.md §7): settings_audio_*, with the label the list showed.
sample({ clock: $activeMenu.updates, filter: (active) => active === 'audio', fn: () => stat('settings_audio_open'), target: sendStatFx });
sample({
  clock: audioTrackChosen,
  source: $audioTracks,
  filter: (tracks, id) => tracks.some((track) => track.id === id),
  fn: (tracks, id) => stat('settings_audio_select', { label: tracks.find((track) => track.id === id)!.name }),
  target: sendStatFx,
});

const listenToParentFx = createEffect(() => {
  listenToParent(scopeBind(parentActionReceived, { safe: true }));
});
sample({ clock: parentListenStarted, target: listenToParentFx });
