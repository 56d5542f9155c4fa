/**
 * Work that must stay off the start-up path (the error-reporting SDK, the device fingerprint): it
 * runs in the first idle moment once the stream is safe after its first frame, or after a fallback
 * delay when no frame comes (no autoplay, an error page).
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

/** Seconds of media `video` holds ahead of its playhead (0 when the playhead is outside every range). */
export function bufferedAhead(video: Pick<HTMLMediaElement, 'buffered' | 'currentTime'>): number {
  const { buffered, currentTime } = video;
  for (let i = 0; i < buffered.length; i++) {
    // A gap of a frame or two before the range still counts: the playhead steps over it.
    if (buffered.start(i) <= currentTime + 0.1 && currentTime < buffered.end(i)) return buffered.end(i) - currentTime;
  }
  return 0;
}

export interface BufferSafeLimits {
  /** Seconds of media ahead of the playhead that make the stream safe to share the network with. */
  aheadS: number;
  /** How long after `started` the buffer is waited for at the latest. */
  maxMs: number;
}

/**
 * Resolves once the content holds `aheadS` seconds ahead after `started` (the first frame), or all
 * that is left of it, or `maxMs` after it at the latest. On a slow link, what loads after the first frame takes the
 * segments' bandwidth: started earlier, it would empty the buffer it waits for. A pre-roll that
 * plays first leaves the content's buffer as it is: the time limit then applies.
 */
export function bufferSafe(started: Promise<unknown>, video: HTMLMediaElement, { aheadS, maxMs }: BufferSafeLimits): Promise<void> {
  return started.then(
    () =>
      new Promise<void>((resolve) => {
        const events = ['progress', 'timeupdate', 'canplaythrough'] as const;
        // Near the end there is less than `aheadS` left to hold: the media buffered to its end is safe too.
        const check = () => {
          const ahead = bufferedAhead(video);
          if (ahead >= aheadS || (ahead > 0 && video.currentTime + ahead >= video.duration - 0.1)) done();
        };
        const done = () => {
          clearTimeout(limit);
          events.forEach((name) => video.removeEventListener(name, check));
          resolve();
        };
        const limit = setTimeout(done, maxMs);
        events.forEach((name) => video.addEventListener(name, check));
        check();
      }),
  );
}
