/**
 * Keyboard shortcuts: space/k play-pause, ←/→ and j/l ∓10 s, ↑/↓ volume ±0.05, f fullscreen,
 * m mute, c subtitles, 0–9 jump to 0–90 %, Escape leaves a menu or the stretched mode, ? (Shift+/)
 * opens the list of shortcuts. While that list is open it is modal: Escape and ? close it, and no
 * other key acts. Letters are matched by physical key (event.code), so they work in the Russian
 * layout too.
 */
import { createEvent, createStore, sample } from 'effector';
import { userActed } from './controls';
import { fullscreenShortcutUsed } from './gestures';
import { togglePlayClicked } from './model';
import { seekBackClicked, seekForwardClicked, seekToFractionRequested } from './seek';
import { muteToggled, volumeStepped } from './volume';

export type Shortcut =
  | { kind: 'togglePlay' }
  | { kind: 'seekBack' }
  | { kind: 'seekForward' }
  | { kind: 'volumeUp' }
  | { kind: 'volumeDown' }
  | { kind: 'fullscreen' }
  | { kind: 'mute' }
  | { kind: 'subtitles' }
  | { kind: 'escape' }
  | { kind: 'help' }
  | { kind: 'seekToFraction'; fraction: number };

export interface KeyInput {
  /** KeyboardEvent.key */
  key: string;
  /** KeyboardEvent.code: the physical key. */
  code: string;
  /** KeyboardEvent.shiftKey */
  shift?: boolean;
}

/**
 * The keys each control answers to, for its `aria-keyshortcuts` (key names as in
 * KeyboardEvent.key, alternatives separated by spaces). The seek slider writes its own keys.
 */
export const KEY_SHORTCUTS = {
  togglePlay: 'k Space',
  seekBack: 'ArrowLeft j',
  seekForward: 'ArrowRight l',
  volume: 'ArrowUp ArrowDown',
  mute: 'm',
  fullscreen: 'f',
  subtitles: 'c',
} as const;

const BY_CODE: Record<string, Shortcut['kind']> = {
  Space: 'togglePlay',
  KeyK: 'togglePlay',
  KeyJ: 'seekBack',
  KeyL: 'seekForward',
  ArrowLeft: 'seekBack',
  ArrowRight: 'seekForward',
  ArrowUp: 'volumeUp',
  ArrowDown: 'volumeDown',
  KeyF: 'fullscreen',
  KeyM: 'mute',
  KeyC: 'subtitles',
  Escape: 'escape',
};

const BY_KEY: Record<string, Shortcut['kind']> = {
  ' ': 'togglePlay',
  k: 'togglePlay',
  j: 'seekBack',
  l: 'seekForward',
  ArrowLeft: 'seekBack',
  ArrowRight: 'seekForward',
  ArrowUp: 'volumeUp',
  ArrowDown: 'volumeDown',
  f: 'fullscreen',
  m: 'mute',
  c: 'subtitles',
  Escape: 'escape',
};

/** The shortcut a key press means, or null. */
export function shortcutFor({ key, code, shift = false }: KeyInput): Shortcut | null {
  // '?' before the digits: the Russian layout types it with Shift+7. There, Shift+/ types ','.
  if (key === '?' || (code === 'Slash' && shift)) return { kind: 'help' };
  const digit = /^Digit(\d)$/.exec(code)?.[1] ?? (/^\d$/.test(key) ? key : undefined);
  if (digit !== undefined) return { kind: 'seekToFraction', fraction: Number(digit) / 10 };
  const kind = BY_CODE[code] ?? BY_KEY[key.length === 1 ? key.toLowerCase() : key];
  return kind ? ({ kind } as Shortcut) : null;
}

/** A key pressed while the player (or its page) has focus and no text field does. */
export const keyPressed = createEvent<KeyInput>();
/** 'c': the tracks feature turns subtitles on or off. */
export const subtitlesShortcutUsed = createEvent();
/** Escape: menus close, the stretched player exits. */
export const escapePressed = createEvent();

/** The close button or a click outside closes the shortcuts list. */
export const shortcutsHelpClosed = createEvent();
/** The '?' list of shortcuts is open. */
export const $shortcutsHelpOpen = createStore(false);

// One reading of the list's state per key: two samples reading it apart would see '?' open the
// list and then close it.
const shortcutPressed = sample({
  clock: keyPressed.filterMap((input) => shortcutFor(input) ?? undefined),
  source: $shortcutsHelpOpen,
  fn: (helpOpen, shortcut) => ({ helpOpen, shortcut }),
});
/** A shortcut that acts: none does while the list is open. */
const shortcutUsed = shortcutPressed.filterMap(({ helpOpen, shortcut }) => (helpOpen ? undefined : shortcut));
// Escape, or '?' again, closes the open list, and is not handed on (a menu under it stays open).
sample({
  clock: shortcutPressed,
  filter: ({ helpOpen, shortcut }) => helpOpen && (shortcut.kind === 'escape' || shortcut.kind === 'help'),
  fn: () => undefined,
  target: shortcutsHelpClosed,
});

sample({ clock: keyPressed, fn: () => undefined, target: userActed });

const used = (kind: Shortcut['kind']) => shortcutUsed.filter({ fn: (shortcut) => shortcut.kind === kind });
const none = () => undefined;

sample({ clock: used('togglePlay'), fn: none, target: togglePlayClicked });
sample({ clock: used('seekBack'), fn: none, target: seekBackClicked });
sample({ clock: used('seekForward'), fn: none, target: seekForwardClicked });
sample({ clock: used('volumeUp'), fn: () => 1 as const, target: volumeStepped });
sample({ clock: used('volumeDown'), fn: () => -1 as const, target: volumeStepped });
sample({ clock: used('fullscreen'), fn: none, target: fullscreenShortcutUsed });
sample({ clock: used('mute'), fn: none, target: muteToggled });
sample({ clock: used('subtitles'), fn: none, target: subtitlesShortcutUsed });
sample({ clock: used('escape'), fn: none, target: escapePressed });
$shortcutsHelpOpen.on(used('help'), () => true).on(shortcutsHelpClosed, () => false);
sample({
  clock: used('seekToFraction'),
  fn: (shortcut) => (shortcut.kind === 'seekToFraction' ? shortcut.fraction : 0),
  target: seekToFractionRequested,
});
