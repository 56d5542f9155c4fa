import { describe, expect, it } from 'vitest';
import { STRINGS } from '../../lib/strings';
import { shortcutFor, type KeyInput } from './index';
import { shortcutRows } from './shortcut-help';

const SHORTCUT_ROWS = shortcutRows(STRINGS);
const KEYS: Record<string, KeyInput> = {
  '?': { key: '?', code: 'Slash', shift: true },
};

describe("the '?' shortcuts dialog", () => {
  it('lists every shortcut there is, once', () => {
    const inputs: KeyInput[] = [
      ...'abcdefghijklmnopqrstuvwxyz'.split('').map((key) => ({ key, code: `Key${key.toUpperCase()}` })),
      ...'0123456789'.split('').map((key) => ({ key, code: `Digit${key}` })),
      ...['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Escape', 'Enter', 'Tab', 'Home', 'End'].map((key) => ({ key, code: key })),
      { key: ' ', code: 'Space' },
      KEYS['?']!,
    ];
    const kinds = new Set(inputs.map((input) => shortcutFor(input)?.kind).filter(Boolean));
    expect(SHORTCUT_ROWS.map((row) => row.kind).sort()).toEqual([...kinds].sort());
    const seekForward = SHORTCUT_ROWS.find((row) => row.kind === 'seekForward')!;
    expect([seekForward.keys, seekForward.action]).toEqual([['→', 'L'], 'Вперёд на 10 секунд']);
  });
});
