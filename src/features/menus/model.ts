/**
 * The one active settings menu (SPEC.md §2, §4): none | main | quality | playback-rate | subs,
 * plus 'audio' for the 'Аудио' picker, which lives in the same menu. Settings from none opens
 * main and pressing it again closes; the subtitles icon opens subs directly; each sub-menu's
 * back button returns to the menu it was opened from; picking an option does the same.
 * Menus close on a click outside, the close button, Escape, the episodes menu opening, and a
 * `{ type: 'click' }` message from the parent frame (only from window.parent). Opening 'Аудио' and
 * choosing in it are reported as settings_audio_open / settings_audio_select (SPEC.md §7).
 */
import { createEffect, createEvent, createStore, sample, scopeBind, type Event, type EventCallable, type Store } from 'effector';
import { listenToParent, type ParentAction } from '../../platform/parent-bridge';
import { sendStatFx, stat } from '../../platform/stats';

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

/** What menus hears from the other features, named by what it is to menus. */
export interface MenusDeps {
  /** Escape on the player (playback's keyboard): it closes an open menu first. */
  escapePressed: Event<void>;
  /** Keeps the controls on screen while a menu is open (playback). */
  controlsPinnedSet: EventCallable<boolean>;
  /** A choice in a sub-menu (tracks): the menu goes back. */
  qualityChosen: Event<unknown>;
  rateChosen: Event<unknown>;
  subtitleChosen: Event<unknown>;
  audioTrackChosen: Event<number>;
  /** The audio tracks as the 'Аудио' list shows them (tracks), for settings_audio_select's label. */
  $audioTracks: Store<ReadonlyArray<{ id: number; name: string }>>;
}

/**
 * A panel over the player: this settings menu, the seasons menu (series) or the share popup
 * (share). One is open at a time: the panel that opens takes $openPanel, and the others close
 * (app/links/menus.ts wires the seasons menu and the share popup in).
 */
type Panel = 'none' | 'settings' | 'seasons' | 'share';

export type MenusModel = ReturnType<typeof createMenus>;

/** The settings menu and the one-panel rule, built on the units of the features menus hears. */
export function createMenus(deps: MenusDeps) {
  /** The settings (gear) button. */
  const settingsClicked = createEvent();
  /** The subtitles (CC) button. */
  const subtitlesButtonClicked = createEvent();
  /** A row of the main menu. */
  const subMenuOpened = createEvent<SubMenu>();
  const backClicked = createEvent();
  /** A click on the player outside the open menu. */
  const outsideClicked = createEvent();
  /** The menu's close button (mobile). */
  const closeClicked = createEvent();
  /** Another feature's episodes menu opened; the settings menu gives way. */
  const episodesMenuOpened = createEvent();
  /** An action posted by the parent frame. */
  const parentActionReceived = createEvent<ParentAction>();
  /** Starts listening to the parent frame's messages. */
  const parentListenStarted = createEvent();

  const menuActed = createEvent<MenuAction>();
  const $menu = createStore<MenuState>(CLOSED).on(menuActed, menuTransition);

  const $activeMenu = $menu.map((state) => state.active);
  const $menuOpen = $activeMenu.map((active) => active !== 'none');

  const { panelOpened, panelClosed, $openPanel, panelTaken } = createPanels({ buttons: [settingsClicked, subtitlesButtonClicked], $menuOpen, episodesMenuOpened });

  const act = (action: MenuAction) => () => action;
  sample({ clock: settingsClicked, fn: act({ type: 'settings' }), target: menuActed });
  sample({ clock: subtitlesButtonClicked, fn: act({ type: 'subtitles' }), target: menuActed });
  sample({ clock: subMenuOpened, fn: (menu): MenuAction => ({ type: 'open', menu }), target: menuActed });
  sample({ clock: backClicked, fn: act({ type: 'back' }), target: menuActed });
  sample({ clock: [deps.qualityChosen, deps.rateChosen, deps.subtitleChosen, deps.audioTrackChosen], fn: act({ type: 'chosen' }), target: menuActed });
  sample({
    clock: [outsideClicked, closeClicked, episodesMenuOpened, parentActionReceived.filter({ fn: ({ type }) => type === 'click' })],
    fn: act({ type: 'close' }),
    target: menuActed,
  });

  /** Escape closes an open menu; otherwise it is left to others (e.g. leaving the stretched mode). */
  const escapeUsed = sample({ clock: deps.escapePressed, source: $activeMenu });
  sample({ clock: escapeUsed, filter: (active) => active !== 'none', fn: act({ type: 'close' }), target: menuActed });
  const escapeUnhandled = escapeUsed.filter({ fn: (active) => active === 'none' }).map(() => undefined);

  // An open menu keeps the controls on screen.
  sample({ clock: $menuOpen.updates, target: deps.controlsPinnedSet });

  reportAudio(deps, $activeMenu);
  listenToTheParent(parentListenStarted, parentActionReceived);

  return {
    settingsClicked,
    subtitlesButtonClicked,
    subMenuOpened,
    backClicked,
    outsideClicked,
    closeClicked,
    episodesMenuOpened,
    parentActionReceived,
    parentListenStarted,
    escapeUnhandled,
    panelOpened,
    panelClosed,
    panelTaken,
    $activeMenu,
    $menuOpen,
    $openPanel,
  };
}

