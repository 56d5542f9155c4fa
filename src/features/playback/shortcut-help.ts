/**
 * The rows of the '?' dialog: every shortcut of keyboard.ts, the keys as printed on a keyboard
 * and what they do. Only the dialog's lazy chunk (and a test) imports this. The strings come in
 * as an argument, so that chunk imports no module the start-up bundle has: each shared module
 * would be split out of the app chunk into a chunk of its own (3 KB more start-up code, measured).
 */
import type { Shortcut } from './keyboard';

type Strings = (typeof import('../../lib/strings'))['STRINGS'];

interface ShortcutRow {
  kind: Shortcut['kind'];
  /** Alternatives, each a key as printed. */
  keys: readonly string[];
  action: string;
}

export const shortcutRows = (strings: Strings): readonly ShortcutRow[] => [
  { kind: 'togglePlay', keys: [strings.keySpace, 'K'], action: strings.shortcutTogglePlay },
  { kind: 'seekBack', keys: ['←', 'J'], action: strings.seekBack },
  { kind: 'seekForward', keys: ['→', 'L'], action: strings.seekForward },
  { kind: 'volumeUp', keys: ['↑'], action: strings.shortcutVolumeUp },
  { kind: 'volumeDown', keys: ['↓'], action: strings.shortcutVolumeDown },
  { kind: 'mute', keys: ['M'], action: strings.shortcutMute },
  { kind: 'fullscreen', keys: ['F'], action: strings.shortcutFullscreen },
  { kind: 'subtitles', keys: ['C'], action: strings.shortcutSubtitles },
  { kind: 'seekToFraction', keys: [strings.keyDigits], action: strings.shortcutSeekToFraction },
  { kind: 'escape', keys: ['Esc'], action: strings.shortcutEscape },
  { kind: 'help', keys: ['?'], action: strings.shortcutHelp },
];
