import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import { keyPressed, shortcutFor } from '../keyboard';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Typing in a field, or a control handling the key itself, keeps the key from the shortcuts. */
function keyBelongsToTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type) || target.type === 'range';
  // Space and Enter activate a focused button or menu item.
  const activates = key === ' ' || key === 'Enter';
  return activates && (target instanceof HTMLButtonElement || target.closest('[role^="menuitem"]') !== null);
}

/** Player shortcuts on this page's document: it only receives keys while the player has focus. */
export function useShortcuts() {
  const onKey = useUnit(keyPressed);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (keyBelongsToTarget(event.target, event.key)) return;
      const input = { key: event.key, code: event.code };
      if (shortcutFor(input)) event.preventDefault();
      onKey(input);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onKey]);
}
