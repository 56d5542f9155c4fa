/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): links
 * a click-through, a share target or a tracking pixel may be handed, each with the http(s) link it
 * must give (null: none). Shared by the tests of the three units that must refuse them.
 */
export const UNSAFE_URLS: Array<[url: string, expected: string | null]> = [
  ['javascript:alert(document.domain)', null],
  ['  javascript:alert(1)', null],
  ['JaVaScRiPt:alert(1)', null],
  ['data:text/html;base64,PHNjcmlwdD4=', null],
  ['vbscript:msgbox', null],
  ['file:///etc/passwd', null],
  ['//evil.example/x', null],
  ['http://127.0.0.1:4101/landing', 'http://127.0.0.1:4101/landing'],
];
