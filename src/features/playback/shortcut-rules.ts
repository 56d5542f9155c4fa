/**
 * The keyboard's rules, free of the model: which shortcut a key press means, and the keys each
 * control answers to. The page's shell (src/start) reads keys with them before the app exists.
 */

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
