/** Media queries: the player picks its desktop or mobile layout from one (SPEC.md §2). */

/** Calls `onChange` with whether `query` matches, now and on every change. */
export function watchMediaQuery(query: string, onChange: (matches: boolean) => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') {
    onChange(false);
    return () => undefined;
  }
  const list = window.matchMedia(query);
  const report = () => onChange(list.matches);
  report();
  list.addEventListener('change', report);
  return () => list.removeEventListener('change', report);
}
