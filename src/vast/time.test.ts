import { describe, expect, it } from 'vitest';
import { parseVastOffset, parseVastTime } from './time';

describe('parseVastTime: [[hh:]mm:]ss[.fraction]', () => {
  it.each([
    ['00:00:05', 5],
    ['00:00:05.500', 5.5],
    ['01:02:03', 3723],
    ['02:03', 123],
    ['7', 7],
    ['7.25', 7.25],
    [' 00:00:12 ', 12],
    ['00:00:00', 0],
  ])('%s → %s', (text, seconds) => expect(parseVastTime(text)).toBe(seconds));

  it.each(['', 'abc', '00:61:00', '00:00:75', '1:2:3:4', '-5', '5s', '00:00:', null, undefined])('%s → null', (text) =>
    expect(parseVastTime(text)).toBeNull(),
  );
});

describe('parseVastOffset: a time, or beyond the spec N% of the duration', () => {
  it.each([
    ['25%', 12, 3],
    ['50%', 5, 2.5],
    ['100%', 30, 30],
    ['00:00:05', 12, 5],
    ['00:00:05', null, 5],
  ])('%s of %s s → %s', (text, duration, seconds) => expect(parseVastOffset(text, duration)).toBe(seconds));

  it('cannot place a percentage without a duration, nor one above 100', () => {
    expect(parseVastOffset('25%', null)).toBeNull();
    expect(parseVastOffset('150%', 10)).toBeNull();
  });
});
