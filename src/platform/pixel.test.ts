import { afterEach, describe, expect, it, vi } from 'vitest';
import { pingImage } from './pixel';
import { UNSAFE_URLS } from '../test-support/unsafe-urls';

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('click-through, share and tracking links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(UNSAFE_URLS)('tracking pixel %s → pinged: %s', (url, expected) => {
    const created: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        referrerPolicy = '';
        set src(value: string) {
          created.push(value);
        }
      },
    );
    pingImage(url);
    expect(created).toEqual(expected === null ? [] : [url]);
  });
});
