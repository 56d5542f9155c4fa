import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import type { PlaybackModel } from '..';
import { shortcutFor } from '../keyboard';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Typing in a field, or a control handling the key itself, keeps the key from the shortcuts. */
function keyBelongsToTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement && (TEXT_INPUT_TYPES.has(target.type) || target.type === 'range')) return true;
  // Space and Enter activate a focused button, menu item or check box (the share popup's timecode).
  const activates = key === ' ' || key === 'Enter';
  const activatable = target instanceof HTMLButtonElement || target instanceof HTMLInputElement || target.closest('[role^="menuitem"]') !== null;
  return activates && activatable;
}

/**
 * Player shortcuts on this page's document. Single keys act only while the player has focus
 * (WCAG 2.1.4): the player is this page, embedded as an iframe (the harness, the SDK), and a
 * document gets key events only while its own window has focus. Keys typed in the embedding
 * page, its fields included, never arrive here, and nothing forwards them: no keydown relay in
 * `sdk/` or `harness/`, no key message in the embed protocol. Inside the player, a text field,
 * a slider (its own keys) and a button or check box being activated keep their keys.
 */
export function useShortcuts(model: PlaybackModel) {
  const { onKey, helpOpen } = useUnit({ onKey: model.keyPressed, helpOpen: model.$shortcutsHelpOpen });
  // While the '?' dialog is open no shortcut acts, so keys keep their defaults (arrows scroll it).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (keyBelongsToTarget(event.target, event.key)) return;
      const input = { key: event.key, code: event.code, shift: event.shiftKey };
      if (!helpOpen && shortcutFor(input)) event.preventDefault();
      onKey(input);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onKey, helpOpen]);
}
