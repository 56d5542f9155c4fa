/** seek-rules.ts: the seek slider's keys, positions on its track, drag and hover, and its ARIA value. */
import { describe, expect, it } from 'vitest';
import {
  bufferedStyle,
  hoverOutlivesRelease,
  SEEK_KEY_SHORTCUTS,
  seekAria,
  seekKey,
  startsDrag,
  timeAtPointer,
  tooltipLeft,
  trackPercent,
} from './seek-rules';

describe('seekKey: the slider’s key table', () => {
  it.each([
    ['ArrowLeft', { kind: 'seekBack' }],
    ['ArrowDown', { kind: 'seekBack' }],
    ['ArrowRight', { kind: 'seekForward' }],
    ['ArrowUp', { kind: 'seekForward' }],
    ['Home', { kind: 'seekTo', seconds: 0 }],
    ['End', { kind: 'seekTo', seconds: 2520 }],
  ])('%s → %o', (key, expected) => {
    expect(seekKey(key, 2520)).toEqual(expected);
  });

  it('any other key is not the slider’s (it goes on to the page’s shortcuts), an inherited name included', () => {
    for (const key of ['Enter', ' ', 'j', 'l', 'k', 'PageUp', 'Escape', 'constructor', 'toString', '']) expect(seekKey(key, 60)).toBeNull();
  });

  it('End goes to the duration as it is known now', () => {
    expect(seekKey('End', Number.NaN)).toEqual({ kind: 'seekTo', seconds: Number.NaN });
    expect(seekKey('End', 0)).toEqual({ kind: 'seekTo', seconds: 0 });
  });

  it('its aria-keyshortcuts name the keys the table answers to', () => {
    for (const key of SEEK_KEY_SHORTCUTS.split(' ')) expect(seekKey(key, 60)).not.toBeNull();
    expect(SEEK_KEY_SHORTCUTS).toBe('ArrowLeft ArrowRight Home End');
  });
});

describe('positions on the track', () => {
  it('trackPercent: a share of the duration, kept inside 0–100 %; 0% while the duration is unknown', () => {
    expect(trackPercent(30, 120)).toBe('25%');
    expect(trackPercent(200, 120)).toBe('100%');
    expect(trackPercent(-5, 120)).toBe('0%');
    expect(trackPercent(30, 0)).toBe('0%');
    expect(trackPercent(30, Number.NaN)).toBe('0%');
  });

  it('bufferedStyle: from the range’s start, its end stopping at the duration', () => {
    expect(bufferedStyle([30, 60], 120)).toEqual({ left: '25%', width: '25%' });
    expect(bufferedStyle([90, 150], 120)).toEqual({ left: '75%', width: '25%' });
  });

  it('tooltipLeft: under the pointer, kept 2 rem inside the slider', () => {
    expect(tooltipLeft(60, 120)).toBe('clamp(2rem, 50%, calc(100% - 2rem))');
  });

  it('timeAtPointer: the share of the track left of the pointer, clamped to it; 0 without a box, a width or a duration', () => {
    const box = { left: 100, width: 400 };
    expect(timeAtPointer(200, box, 120)).toBe(30);
    expect(timeAtPointer(50, box, 120)).toBe(0);
    expect(timeAtPointer(900, box, 120)).toBe(120);
    expect(timeAtPointer(200, undefined, 120)).toBe(0);
    expect(timeAtPointer(200, { left: 100, width: 0 }, 120)).toBe(0);
    expect(timeAtPointer(200, box, 0)).toBe(0);
  });
});

describe('pointer rules', () => {
  it('startsDrag: the main button only, once the duration is known', () => {
    expect(startsDrag(0, 120)).toBe(true);
    expect(startsDrag(2, 120)).toBe(false);
    expect(startsDrag(1, 120)).toBe(false);
    expect(startsDrag(0, 0)).toBe(false);
  });

  it('hoverOutlivesRelease: a mouse still hovers after the release, a finger or a pen does not', () => {
    expect(hoverOutlivesRelease('mouse')).toBe(true);
    expect(hoverOutlivesRelease('touch')).toBe(false);
    expect(hoverOutlivesRelease('pen')).toBe(false);
  });
});

describe('seekAria', () => {
  it('whole seconds for the value and its bounds, and the time as text', () => {
    expect(seekAria(65.6, 2519.7)).toEqual({
      'aria-valuemin': 0,
      'aria-valuemax': 2520,
      'aria-valuenow': 66,
      'aria-valuetext': '0:01:05 / 0:41:59',
    });
  });

  it('before the duration is known', () => {
    expect(seekAria(0, Number.NaN)).toMatchObject({ 'aria-valuetext': '0:00:00 / 0:00:00' });
  });
});
