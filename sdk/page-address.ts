/**
 * Tells its subscribers when the page's address may have changed without a page load: a
 * single-page site's `history.pushState`/`replaceState`, back and forward, a fragment change.
 * One watcher serves every player on the page; the last unsubscriber takes it down.
 *
 * Where the Navigation API exists, its `currententrychange` fires for all of these (pushState
 * and replaceState included), so history is left alone. Elsewhere the two history methods are
 * wrapped, once, and restored when the last subscriber leaves.
 */

type Notify = () => void;

const subscribers = new Set<Notify>();
let unwatch: (() => void) | null = null;

function notifyAll(): void {
  for (const notify of [...subscribers]) notify();
}

type HistoryMethod = 'pushState' | 'replaceState';

/** Wraps a history method so that it notifies after it ran; returns what puts the original back. */
function wrapHistory(history: History, name: HistoryMethod): () => void {
  const own = Object.prototype.hasOwnProperty.call(history, name);
  const original = history[name];
  const wrapped = function (this: History, ...args: Parameters<History['pushState']>) {
    original.apply(this, args);
    notifyAll();
  };
  history[name] = wrapped;
  return () => {
    // Wrapped again by someone after us: leave theirs (ours then calls an empty set).
    if (history[name] !== wrapped) return;
    if (own) history[name] = original;
    else delete (history as Partial<History>)[name];
  };
}

function watch(win: Window): () => void {
  const navigation = (win as Window & { navigation?: EventTarget }).navigation;
  if (navigation && typeof navigation.addEventListener === 'function') {
    navigation.addEventListener('currententrychange', notifyAll);
    return () => navigation.removeEventListener('currententrychange', notifyAll);
  }
  const restorers = [wrapHistory(win.history, 'pushState'), wrapHistory(win.history, 'replaceState')];
  win.addEventListener('popstate', notifyAll);
  win.addEventListener('hashchange', notifyAll);
  return () => {
    restorers.forEach((restore) => restore());
    win.removeEventListener('popstate', notifyAll);
    win.removeEventListener('hashchange', notifyAll);
  };
}

/** Calls `notify` after each address change (synchronously, inside pushState); returns the unsubscriber. */
export function watchPageAddress(notify: Notify): () => void {
  subscribers.add(notify);
  unwatch ??= watch(window);
  return () => {
    subscribers.delete(notify);
    if (subscribers.size === 0 && unwatch) {
      unwatch();
      unwatch = null;
    }
  };
}
