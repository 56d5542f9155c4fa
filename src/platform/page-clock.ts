/**
 * The page's clock: ms since the page opened (the performance time origin), monotonic, so a
 * change of the wall clock never makes a duration negative. 0 is the moment the page was asked for.
 */
export function pageNow(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}
