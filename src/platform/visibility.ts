/** Page visibility (document.visibilitychange), for pausing what nobody can see. */

export function isPageHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

/** Calls `onChange(hidden)` on every visibility change; returns the unsubscribe. */
export function watchVisibility(onChange: (hidden: boolean) => void): () => void {
  if (typeof document === 'undefined') return () => {};
  const listener = () => onChange(document.visibilityState === 'hidden');
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** Calls `onLeave` when the page is hidden or unloading (pagehide, visibilitychange to hidden). */
export function watchPageLeave(onLeave: () => void): () => void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => {};
  const onVisibility = () => document.visibilityState === 'hidden' && onLeave();
  window.addEventListener('pagehide', onLeave);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', onLeave);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Calls `onHide` at pagehide (the page unloads or goes into the back-forward cache); returns the unsubscribe. */
export function watchPageHide(onHide: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('pagehide', onHide);
  return () => window.removeEventListener('pagehide', onHide);
}
