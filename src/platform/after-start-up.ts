/**
 * Work that must stay off the start-up path (the error-reporting SDK, the device fingerprint):
 * it runs in the first idle moment after the first frame, or after a fallback delay when no frame
 * comes (no autoplay, an error page, a long pre-roll).
 */

/**
 * The first frame of the content or of a pre-roll on screen (media events do not bubble: caught
 * on the way down). `playing` comes a few frames before the picture does: work started at
 * `playing` would hold the first frame back, so it waits for the element's first presented frame
 * where the browser reports one.
 */
export function firstFrame(target: EventTarget = document): Promise<void> {
  return new Promise((resolve) =>
    target.addEventListener(
      'playing',
      (event) => {
        const video = event.target;
        if (video instanceof HTMLVideoElement && typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => resolve());
        else resolve();
      },
      { capture: true, once: true },
    ),
  );
}

/** Runs `task` in the next idle moment (at most 1 s away), or on the next task where idle callbacks are missing. */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 1000 });
  else setTimeout(task, 0);
}

/** Runs `task` once: when the page is idle after `ready`, or after `fallbackMs` without it. */
export function afterStartUp(ready: Promise<unknown>, fallbackMs: number, task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    whenIdle(task);
  };
  const fallback = setTimeout(run, fallbackMs);
  void ready.then(run);
}
