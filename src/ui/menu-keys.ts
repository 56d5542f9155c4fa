import type { KeyboardEvent } from 'react';

/**
 * Keyboard handling shared by the player's menus: arrow keys move between items (menuitem and
 * menuitemradio), Home/End jump, ← goes back, Escape closes.
 */
export function useMenuKeys(onBack: () => void, onClose: () => void) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role^="menuitem"]'));
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focus = (next: number) => items[(next + items.length) % items.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowDown: () => focus(index + 1),
      ArrowUp: () => focus(index < 0 ? -1 : index - 1),
      Home: () => focus(0),
      End: () => focus(-1),
      ArrowLeft: onBack,
      Escape: onClose,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };
}
