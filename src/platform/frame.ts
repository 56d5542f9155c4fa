/** Whether the page is framed, free of effector: the page's start reads it before the models exist. */

/** True when the page runs inside a frame. */
export function isFramed(): boolean {
  try {
    return typeof window !== 'undefined' && window.parent !== window;
  } catch {
    return true;
  }
}
