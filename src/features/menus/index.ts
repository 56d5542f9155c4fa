export {
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
  menuTransition,
  CLOSED,
  $activeMenu,
  $menuOpen,
} from './model';
export type { MenuId, SubMenu, MenuState, MenuAction } from './model';
export { connectMenus } from './connect';
