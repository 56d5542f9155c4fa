/**
 * Keyboard shortcuts: space/k play-pause, ←/→ and j/l ∓10 s, ↑/↓ volume ±0.05, f fullscreen,
 * m mute, c subtitles, 0–9 jump to 0–90 %, Escape leaves a menu or the stretched mode, ? (Shift+/)
 * opens the list of shortcuts. While that list is open it is modal: Escape and ? close it, and no
 * other key acts. Letters are matched by physical key (event.code), so they work in the Russian
 * layout too.
 */
import { createEvent, createStore, sample } from 'effector';
import type { PlaybackControls } from './controls';
import type { PlaybackGestures } from './gestures';
import type { PlaybackEvents } from './events';
import type { PlaybackSeek } from './seek';
import type { PlaybackVolume } from './volume';
import { shortcutFor, type KeyInput, type Shortcut } from './shortcut-rules';

export { KEY_SHORTCUTS, shortcutFor, type KeyInput, type Shortcut } from './shortcut-rules';

/** The keys: each shortcut to its intent, and the '?' list, modal while open. */
export function createKeyboard(
  { togglePlayClicked }: PlaybackEvents,
  { userActed }: PlaybackControls,
  { fullscreenShortcutUsed }: PlaybackGestures,
  { seekBackClicked, seekForwardClicked, seekToFractionRequested }: PlaybackSeek,
  { muteToggled, volumeStepped }: PlaybackVolume,
) {
  /** A key pressed while the player (or its page) has focus and no text field does. */
  const keyPressed = createEvent<KeyInput>();
  /** 'c': the tracks feature turns subtitles on or off. */
  const subtitlesShortcutUsed = createEvent();
  /** Escape: menus close, the stretched player exits. */
  const escapePressed = createEvent();

  /** The close button or a click outside closes the shortcuts list. */
  const shortcutsHelpClosed = createEvent();
  /** The '?' list of shortcuts is open. */
  const $shortcutsHelpOpen = createStore(false);

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
  return { keyPressed, subtitlesShortcutUsed, escapePressed, shortcutsHelpClosed, $shortcutsHelpOpen };
}
