/**
 * Menus' links. The seasons menu (series) and the share popup (share) are panels over the
 * player like the settings menu, and menus keeps them one at a time through $openPanel
 * (model.ts): each reports its opening and closing here, and closes when another takes over.
 * Menus also hears the parent frame (from the page's start, session): its click closes every
 * panel, its pause pauses (playback).
 */
import { sample } from 'effector';
import type { Features } from '../create-features';

/** Links menus to the features it hears; the player calls it once (app/link-features.ts). */
export function linkMenus({ playback, session, menus, series, share }: Features): void {
  const { pauseClicked } = playback;
  const { appStarted } = session;
  const { panelClosed, panelOpened, panelTaken, parentActionReceived, parentListenStarted } = menus;
  const { $seasonsMenuOpen, seasonsMenuClosed } = series;
  const { $sharePopupOpen, sharePopupClosed } = share;
  sample({ clock: appStarted, fn: () => undefined, target: parentListenStarted });

  sample({ clock: $seasonsMenuOpen.updates, filter: Boolean, fn: () => 'seasons' as const, target: panelOpened });
  sample({ clock: $seasonsMenuOpen.updates, filter: (open) => !open, fn: () => 'seasons' as const, target: panelClosed });
  sample({ clock: $sharePopupOpen.updates, filter: Boolean, fn: () => 'share' as const, target: panelOpened });
  sample({ clock: $sharePopupOpen.updates, filter: (open) => !open, fn: () => 'share' as const, target: panelClosed });

  // Whoever takes the player closes the others: the seasons menu closes the share popup (and the
  // settings menu, model.ts), the share popup the seasons menu, the settings menu both.
  sample({ clock: panelTaken, filter: (panel) => panel === 'seasons' || panel === 'settings', fn: () => undefined, target: sharePopupClosed });
  sample({ clock: panelTaken, filter: (panel) => panel === 'share' || panel === 'settings', fn: () => undefined, target: seasonsMenuClosed });

  // A `{ type: 'click' }` message from the parent frame closes every panel (the settings menu in model.ts).
  sample({ clock: parentActionReceived, filter: ({ type }) => type === 'click', fn: () => undefined, target: [seasonsMenuClosed, sharePopupClosed] });

  // A `{ type: 'pause' }` message from the parent frame pauses.
  sample({ clock: parentActionReceived, filter: ({ type }) => type === 'pause', fn: () => undefined, target: pauseClicked });
}
