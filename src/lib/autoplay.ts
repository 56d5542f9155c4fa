/**
 * Autoplay under the browsers' real policies (issue 38): its outcomes, for the models and the
 * page's start. The rule itself, `playOrMute`, is the media stack's (engine/play-or-mute.ts): the
 * content's engine and the ad's element apply it.
 *
 * With autoplay on, the content first tries to play with sound. A browser that refuses sound
 * without the viewer's gesture (Chromium, Firefox, Safari for a page reached from another site)
 * rejects `play()` with NotAllowedError: the content then plays muted, and the viewer gets a
 * button to turn the sound on. A browser that refuses muted playback too (iOS in Low Power
 * Mode) leaves the poster and the big play button.
 */

/** How an autoplay ended: with the viewer's own sound settings, muted by the browser's refusal, or not at all. */
export type AutoplayResult = 'sound' | 'muted' | 'blocked';

/**
 * What the page's start did before the app, for the model to adopt: whether the browser's refusal
 * of sound muted the content, and how its autoplay ended (null while it has not, or when the page's
 * start did not play).
 */
export interface EarlyAutoplay {
  soundRefused: boolean;
  autoplay: AutoplayResult | null;
}

/**
 * The browser's autoplay policy said no (NotAllowedError). Any other rejection (an AbortError when
 * the engine reloads the media, say) is no refusal.
 */
export function isPlayRefusal(error: unknown): boolean {
  // A DOMException in the browser; read by name, whatever its prototype chain.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'NotAllowedError';
}
