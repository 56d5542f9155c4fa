import { afterEach, describe, expect, it, vi } from 'vitest';
import { pingImage } from './pixel';

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('click-through, share and tracking links', () => {
  const UNSAFE_URLS: Array<[url: string, expected: string | null]> = [
    ['javascript:alert(document.domain)', null],
    ['  javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html;base64,PHNjcmlwdD4=', null],
    ['vbscript:msgbox', null],
    ['file:///etc/passwd', null],
    ['//evil.example/x', null],
    ['http://127.0.0.1:4101/landing', 'http://127.0.0.1:4101/landing'],
  ];

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
