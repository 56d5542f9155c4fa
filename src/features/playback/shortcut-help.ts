/**
 * The rows of the '?' dialog: every shortcut of keyboard.ts, the keys as printed on a keyboard
 * and what they do. Only the dialog's lazy chunk imports this (and the test that checks the
 * list against shortcutFor).
 */
import { STRINGS } from '../../lib/strings';
import type { Shortcut } from './keyboard';

export interface ShortcutRow {
  kind: Shortcut['kind'];
  /** Alternatives, each a key as printed. */
  keys: readonly string[];
  action: string;
}

export const SHORTCUT_ROWS: readonly ShortcutRow[] = [
  { kind: 'togglePlay', keys: [STRINGS.keySpace, 'K'], action: STRINGS.shortcutTogglePlay },
  { kind: 'seekBack', keys: ['←', 'J'], action: STRINGS.seekBack },
  { kind: 'seekForward', keys: ['→', 'L'], action: STRINGS.seekForward },
  { kind: 'volumeUp', keys: ['↑'], action: STRINGS.shortcutVolumeUp },
  { kind: 'volumeDown', keys: ['↓'], action: STRINGS.shortcutVolumeDown },
  { kind: 'mute', keys: ['M'], action: STRINGS.shortcutMute },
  { kind: 'fullscreen', keys: ['F'], action: STRINGS.shortcutFullscreen },
  { kind: 'subtitles', keys: ['C'], action: STRINGS.shortcutSubtitles },
  { kind: 'seekToFraction', keys: [STRINGS.keyDigits], action: STRINGS.shortcutSeekToFraction },
  { kind: 'escape', keys: ['Esc'], action: STRINGS.shortcutEscape },
  { kind: 'help', keys: ['?'], action: STRINGS.shortcutHelp },
];
