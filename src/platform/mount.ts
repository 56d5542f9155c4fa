/**
 * A media element's place on the page, given by its owner (the engine's surface, the ad video):
 * views mount it into their slot and take it back, and never hold the element itself.
 */
export interface Mountable {
  /** Puts the element into `host`; the returned function takes it out again (if still there). */
  mount(host: HTMLElement): () => void;
}

export function mountIn(element: HTMLElement, host: HTMLElement): () => void {
  host.appendChild(element);
  return () => {
    if (element.parentNode === host) host.removeChild(element);
  };
}
