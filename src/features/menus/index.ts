export { createMenus, menuTransition, CLOSED } from './model';
export type { MenuId, SubMenu, MenuState, MenuAction, MenusDeps, MenusModel } from './model';
