import { describe, expect, it } from 'vitest';
import { bodyExcerpt, isApiError, isHttpError } from './errors';

describe('body excerpt', () => {
  it('keeps short bodies whole and serialises objects', () => {
    expect(bodyExcerpt('{"a":1}')).toBe('{"a":1}');
    expect(bodyExcerpt({ a: 1 })).toBe('{"a":1}');
    expect(bodyExcerpt(undefined)).toBe('');
  });

  it('cuts a long body on a delimiter, so a token is never cut in half', () => {
    const token = `eyJ${'x'.repeat(60)}.eyJ${'y'.repeat(60)}.sig`;
    const body = `${'a'.repeat(450)} "${token}" tail`;
    const excerpt = bodyExcerpt(body, 500);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(501);
    expect(excerpt).not.toContain('eyJ');
  });

  it('falls back to a hard cut when no delimiter is near', () => {
    expect(bodyExcerpt('z'.repeat(1000), 100)).toBe(`${'z'.repeat(100)}…`);
  });
});

describe('api error guards', () => {
  it('tell the error kinds apart', () => {
    const http = { errorType: 'HTTP', status: 404, url: '/x', explanation: '', body: '' };
    expect(isApiError(http)).toBe(true);
    expect(isHttpError(http, 404)).toBe(true);
    expect(isHttpError(http, 500)).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});
