/**
 * When the player page evaluates its app (app/main.ts). The app's evaluation is one long task
 * (about a second on a phone-class CPU): started while the stream is on its way into the buffer,
 * it holds up every step there, and the first frame with them. So the app waits for the stream's
 * first frame. Its limits are about the network, never about the CPU: a slow CPU makes every
 * step slow, and evaluating the app sooner would only make the first frame later still.
 */

/**
 * How the start episode is on its way before the app: not at all, or loading (`ready` when its first
 * frame is decoded, or shown when it plays early, or when it failed); or waiting for the viewer's
 * click with the page's shell able to play it (`ready` at its first frame decoded, `failed` when it failed).
 */
export type EarlyMedia =
  | { kind: 'none' }
  /**
   * A pre-roll comes first: `ready` when the start's early ad can play through, or when it makes
   * none (start/early-ad.ts); on a phone's link the app's code would hold the ad back. The content
   * loads meanwhile.
   */
  | { kind: 'preroll'; ready: Promise<void> }
  | { kind: 'loading'; ready: Promise<void> }
  /**
   * The start plays the stream itself: `ready` at its first frame shown (or when it failed);
   * `spared` once, after that, the buffer can spare the link for the app's chunks.
   */
  | { kind: 'playing'; ready: Promise<void>; spared: Promise<void> }
  | { kind: 'waiting'; ready: Promise<void>; failed: Promise<void> };

export interface TurnLimits {
  /**
   * How long a stream the model will start (a pre-roll, a resume prompt, no autoplay) is waited
   * for, once the answers are in, before the app shows its screen anyway: such a page waits for
   * the viewer, who needs the controls.
   */
  screenMs: number;
  /** How long the start-up answers are waited for: past it, the network is slow and the app shows its loading screen. */
  answersMs: number;
  /** How long, once they are in, the stream's first frame is waited for (a slow media network, a hidden page). */
  mediaMs: number;
  /**
   * How long a page that waits for the viewer's click, its shell's controls working, is left to
   * them after its first frame is decoded before the app comes anyway: evaluated then, the app
   * would hold up the tap the picture invites.
   */
  idleMs: number;
}

/**
 * Resolves when the app's turn has come: at once without an early stream; with a pre-roll first, once
 * the start's early ad is ready (within `mediaMs` after the answers); when the early stream
 * is ready (one the start plays: its buffer spares the link after its first frame, or its own
 * limit passed), or `screenMs` after it is known not to play by itself; at `answersMs` when the start-up
 * answers (`answers`) are not in by then, and `mediaMs` after they came at the latest; at once when
 * `now` resolves (the viewer asked for what only the app does, or their play shows its first frame).
 * A page waiting for the viewer's click (`waiting`) is left to its shell: `idleMs` after its frame
 * is decoded (or after `mediaMs` and `idleMs`, when no frame comes), at once when it fails.
 */
export function appTurn(answers: Promise<unknown>, early: Promise<EarlyMedia>, limits: TurnLimits, now: Promise<void> = new Promise(() => undefined)): Promise<void> {
  return new Promise((resolve) => {
    let mediaTimer: ReturnType<typeof setTimeout> | undefined;
    let screenTimer: ReturnType<typeof setTimeout> | undefined;
    // Once the start's own play shows its frame, the network limits are over.
    let shown = false;
    const done = () => {
      clearTimeout(answersTimer);
      clearTimeout(mediaTimer);
      clearTimeout(screenTimer);
      resolve();
    };
    const answersTimer = setTimeout(done, limits.answersMs);
    // The viewer asked for what only the app can do.
    void now.then(done);
    void answers.then(() => {
      clearTimeout(answersTimer);
      if (!shown) mediaTimer = setTimeout(done, limits.mediaMs);
    }, done);
    void early.then((media) => {
      if (media.kind === 'none') return done();
      if (media.kind === 'preroll') return void media.ready.then(done, done);
      if (media.kind === 'waiting') {
        clearTimeout(answersTimer);
        clearTimeout(mediaTimer);
        screenTimer = setTimeout(done, limits.mediaMs + limits.idleMs);
        void media.failed.then(done, done);
        void media.ready.then(() => {
          clearTimeout(screenTimer);
          screenTimer = setTimeout(done, limits.idleMs);
        }, done);
        return;
      }
      if (media.kind === 'playing') {
        void media.ready.then(() => {
          shown = true;
          clearTimeout(answersTimer);
          clearTimeout(mediaTimer);
          void media.spared.then(done, done);
        }, done);
        return;
      }
      screenTimer = setTimeout(done, limits.screenMs);
      void media.ready.then(done, done);
    }, done);
  });
}
