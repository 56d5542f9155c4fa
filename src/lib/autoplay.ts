/**
 * Autoplay under the browsers' real policies (issue 38), free of the model: the content's model
 * (features/playback), the page's start before the app exists (src/start/early-media.ts) and the
 * ad's element (platform/ad-video.ts) apply the same rule.
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

/** Something that plays and can be muted: the engine, or the ad's element. */
export interface Playable {
  play(): Promise<void>;
  setMuted(muted: boolean): void;
}

export interface PlayOrMuteOptions {
  /** The media is muted already (the viewer's choice): a refusal then is final. */
  muted: boolean;
  /** Asked before the muted try; false gives the decision up (null). The page's start gives way once the app starts. */
  mayRetry?: () => boolean;
  /** Told the moment the media is muted for the browser, before its muted play settles. */
  onMuted?: () => void;
}

/**
 * Plays with sound; when the browser refuses sound, mutes and plays again (video.js's
 * `autoplay: 'any'`); refused muted too, it takes the mute back. Resolves with the outcome
 * (null: given up, nothing changed); rejects only with an error that is no refusal.
 */
export async function playOrMute(media: Playable, { muted, mayRetry = () => true, onMuted }: PlayOrMuteOptions): Promise<AutoplayResult | null> {
  try {
    await media.play();
    return 'sound';
  } catch (error) {
    if (!isPlayRefusal(error)) throw error;
    if (muted) return 'blocked';
    if (!mayRetry()) return null;
  }
  media.setMuted(true);
  onMuted?.();
  try {
    await media.play();
    return 'muted';
  } catch (error) {
    // Nothing plays: the mute was not the viewer's, and a click will play with sound.
    media.setMuted(false);
    if (!isPlayRefusal(error)) throw error;
    return 'blocked';
  }
}
