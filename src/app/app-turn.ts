/**
 * When the player page evaluates its app (app/main.tsx). The app's evaluation is one long task:
 * started while the stream is on its way into the buffer, it holds up every step there, and the
 * start of playback with them. So the app waits for the stream's first frame, within limits.
 */

/** What of a <video> the decision reads (HTMLMediaElement's readyState values). */
export type TurnVideo = Pick<HTMLVideoElement, 'paused' | 'readyState' | 'addEventListener' | 'removeEventListener'> & {
  requestVideoFrameCallback?: HTMLVideoElement['requestVideoFrameCallback'];
};

/** How the start episode is on its way before the app: not at all, loading, or playing. */
export type EarlyMedia = { kind: 'none' } | { kind: 'loading' } | { kind: 'playing'; started: Promise<void> };

const HAVE_METADATA = 1;
const HAVE_CURRENT_DATA = 2;

/**
 * Resolves when the app's turn has come: the stream's first frame decoded, or shown when it
 * plays; at once without an early stream; after `limitMs` at the latest, unless the media is on
 * the point of playing then (asked to play, its first segments in): its first frame is a few
 * frames away, and the app's evaluation would hold it back, so the app waits for that frame, for
 * `graceMs` more at most. A page where no frame comes (hidden) waits no longer than that.
 */
export function appTurn(video: TurnVideo, early: Promise<EarlyMedia>, limitMs: number, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      video.removeEventListener('loadeddata', done);
      video.removeEventListener('playing', shown);
      resolve();
    };
    const shown = () => {
      if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => done());
      else done();
    };
    const timer = setTimeout(() => {
      const starting = !video.paused && video.readyState >= HAVE_METADATA;
      if (!starting || typeof video.requestVideoFrameCallback !== 'function') return done();
      // Loaded, or already playing: 'loadeddata' has passed or comes first; the frame decides.
      video.removeEventListener('loadeddata', done);
      if (video.readyState >= HAVE_CURRENT_DATA) shown();
      else video.addEventListener('playing', shown, { once: true });
      setTimeout(done, graceMs);
    }, limitMs);
    void early.then((media) => {
      if (media.kind === 'playing') void media.started.then(done, done);
      else if (media.kind === 'none' || video.readyState >= HAVE_CURRENT_DATA) done();
      else video.addEventListener('loadeddata', done);
    }, done);
  });
}
