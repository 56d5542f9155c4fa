import { describe, expect, it } from 'vitest';
import { isPlayRefusal } from './autoplay';

describe('isPlayRefusal', () => {
  it('isPlayRefusal reads the name only', () => {
    expect(isPlayRefusal({ name: 'NotAllowedError' })).toBe(true);
    expect(isPlayRefusal(new Error('NotAllowedError'))).toBe(false);
  });
});
