import { describe, expect, it } from 'vitest';
import { formatHms, parseTimecode } from './timecode';

describe('formatHms', () => {
  it.each([
    [0, '0:00:00'],
    [5.9, '0:00:05'],
    [75, '0:01:15'],
    [3600, '1:00:00'],
    [36_061, '10:01:01'],
    [-3, '0:00:00'],
    [Number.NaN, '0:00:00'],
    [Number.POSITIVE_INFINITY, '0:00:00'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatHms(seconds)).toBe(text);
  });
});

describe('parseTimecode', () => {
  it.each([
    ['120', 120],
    ['12.5', 12],
    ['007', 7],
    ['1:20', null],
    ['12s', null],
    ['', null],
    ['.', null],
    [null, null],
    ['99999999999999999999', null],
  ])('%s gives %s', (value, expected) => {
    expect(parseTimecode(value)).toBe(expected);
  });
});