/** The one panel over the player, and this menu's part in it. */
function createPanels({ buttons, $menuOpen, episodesMenuOpened }: { buttons: Array<Event<void>>; $menuOpen: Store<boolean>; episodesMenuOpened: EventCallable<void> }) {
  /** A panel opened (the settings and subtitles buttons count as the settings menu's, whatever they do to it). */
  const panelOpened = createEvent<Exclude<Panel, 'none'>>();
  /** A panel closed; the slot is free again if it held that panel. */
  const panelClosed = createEvent<Exclude<Panel, 'none'>>();
  /** The panel open over the player: the only record of which one it is. */
  const $openPanel = createStore<Panel>('none')
    .on(panelOpened, (_, panel) => panel)
    .on(panelClosed, (open, panel) => (open === panel ? 'none' : open));
  /** The panel that has just taken the player from another (or from none). */
  const panelTaken = $openPanel.updates.filter({ fn: (panel): panel is Exclude<Panel, 'none'> => panel !== 'none' });

  sample({ clock: buttons, fn: () => 'settings' as const, target: panelOpened });
  sample({ clock: $menuOpen.updates, filter: (open) => !open, fn: () => 'settings' as const, target: panelClosed });
  // The seasons menu taking the player closes this menu. The share popup does not, as before: while
  // a menu is open its backdrop covers the player, share button included.
  sample({ clock: panelTaken, filter: (panel) => panel === 'seasons', fn: () => undefined, target: episodesMenuOpened });
  return { panelOpened, panelClosed, $openPanel, panelTaken };
}

/** Statistics (SPEC.md §7): settings_audio_*, with the label the list showed. */
function reportAudio(deps: MenusDeps, $activeMenu: Store<MenuId>) {
  sample({ clock: $activeMenu.updates, filter: (active) => active === 'audio', fn: () => stat('settings_audio_open'), target: sendStatFx });
  sample({
    clock: deps.audioTrackChosen,
    source: deps.$audioTracks,
    filter: (tracks, id) => tracks.some((track) => track.id === id),
    fn: (tracks, id) => stat('settings_audio_select', { label: tracks.find((track) => track.id === id)!.name }),
    target: sendStatFx,
  });
}

/** The parent frame's messages, once asked to listen: each is parentActionReceived. */
function listenToTheParent(started: Event<void>, received: EventCallable<ParentAction>) {
  const listenToParentFx = createEffect(() => {
    listenToParent(scopeBind(received, { safe: true }));
  });
  sample({ clock: started, target: listenToParentFx });
}
