/**
 * Keyboard shortcuts: space/k play-pause, ←/→ and j/l ∓10 s, ↑/↓ volume ±0.05, f fullscreen,
 * m mute, c subtitles, 0–9 jump to 0–90 %, Escape leaves a menu or the stretched mode.
 * Letters are matched by physical key (event.code), so they work in the Russian layout too.
 */
import { createEvent, sample } from 'effector';
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
  | { kind: 'seekToFraction'; fraction: number };

export interface KeyInput {
  /** KeyboardEvent.key */
  key: string;
  /** KeyboardEvent.code: the physical key. */
  code: string;
}

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
export function shortcutFor({ key, code }: KeyInput): Shortcut | null {
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

const shortcutUsed = keyPressed.filterMap((input) => shortcutFor(input) ?? undefined);

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
sample({
  clock: used('seekToFraction'),
  fn: (shortcut) => (shortcut.kind === 'seekToFraction' ? shortcut.fraction : 0),
  target: seekToFractionRequested,
});
