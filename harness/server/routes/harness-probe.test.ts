import { describe, expect, it } from 'vitest';
import { injectHarnessProbe } from './harness-probe';
import { playerCsp } from './pages';

const PAGE = '<html><head><title>p</title></head><body></body></html>';

describe('injectHarnessProbe', () => {
  it('adds the probe only when the URL names a harness client, posting to the harness origin', () => {
    expect(injectHarnessProbe(PAGE, 'http://127.0.0.1:1', new URLSearchParams('movie_id=101'))).toBe(PAGE);
    expect(injectHarnessProbe(PAGE, 'http://127.0.0.1:1', new URLSearchParams('harness-client=a&harness-probe=off'))).toBe(PAGE);
    const html = injectHarnessProbe(PAGE, 'http://127.0.0.1:1', new URLSearchParams('harness-client=a'));
    expect(html).toContain('("http://127.0.0.1:1","harness-probe")');
    expect(html).not.toContain("'*'");
  });

  it('is one inline script the CSP allows by its hash', () => {
    const html = injectHarnessProbe(PAGE, 'http://127.0.0.1:1', new URLSearchParams('harness-client=a'));
    const body = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    // The hash covers the whole script only if it has no '<' inside.
    expect(html).toContain(`<script>${body}</script></head>`);
    expect(playerCsp(html, ['http://localhost:1'])).toMatch(/script-src 'self' 'sha256-/);
  });
});
